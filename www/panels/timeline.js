// The timeline, in the inspector: a slider over the steps of the analysis — step 1 is the scan,
// then one step per queue entry taken and one for marking the ties (tableau: one per layer
// scored), the same steps as the Step button and `progress.step`. Dragging it, forwards or
// backwards, shows the analysis as it was after that step: the controller re-runs it from the
// start (controller.rewind), in slices with their progress, and a newer drag replaces an older
// one. The slider ends at the furthest step reached; its value is the step asked for,
// `data-step` the step shown. At rest it also carries `data-checksum`, the engine's checksum of
// the whole table (computed in idle time), so that a table can be compared with another.

import { tierWords } from './order.js';
import { Phase } from '../pkg/retrolab.js';
import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/** Phases in which the analysis stands still at a step. */
const AT_REST = ['ready', 'paused', 'solved', 'replaying'];

/** Records summed per call of the checksum: about 2 – 8 ms (wasm, FNV-1a). */
const CHECKSUM_PART = 1 << 20;
/** The longest an idle period's parts of the checksum go on for (milliseconds): no long task, even of an 81-million-record table. */
const CHECKSUM_SLICE_MS = 12;

/**
 * Binds the timeline under `root` to `controller`; returns `{render(state)}`.
 * @param {import('../machine/api.js').Controller} controller
 */
export function createTimeline(root, controller) {
  const box = $(root, 'timeline-box');
  const input = $(root, 'timeline');
  const words = $(root, 'timeline-text');
  /** The step and table the checksum was asked for, and the idle callback asking. */
  let summed = null;
  let pending = null;

  input.addEventListener('input', () => controller.rewind(Number(input.value)));

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const { phase, analysis, editor } = state;
    const { progress, timeline } = analysis;
    const shown = Boolean(progress) && progress.phase !== 'memory' && timeline.reached > 0;
    box.hidden = !shown;
    if (!shown) {
      forgetChecksum();
      return;
    }
    input.max = String(timeline.reached);
    const value = String(timeline.target ?? progress.step);
    if (input.value !== value) input.value = value;
    input.dataset.step = String(progress.step);
    input.dataset.reached = String(timeline.reached);
    input.dataset.steps = String(timeline.steps ?? '');
    input.dataset.rewindMs = timeline.ms === null ? '' : timeline.ms.toFixed(1);
    input.setAttribute('aria-valuetext', `step ${progress.step}`);
    const text = timeline.target === null ? stepWords(editor.game, progress, timeline) : rerunWords(progress, timeline);
    if (words.textContent !== text) words.textContent = text;
    if (AT_REST.includes(phase)) askChecksum(`${progress.step}/${progress.decided}/${timeline.reached}`, progress.total);
    else forgetChecksum();
  }

  /**
   * Sets `data-checksum` in idle time, once per table at rest, a part of the `total` records
   * at a time (a 24×24 table's 190 million records are too many for one task).
   */
  function askChecksum(key, total) {
    if (summed === key) return;
    forgetChecksum();
    summed = key;
    let hash;
    let from = 0;
    const part = (deadline) => {
      pending = null;
      const until = performance.now() + Math.min(deadline.timeRemaining(), CHECKSUM_SLICE_MS);
      // At least one part per idle period, more while it lasts.
      do {
        const to = Math.min(total, from + CHECKSUM_PART);
        hash = controller.checksum(hash, from, to);
        if (hash === undefined) return;
        from = to;
      } while (from < total && performance.now() < until);
      if (from < total) pending = requestIdleCallback(part);
      else input.dataset.checksum = String(hash);
    };
    pending = requestIdleCallback(part);
  }

  function forgetChecksum() {
    if (pending !== null) cancelIdleCallback(pending);
    pending = null;
    summed = null;
    delete input.dataset.checksum;
  }

  return { render };
}

/** "Step 57 of 903: queue entry 56, remoteness 3" — what the step shown did. */
export function stepWords(game, progress, timeline) {
  const { step } = progress;
  const head = timeline.steps === null ? t('timeline.head-reached', { step, reached: timeline.reached }) : t('timeline.head', { step, steps: timeline.steps });
  if (step === 0) return t('timeline.nothing', { head });
  if (step === 1) return t('timeline.scan', { head });
  if (progress.layers !== undefined) return t('timeline.scored', { head, count: progress.layers + 1 - step });
  if (progress.done) {
    const { ties } = progress;
    return ties > 0 ? t('timeline.ties', { head, count: ties }) : t('timeline.no-ties', { head });
  }
  if (progress.tiers > 1) {
    // Tier by tier each tier has its scan, its units (queue entries and values arriving
    // from the tier before) and its marking of ties: say where in that cycle the step left it.
    const where = tierWords(game, progress);
    if (progress.phase === Phase.Scan) return t('timeline.tier-scan', { head, where });
    return t('timeline.tier-units', { head, where, count: progress.units, remoteness: String(progress.remoteness) });
  }
  return t('timeline.entry', { head, units: progress.units, remoteness: String(progress.remoteness) });
}

/** "Re-running from the start to step 12,345: 40%". */
function rerunWords(progress, timeline) {
  const pct = timeline.target > 0 ? Math.floor((100 * Math.min(progress.step, timeline.target)) / timeline.target) : 100;
  return t('timeline.rerun', { step: timeline.target, pct });
}

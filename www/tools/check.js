// The Check tool: checks every value of the solved table with the verifier
// (src/verify: the rules' forward moves, their end test and the finished table — not the
// solver), a slice at a time in back-to-back short tasks, so a 16×16 table of 16 million
// positions is checked without a long task. Shows "Checked: all N positions consistent" or
// the first inconsistency, with a button that explains that position.
//
// Hooks: `[data-testid=check]` runs it; `[data-testid=check-result]` gets `data-result`: `ok`,
// or the first failure's text. The last result per analysis is kept here (`lastCheck`), and
// the proof view shows it too (`data-check`).

import { TableCheck } from '../pkg/retrolab.js';
import { scheduler } from '../engine/engine.js';
import { errorText } from '../words/text.js';
import { lastCheck, recordCheck, resultText } from './checked.js';
import { explain } from './explain/explain.js';
import { t } from '../words/i18n.js';
import { sayWithin } from '../panels/pagewords.js';

/** Milliseconds of checking per task: well under the 50 of a long task, even on a busy machine. */
const SLICE_MS = 16;

/**
 * Checks every position of `lab`'s finished table in slices of SLICE_MS, each its own task;
 * `onProgress({checked, total})` after each. Resolves to `{ok, checked, total, failure?, ms}`
 * (`ms`: time spent checking, the slices only) and remembers it for `lastCheck`. `cancel()`
 * stops it (the promise then never settles).
 * @param {import('../pkg/retrolab.js').Lab} lab
 * @param {(progress: {checked: number, total: number}) => void} [onProgress]
 */
export function checkTable(lab, onProgress = () => {}) {
  const slices = scheduler(true);
  let check = null;
  const cancel = () => {
    slices.close();
    check?.free();
    check = null;
  };
  const done = new Promise((resolve, reject) => {
    let ms = 0;
    const slice = () => {
      const begin = performance.now();
      try {
        check ??= new TableCheck(lab);
        const p = check.runFor(lab, SLICE_MS);
        ms += performance.now() - begin;
        onProgress(p);
        if (!p.done) {
          slices.schedule(slice);
          return;
        }
        const result = { ok: !p.failure, checked: p.checked, total: p.total, failure: p.failure, ms };
        cancel();
        recordCheck(lab, result);
        resolve(result);
      } catch (error) {
        cancel();
        reject(error);
      }
    };
    slices.schedule(slice);
  });
  return { done, cancel };
}

/** @type {import('./host.js').Tool} */
export default {
  id: 'check',
  title: 'tools.check',
  hint: 'tools.check-hint',

  mount(panel, { controller, tools }) {
    panel.innerHTML = `
      <div class="check-tool">
        <p class="tool-intro" data-i18n="check.intro"></p>
        <p><button type="button" data-testid="check"></button>
          <progress data-testid="check-progress" hidden></progress></p>
        <p class="check-result" data-testid="check-result" role="status" aria-live="polite"></p>
        <p><button type="button" data-testid="check-explain" data-i18n="tie.explain-that" hidden></button></p>
      </div>`;
    sayWithin(panel);
    /** @param {string} id */
    const $ = (id) => panel.querySelector(`[data-testid="${id}"]`);
    const button = /** @type {HTMLButtonElement} */ ($('check'));
    const progress = /** @type {HTMLProgressElement} */ ($('check-progress'));
    const out = /** @type {HTMLElement} */ ($('check-result'));
    const explainIt = /** @type {HTMLButtonElement} */ ($('check-explain'));
    let running = null;
    let shownLab = null;

    function show(result) {
      delete out.dataset.result;
      explainIt.hidden = true;
      out.classList.remove('ok', 'bad');
      if (!result) {
        out.textContent = '';
        return;
      }
      out.dataset.result = resultText(result);
      out.classList.add(result.ok ? 'ok' : 'bad');
      out.textContent = result.ok
        ? t('check.ok', { count: result.total, ms: result.ms.toFixed(0) })
        : t('check.bad', { checked: result.checked, count: result.total, failure: result.failure.text });
      explainIt.hidden = result.ok;
    }

    button.addEventListener('click', () => {
      const lab = controller.solvedLab();
      if (!lab || running) return;
      button.disabled = true;
      progress.hidden = false;
      progress.removeAttribute('value');
      show(null);
      out.textContent = t('check.checking');
      running = checkTable(lab, (p) => {
        progress.max = p.total;
        progress.value = p.checked;
      });
      running.done
        .then(show, (error) => {
          out.textContent = t('check.failed', { error: errorText(error) });
        })
        .finally(() => {
          running = null;
          progress.hidden = true;
          button.disabled = !controller.solvedLab();
        });
    });

    explainIt.addEventListener('click', () => {
      const failure = lastCheck(shownLab)?.failure;
      if (failure) explain(tools, failure.position);
    });

    /** A new analysis (or none) stops a check of the old one, even while the tool is closed. */
    const follow = () => {
      const lab = controller.solvedLab();
      if (lab === shownLab) return;
      running?.cancel();
      running = null;
      progress.hidden = true;
      shownLab = lab;
      button.disabled = !lab;
      button.textContent = lab ? t('check.button', { count: lab.numPositions() }) : t('check.button-unsolved');
      show(lastCheck(lab));
    };
    controller.subscribe(follow);
    return { render: follow };
  },
};

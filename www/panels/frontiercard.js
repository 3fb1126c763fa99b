// The card of what the analysis just did, in the inspector: the position inset (board/inset.js)
// and its caption in words (machine/frontier.js `describe`) — the position taken from the queue
// and what it did to its parents, the scan, the ties — or an example from the histogram, which
// is announced to the inspector when it is new. While the analysis goes slowly enough to be
// followed, the code card (code.js) says what each line did instead. It shows the
// controller's state; nothing else.

import { createInset } from '../board/inset.js';
import { describe } from '../machine/frontier.js';
import { UNDER_WAY } from '../machine/phases.js';
import { announce } from './inspector.js';
import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/** Binds the card `[data-testid=frontier-box]` under `root`; returns `{render(state), retheme()}`. */
export function createFrontierCard(root) {
  const el = Object.fromEntries(['frontier-box', 'inset', 'frontier', 'frontier-title', 'frontier-lines'].map((id) => [id, $(root, id)]));
  const inset = createInset(el.inset);
  let shownExample = null;

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const { phase, analysis } = state;
    const { game } = state.editor;
    // What an analysis under way did, when it was asked for (one solved live is not watched).
    const model = analysis.example ?? (UNDER_WAY.includes(phase) && !state.live ? analysis.frontier : null);
    const box = el['frontier-box'];
    // While the code card says what the step did (an analysis a person can follow, readouts.js),
    // this card is not drawn; its counts (the hooks below) still follow the step.
    box.hidden = !model || (model.kind !== 'example' && analysis.unit !== null);
    if (!model) return;
    box.setAttribute('aria-label', model.kind === 'example' ? t('frontiercard.example') : t('html.frontier-box.aria'));
    // Tableau's main board shows the staircase being scored; its inset only shows examples.
    const drawn = model.kind === 'example' || (game.kind !== 'scored' && model.kind === 'pop');
    el.inset.hidden = !drawn;
    if (drawn) inset.render(state, model);
    const words = describe(game, model);
    el['frontier-title'].textContent = words.title;
    el['frontier-lines'].replaceChildren(...words.lines.map((line) => Object.assign(document.createElement('p'), { textContent: line })));
    const f = el.frontier;
    /** The counts a model may carry (a queue pop has them all). */
    const counts = /** @type {{decided?: number, won?: number, lost?: number, dropped?: number, remoteness?: number, seq?: number}} */ (model);
    f.dataset.kind = model.kind;
    f.dataset.decided = String(counts.decided ?? 0);
    f.dataset.won = String(counts.won ?? 0);
    f.dataset.lost = String(counts.lost ?? 0);
    f.dataset.dropped = String(counts.dropped ?? 0);
    f.dataset.remoteness = String(counts.remoteness ?? '');
    f.dataset.seq = String(counts.seq ?? 0);
    if (analysis.example && analysis.example !== shownExample) announce(box);
    shownExample = analysis.example;
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch). */
    retheme: () => inset.retheme(),
  };
}

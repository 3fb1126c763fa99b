// Where a position's value came from, in words, in the inspector: the step of the analysis
// that decided it and the child that did — "decided at step 57 of 903, while the queue worked
// through remoteness 3: its child … was taken from the queue lost for Black, so this position
// is won" — or the scan, or the ties; tableau: the layer it was scored in and its best move. It
// shows `state.analysis.provenance`, asked for with controller.provenance(position): a tap on a
// heatmap cell, the replay's "When decided?", a proof node's "when decided?". The child can be
// shown on the board (controller.preview) and asked about in turn; "Jump to step s" rewinds the
// timeline there.
// Hooks: [data-testid=provenance] carries data-position, data-to-move (0 first, 1 second),
// data-value (win / lose / tie, or tableau's score) and data-remoteness of the position,
// data-how (scan, won, lost, tie, scored, undecided, working, failed), data-step, and the same of the
// child that decided it: data-child (its position), data-child-to-move, data-child-value,
// data-child-remoteness.

import { announce } from './inspector.js';
import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/**
 * Binds the provenance box under `root` to `controller`; returns `{render(state)}`.
 * @param {import('../machine/api.js').Controller} controller
 */
export function createProvenance(root, controller) {
  const box = $(root, 'provenance');
  const title = $(root, 'provenance-title');
  const lines = $(root, 'provenance-lines');
  const child = $(root, 'provenance-child');
  const follow = $(root, 'provenance-follow');
  const jump = $(root, 'provenance-jump');
  const why = $(root, 'replay-when');
  let shown = null;

  const model = () => controller.state.analysis.provenance;
  child.addEventListener('click', () => {
    const c = model()?.found?.child;
    if (c) controller.preview(controller.state.preview?.position === c.position ? null : c.position);
  });
  follow.addEventListener('click', () => {
    const c = model()?.found?.child;
    if (c) controller.provenance(c.position);
  });
  jump.addEventListener('click', () => {
    const found = model()?.found;
    if (found) controller.rewind(found.step);
  });
  $(root, 'provenance-close').addEventListener('click', () => {
    controller.preview(null);
    controller.provenance(null);
  });
  why.addEventListener('click', () => {
    const position = controller.shownPosition();
    if (position !== undefined) controller.provenance(position);
  });

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const { analysis, editor, preview } = state;
    why.disabled = controller.shownPosition() === undefined;
    const p = analysis.provenance;
    box.hidden = !p;
    if (!p) {
      shown = null;
      return;
    }
    const c = p.found?.child ?? null;
    child.hidden = !c;
    follow.hidden = !c;
    jump.hidden = !p.found || p.found.step === analysis.progress?.step;
    if (c) {
      const showing = preview?.position === c.position;
      child.textContent = showing ? t('provenance.hide') : t('html.provenance-child');
      child.setAttribute('aria-pressed', String(showing));
      follow.textContent = t('html.provenance-follow');
    }
    if (p.found) jump.textContent = t('provenance.jump', { step: p.found.step });
    if (p === shown) return;
    // Another position asked about, or the answer found: the inspector shows it (again).
    const fresh = !shown || shown.position !== p.position || (Boolean(shown.working) && !p.working);
    shown = p;
    const words = provenanceWords(editor.game, editor.board, p, analysis.timeline.steps);
    title.textContent = words.title;
    lines.replaceChildren(...words.lines.map((line) => Object.assign(document.createElement('p'), { textContent: line })));
    const how = p.found?.how ?? (p.failure ? 'failed' : p.undecided ? 'undecided' : 'working');
    const worth = (o) => String(o?.value ?? o?.score ?? '');
    Object.assign(box.dataset, {
      position: String(p.position), toMove: String(p.toMove), value: worth(p.outcome), remoteness: String(p.outcome?.remoteness ?? ''),
      how, step: String(p.found?.step ?? ''),
      child: String(c?.position ?? ''), childToMove: String(c?.toMove ?? ''), childValue: worth(c?.outcome), childRemoteness: String(c?.outcome?.remoteness ?? ''),
    });
    if (fresh) announce(box, box, { board: true });
  }

  return { render };
}

/** "red pieces (3,2) and (5,6), black piece (9,9)"; tableau: "5 stones". Rows and columns from 1. */
export function positionWords(game, board, pieces) {
  if (game.kind === 'scored') return t('provenance.stones', { count: pieces.length });
  const at = (cell) => `(${Math.floor(cell / board.cols) + 1},${(cell % board.cols) + 1})`;
  const parts = [];
  let next = 0;
  for (const piece of game.pieces) {
    // A composed game's pieces taken off the board stand on no cell.
    const cells = pieces.slice(next, next + piece.count).filter((cell) => cell < board.rows * board.cols).map(at);
    next += piece.count;
    if (cells.length > 0) parts.push(t('provenance.pieces', { label: piece.label, count: cells.length, cells }));
  }
  return parts.join(t('provenance.separator'));
}

/**
 * `{title, lines}`: where the value of the provenance model `p` (state.analysis.provenance) came
 * from, for `game` on `board`; `steps` is the number of steps of the whole analysis if known.
 */
export function provenanceWords(game, board, p, steps) {
  const side = (toMove) => game.sides[toMove];
  const mover = side(p.toMove);
  const other = side(1 - p.toMove);
  const here = t('provenance.here', { position: positionWords(game, board, p.pieces), mover });
  if (p.failure) return { title: t('provenance.failed'), lines: [t('provenance.failed-why', { here, error: p.failure })] };
  if (p.working) {
    const pct = p.working.to > 0 ? Math.floor((100 * p.working.step) / p.working.to) : 0;
    return { title: t('provenance.finding', { pct }), lines: [t('provenance.rerunning', { here })] };
  }
  if (p.undecided || !p.found) {
    return { title: t('provenance.not-decided'), lines: [t('provenance.not-decided-why', { here })] };
  }
  const { step, how, child, arrived } = p.found;
  const at = steps === null ? t('provenance.at', { step }) : t('provenance.at-of', { step, steps });
  const o = p.outcome ?? {};
  const r = String(o.remoteness);
  const before = String(o.remoteness - 1);
  const there = child ? t('provenance.there', { position: positionWords(game, board, child.pieces), side: side(child.toMove) }) : '';
  switch (how) {
    case 'scan': {
      const result = o.value === 'lose' ? t('provenance.has-lost', { mover }) : o.value === 'win' ? t('provenance.has-won', { mover }) : t('provenance.draw', { mover });
      return { title: t('provenance.scan', { at }), lines: [t('provenance.scan-why', { here, result })] };
    }
    case 'won': {
      // Tier by tier, a child in the tier solved before is never queued in this one: its value
      // arrives when the propagation reaches its remoteness.
      const words = { here, before, there, other, mover, r };
      return { title: t('provenance.won', { at, mover, r }), lines: [arrived ? t('provenance.won-arrived', words) : t('provenance.won-queued', words)] };
    }
    case 'lost': {
      const words = { here, before, there, other, mover, r };
      return { title: t('provenance.lost', { at, mover, r }), lines: [arrived ? t('provenance.lost-arrived', words) : t('provenance.lost-queued', words)] };
    }
    case 'tie':
      return { title: t('provenance.tie', { at }), lines: [t('provenance.tie-why', { here, mover })] };
    case 'scored': {
      const stones = p.pieces.length;
      if (!child) return { title: t('provenance.scored-full', { at }), lines: [t('provenance.scored-full-why', { here })] };
      const words = { here, count: stones + 1, mover, there, score: String(o.score) };
      return {
        title: t('provenance.scored', { at, count: stones }),
        lines: [p.toMove === 0 ? t('provenance.scored-highest', words) : t('provenance.scored-lowest', words)],
      };
    }
    default:
      return { title: '', lines: [] };
  }
}

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
// data-how (scan, won, lost, tie, scored, undecided, working), data-step, and the same of the
// child that decided it: data-child (its position), data-child-to-move, data-child-value,
// data-child-remoteness.

import { announce } from './inspector.js';
import { count, plural } from '../words/text.js';

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
      child.textContent = showing ? 'Hide it' : 'Show it on the board';
      child.setAttribute('aria-pressed', String(showing));
      follow.textContent = 'Why is it decided?';
    }
    if (p.found) jump.textContent = `Jump to step ${count(p.found.step)}`;
    if (p === shown) return;
    // Another position asked about, or the answer found: the inspector shows it (again).
    const fresh = !shown || shown.position !== p.position || (Boolean(shown.working) && !p.working);
    shown = p;
    const words = provenanceWords(editor.game, editor.board, p, analysis.timeline.steps);
    title.textContent = words.title;
    lines.replaceChildren(...words.lines.map((line) => Object.assign(document.createElement('p'), { textContent: line })));
    const how = p.found?.how ?? (p.undecided ? 'undecided' : 'working');
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
  if (game.kind === 'scored') return plural(pieces.length, 'stone', count);
  const at = (cell) => `(${Math.floor(cell / board.cols) + 1},${(cell % board.cols) + 1})`;
  const parts = [];
  let next = 0;
  for (const piece of game.pieces) {
    // A composed game's pieces taken off the board stand on no cell.
    const cells = pieces.slice(next, next + piece.count).filter((cell) => cell < board.rows * board.cols).map(at);
    next += piece.count;
    if (cells.length > 0) parts.push(`${piece.label}${cells.length === 1 ? '' : 's'} ${cells.join(' and ')}`);
  }
  return parts.join(', ');
}

/**
 * `{title, lines}`: where the value of the provenance model `p` (state.analysis.provenance) came
 * from, for `game` on `board`; `steps` is the number of steps of the whole analysis if known.
 */
export function provenanceWords(game, board, p, steps) {
  const side = (toMove) => game.sides[toMove];
  const mover = side(p.toMove);
  const other = side(1 - p.toMove);
  const here = `${positionWords(game, board, p.pieces)}, ${mover} to move`;
  if (p.working) {
    const pct = p.working.to > 0 ? Math.floor((100 * p.working.step) / p.working.to) : 0;
    return { title: `Finding when it was decided… ${pct}%`, lines: [`${here}. Re-running a copy of the analysis up to that step.`] };
  }
  if (p.undecided || !p.found) {
    return { title: 'Not decided yet', lines: [`${here}: not decided at this step. Drag the timeline further, or let the analysis run on.`] };
  }
  const { step, how, child, arrived } = p.found;
  const at = `step ${count(step)}${steps === null ? '' : ` of ${count(steps)}`}`;
  const o = p.outcome ?? {};
  const r = o.remoteness;
  const there = child ? `${positionWords(game, board, child.pieces)} (${side(child.toMove)} to move there)` : '';
  // Tier by tier, a child in the tier solved before is never queued in this one: its value
  // arrives when the propagation reaches its remoteness.
  const reached = (value) =>
    arrived ? `the value of its child ${there}, solved in the tier before, arrived: ${value}` : `its child ${there} was taken from the queue, ${value}`;
  switch (how) {
    case 'scan': {
      const result = o.value === 'lose' ? 'has lost' : o.value === 'win' ? 'has won' : 'cannot win or lose: a draw';
      return { title: `Decided in the scan (${at})`, lines: [`${here}: the game is already over, ${mover} ${result}. Remoteness 0.`] };
    }
    case 'won':
      return {
        title: `Decided at ${at}: ${mover} wins in ${r}`,
        lines: [
          `${here}. While the queue worked through remoteness ${r - 1}, ${reached(`lost for ${other} in ${r - 1}`)}: ` +
            `so this position is won for ${mover} in ${r}, by moving there. The first lost child found is the quickest win.`,
        ],
      };
    case 'lost':
      return {
        title: `Decided at ${at}: ${mover} loses in ${r}`,
        lines: [
          `${here}. While the queue worked through remoteness ${r - 1}, its last move not yet known to lose — to ${there} — ` +
            `was refuted: that child ${arrived ? '(solved in the tier before) arrived' : 'was taken from the queue'} won for ${other} in ${r - 1}. ` +
            `Every move now loses, so this position is lost for ${mover} in ${r}, the slowest loss.`,
        ],
      };
    case 'tie':
      return {
        title: `Never decided: a tie (marked at ${at})`,
        lines: [`${here}. The queue emptied with this position still undecided: ${mover} has no winning move, and always a move that does not lose.`],
      };
    case 'scored': {
      const stones = p.pieces.length;
      if (!child) {
        return { title: `Scored at ${at}, with the full board`, lines: [`${here}: no move is left, so the difference from here on is 0.`] };
      }
      const best = p.toMove === 0 ? 'highest' : 'lowest';
      return {
        title: `Scored at ${at}, with the layer of ${plural(stones, 'stone', count)}`,
        lines: [
          `${here}. Its moves lead to positions with ${plural(stones + 1, 'stone', count)}, all scored the step before; ${mover} takes the ${best} difference. ` +
            `The best move leads to ${there}, giving first − second = ${o.score} from here.`,
        ],
      };
    }
    default:
      return { title: '', lines: [] };
  }
}

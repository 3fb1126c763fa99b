// Undo and redo of board edits, as an immutable value kept in the editor's state: the boards
// before (`past`) and after (`future`) the one shown, each with its game, so that undo also
// goes back across a change of game; and what one step is: an edit, except that the edits of
// a stroke of the pointer, which may draw many cells, are one step together (`createSteps`).
// editor.js shows the board a step returns to.

/** How many boards undo keeps. */
const LIMIT = 200;

/**
 * What undo keeps of the board as drawn (state.js, Editor).
 * @typedef {object} Snapshot
 * @property {import('../games/define.js').Game} game
 * @property {import('../games/define.js').Board} board
 * @property {import('./state.js').Choices | null} choices
 */
/** @typedef {{past: Snapshot[], future: Snapshot[]}} Undo */
/** @typedef {{undo: Undo, snapshot: Snapshot}} Moved */

/** @returns {Undo} nothing to undo or redo */
export const noUndo = () => ({ past: [], future: [] });

/**
 * `undo` with `snapshot` (the board just left) as the step back; a new edit drops the redo steps.
 * @param {Undo} undo
 * @param {Snapshot} snapshot
 * @returns {Undo}
 */
export function remember(undo, snapshot) {
  return { past: [...undo.past, snapshot].slice(-LIMIT), future: [] };
}

/**
 * One step back from `now`: `{undo, snapshot}` (the board to show), or null when there is none.
 * @param {Undo} undo
 * @param {Snapshot} now
 * @returns {Moved | null}
 */
export function back(undo, now) {
  if (undo.past.length === 0) return null;
  return { undo: { past: undo.past.slice(0, -1), future: [...undo.future, now] }, snapshot: undo.past[undo.past.length - 1] };
}

/**
 * One step forward from `now` (redo): `{undo, snapshot}`, or null when there is none.
 * @param {Undo} undo
 * @param {Snapshot} now
 * @returns {Moved | null}
 */
export function forth(undo, now) {
  if (undo.future.length === 0) return null;
  return { undo: { past: [...undo.past, now], future: undo.future.slice(0, -1) }, snapshot: undo.future[undo.future.length - 1] };
}

/**
 * What undo keeps of the board as drawn.
 * @param {import('./state.js').Editor} editor
 * @returns {Snapshot}
 */
export const snapshotOf = ({ game, board, choices }) => ({ game, board, choices });

/**
 * Groups edits into undo steps: each edit is one, except that those of a stroke of the pointer
 * (from `begin` to `end`) are one together.
 */
export function createSteps() {
  /** The stroke under way, and whether its step is taken, or null. */
  let stroke = /** @type {{remembered: boolean} | null} */ (null);
  return {
    begin() {
      stroke = { remembered: false };
    },
    end() {
      stroke = null;
    },
    /**
     * `undo` as it is to be before an edit of the board `now`: with `now` as a step back,
     * unless the stroke under way has taken its step already.
     * @param {Undo} undo
     * @param {Snapshot} now
     */
    before(undo, now) {
      if (stroke?.remembered) return undo;
      if (stroke) stroke.remembered = true;
      return remember(undo, now);
    },
  };
}

// Undo and redo of board edits, as an immutable value kept in the editor's state: the boards
// before (`past`) and after (`future`) the one shown, each with its game, so that undo also
// goes back across a change of game. The controller decides what one step is (a stroke of
// the pointer that draws many cells is one); this module only keeps the stacks.

/** How many boards undo keeps. */
const LIMIT = 200;

/**
 * @typedef {{game: import('./games/define.js').Game, board: import('./games/define.js').Board}} Snapshot
 * @typedef {{past: Snapshot[], future: Snapshot[]}} Undo
 */

/** @returns {Undo} nothing to undo or redo */
export const noUndo = () => ({ past: [], future: [] });

/** `undo` with `snapshot` (the board just left) as the step back; a new edit drops the redo steps. */
export function remember(undo, snapshot) {
  return { past: [...undo.past, snapshot].slice(-LIMIT), future: [] };
}

/** One step back from `now`: `{undo, snapshot}` (the board to show), or null when there is none. */
export function back(undo, now) {
  if (undo.past.length === 0) return null;
  return { undo: { past: undo.past.slice(0, -1), future: [...undo.future, now] }, snapshot: undo.past.at(-1) };
}

/** One step forward from `now` (redo): `{undo, snapshot}`, or null when there is none. */
export function forth(undo, now) {
  if (undo.future.length === 0) return null;
  return { undo: { past: [...undo.past, now], future: undo.future.slice(0, -1) }, snapshot: undo.future.at(-1) };
}

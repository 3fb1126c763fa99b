// The keys of the focused board, in every phase (an analysis never takes them away):
//   drawing (every phase but the replay): arrows move the cursor; Space or # toggles an
//            obstacle (games with obstacles); the game's piece keys (river: O/R red, X/B
//            black) put a piece there; Delete, Backspace or . empties the cell. An edit
//            returns to editing, as a mouse edit does, except a piece moved onto a free cell
//            of a solved board, which the same table answers. Enter varies the piece under
//            the cursor in the heatmap once something is analysed, else solves instantly.
//   replay:  arrows move the cursor; Enter or Space plays the best move onto the cursor's
//            cell, or shows only the moves of the piece there, as a tap does.
// Every other key is the page's shortcut (panels/shortcuts.js). `boardLabel` is the board's accessible
// name in each phase: what these keys do there.

import { UNDER_WAY } from '../machine/phases.js';
import { t } from '../words/i18n.js';

/** @type {Record<string, [number, number] | undefined>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * Sends the keys of the focused `canvas` to `controller`.
 * @param {HTMLCanvasElement} canvas
 * @param {import('../machine/api.js').Controller} controller
 */
export function attachBoardKeys(canvas, controller) {
  const { state } = controller;
  const { editor } = state;

  canvas.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { board, game, cursor } = editor;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const replay = state.phase === 'replaying';
    const piece = !replay && game.pieces.find((p) => p.keys.includes(key));
    const arrow = ARROWS[key];
    if (arrow) {
      const [dr, dc] = arrow;
      const r = Math.max(0, Math.min(board.rows - 1, Math.floor(cursor / board.cols) + dr));
      const c = Math.max(0, Math.min(board.cols - 1, (cursor % board.cols) + dc));
      controller.setCursor(r * board.cols + c);
    } else if (replay) {
      if (key !== 'Enter' && key !== ' ') return;
      controller.replayAt(cursor);
    } else if ((key === ' ' || key === '#') && game.obstacles) {
      controller.paint(cursor, !('cells' in board && board.cells[cursor] === '#'));
    } else if (piece) {
      controller.placePiece(piece.ch, cursor);
    } else if ((key === 'Delete' || key === 'Backspace' || key === '.') && game.kind === 'pieces') {
      controller.erase(cursor);
    } else if (key === 'Enter') {
      const onPiece = 'cells' in board && game.pieces.some((p) => p.ch === board.cells[cursor]);
      if (onPiece && state.phase !== 'editing' && state.phase !== 'preparing') controller.select(cursor);
      else controller.press('solveNow');
    } else {
      return;
    }
    event.preventDefault();
  });
}

/**
 * The board's accessible name in `state`'s phase: what it is and what its keys do now.
 * @param {import('../machine/state.js').State} state
 */
export function boardLabel({ phase, editor: { game } }) {
  if (phase === 'replaying') {
    return t('boardkeys.replay');
  }
  const what = game.kind === 'scored' ? t('boardkeys.weights') : t('boardkeys.editor');
  const keys = [
    game.obstacles ? t('boardkeys.space') : null,
    ...game.pieces.map((p) => t('boardkeys.piece', { keys: p.keys.map((k) => k.toUpperCase()).join(t('boardkeys.or')), label: p.label })),
    game.kind === 'pieces' ? t('boardkeys.delete') : null,
  ].filter(Boolean);
  const analysed = phase === 'solved' || UNDER_WAY.includes(phase);
  const enter =
    phase === 'solved' ? t('boardkeys.enter-vary') : analysed && game.kind === 'pieces' ? t('boardkeys.enter-solve-vary') : t('boardkeys.enter-solve');
  const after = phase === 'editing' ? '' : phase === 'solved' ? t('boardkeys.after-solved') : t('boardkeys.after-running');
  return t('boardkeys.label', { what, keys: [...keys, enter].join(t('boardkeys.separator')), after });
}

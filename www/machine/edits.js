// The board-editing commands. Each reads the board as drawn (`state.editor`, state.js) and
// returns the edit it asks for, or null when it changes nothing; the controller carries it out
// (editor.js, `apply`). An edit is one of:
//   {board, piecesOnly}  a new board; `piecesOnly`: only pieces moved, onto free cells, so a
//                        solved analysis may answer the new start without solving again
//   {board, game?, fresh: true, choices?}  a new board from elsewhere (another game, a
//                        preset, contest text): the heatmap's varying piece starts over;
//                        `choices` the boards of a text that held several, and which is shown
//   {notice, cell?}      nothing changes, and the page says why (marking `cell`, the cell
//                        the refusal is about)
// An edit the person chose as a whole (a game, a preset, a text, a size, clearing) is
// `deliberate`: it gets its own entry in the browser's history, drawn cells do not.
// None of them knows about the engine or the DOM.

import * as B from '../games/grid.js';
import { cellName } from '../words/movenames.js';
import { t } from '../words/i18n.js';

/**
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {import('./state.js').Editor} Editor
 * @typedef {import('./state.js').Choices} Choices
 * @typedef {{board: Board, piecesOnly: boolean, deliberate?: boolean, choices?: Choices | null}} Change
 * @typedef {{board: Board, fresh: true, game?: Game, deliberate?: boolean, choices?: Choices | null}} Fresh
 * @typedef {Change | Fresh} BoardEdit
 * @typedef {{notice: string, cell?: number}} Refusal
 * @typedef {BoardEdit | Refusal} Edit
 */

/**
 * @param {Game} game
 * @param {string} ch
 */
const isPiece = (game, ch) => game.pieces.some((p) => p.ch === ch);

/**
 * Why piece `ch` may not go on `cell`, where another piece stands (pieces never share a cell
 * while the board is drawn): the refusal names both, and marks the cell.
 * @param {Game} game
 * @param {import('../games/grid.js').Grid} board
 * @param {string} ch
 * @param {number} cell
 * @returns {Refusal}
 */
function occupied(game, board, ch, cell) {
  const label = (/** @type {string} */ c) => game.pieces.find((p) => p.ch === c)?.label ?? c;
  const words = { piece: label(ch), cell: cellName(board.cols, cell), there: label(board.cells[cell]) };
  return { notice: game.obstacles ? t('edits.occupied', words) : t('edits.occupied-no-obstacles', words), cell };
}

// The commands that move pieces or paint obstacles change grid boards (games/grid.js) only: the
// page offers them for the grid games alone, and they change nothing on another board.

/**
 * Puts (`on`) or removes an obstacle on a cell without a piece.
 * @param {Editor} editor
 * @param {number} cell
 * @param {boolean} on
 * @returns {Edit | null}
 */
export function paint({ game, board }, cell, on) {
  const ch = on ? '#' : '.';
  if (!('cells' in board) || !game.obstacles || isPiece(game, board.cells[cell]) || board.cells[cell] === ch) return null;
  return { board: B.withCells(board, [[cell, ch]]), piecesOnly: false };
}

/**
 * Moves the piece on `from` to `to` (a free cell or an obstacle, which it replaces).
 * @param {Editor} editor
 * @param {number} from
 * @param {number} to
 * @returns {Edit | null}
 */
export function movePiece({ game, board }, from, to) {
  if (!('cells' in board)) return null;
  const ch = board.cells[from];
  if (from === to || !isPiece(game, ch)) return null;
  if (isPiece(game, board.cells[to])) return occupied(game, board, ch, to);
  return { board: B.withCells(board, [[from, '.'], [to, ch]]), piecesOnly: board.cells[to] !== '#' };
}

/**
 * Puts a piece `ch` on `cell`: a new one while some are missing, else the nearest one moves.
 * @param {Editor} editor
 * @param {string} ch
 * @param {number} cell
 * @returns {Edit | null}
 */
export function placePiece({ game, board }, ch, cell) {
  if (!('cells' in board)) return null;
  const piece = game.pieces.find((p) => p.ch === ch);
  const here = board.cells[cell];
  if (!piece || here === ch) return null;
  if (isPiece(game, here)) return occupied(game, board, ch, cell);
  const existing = B.find(board, ch);
  if (existing.length < piece.count) return { board: B.withCells(board, [[cell, ch]]), piecesOnly: false };
  const [row, col] = B.coord(board, cell);
  /** @param {number} c */
  const distance = (c) => {
    const [r, k] = B.coord(board, c);
    return Math.abs(r - row) + Math.abs(k - col);
  };
  const from = existing.reduce((best, c) => (distance(c) < distance(best) ? c : best));
  return { board: B.withCells(board, [[from, '.'], [cell, ch]]), piecesOnly: here !== '#' };
}

/**
 * Empties a cell (obstacle or piece).
 * @param {Editor} editor
 * @param {number} cell
 * @returns {Edit | null}
 */
export function erase({ game, board }, cell) {
  if (!('cells' in board) || game.kind !== 'pieces' || board.cells[cell] === '.') return null;
  return { board: B.withCells(board, [[cell, '.']]), piecesOnly: false };
}

/**
 * Changes the board's size (the game keeps what fits and puts pieces that fall off back on).
 * @param {Editor} editor
 * @param {number} rows
 * @param {number} cols
 * @returns {Edit | null}
 */
export function resize({ game, board }, rows, cols) {
  /** @type {(v: number, lo: number, hi: number) => number} */
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, Math.round(v) || lo));
  rows = clamp(rows, game.minRows, game.maxRows);
  cols = game.square ? rows : clamp(cols, game.minCols, Math.min(game.maxCols, Math.floor(game.maxCells / rows)));
  if (rows === board.rows && cols === board.cols) return null;
  return { board: game.resize(board, rows, cols), piecesOnly: false, deliberate: true };
}

/**
 * Preset number `index` of the game (`random` draws the random ones).
 * @param {Editor} editor
 * @param {number} index
 * @param {() => number} random
 * @returns {Edit | null}
 */
export function preset({ game }, index, random) {
  const chosen = game.presets[index];
  return chosen ? { board: chosen.board(random), fresh: true, deliberate: true } : null;
}

/**
 * Empties the board as the game understands it (river: removes every obstacle).
 * @param {Editor} editor
 * @returns {Edit | null}
 */
export function clear({ game, board }) {
  const cleared = game.clear(board);
  return cleared !== board ? { board: cleared, piecesOnly: false, deliberate: true } : null;
}

/**
 * Sets the weights of a cell (tableau).
 * @param {Editor} editor
 * @param {number} cell
 * @param {number} a
 * @param {number} b
 * @returns {Edit | null}
 */
export function setWeights({ game, board }, cell, a, b) {
  const next = game.withWeights(board, cell, a, b);
  return next !== board ? { board: next, piecesOnly: false } : null;
}

/**
 * Switches to `game` (a descriptor, or undefined for an unknown one), on its default board.
 * @param {Editor} editor
 * @param {Game | undefined} game
 * @returns {Edit | null}
 */
export function setGame(editor, game) {
  if (!game || game === editor.game) return null;
  return { game, board: game.defaultBoard(), fresh: true, deliberate: true };
}

/**
 * Reads contest text: its first board, and the others to choose from when it holds several; a problem becomes the notice.
 * @param {Editor} editor
 * @param {string} text
 * @returns {Edit | null}
 */
export function loadText({ game }, text) {
  const { boards, error } = game.fromText(text);
  if (error || !boards) return { notice: t('edits.unreadable-text', { error }) };
  return { board: boards[0], fresh: true, deliberate: true, choices: boards.length > 1 ? { boards, index: 0 } : null };
}

/**
 * Shows board number `index` of the text's boards (`choices`).
 * @param {Editor} editor
 * @param {number} index
 * @returns {Edit | null}
 */
export function choose({ choices }, index) {
  const board = choices?.boards[index];
  return board && index !== choices.index ? { board, fresh: true, deliberate: true, choices: { ...choices, index } } : null;
}

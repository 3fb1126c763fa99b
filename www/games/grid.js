// The editable board of the grid games: rows × cols cell characters ('.' free, '#' obstacle,
// one letter per piece), kept immutable so every edit is a new value. Cells are numbered
// row-major (row * cols + col), as the engine numbers them.

import { t } from '../words/i18n.js';

/**
 * A grid board (games/define.js calls any game's board a Board: this is the grid games' one).
 * @typedef {{readonly rows: number, readonly cols: number, readonly cells: readonly string[]}} Grid
 */

/**
 * A board from its rows of characters (all of one length; not checked here).
 * @param {string[]} rows
 * @returns {Grid}
 */
export function fromRows(rows) {
  return Object.freeze({ rows: rows.length, cols: rows[0].length, cells: Object.freeze([...rows.join('')]) });
}

/**
 * The board's rows as strings.
 * @param {Grid} board
 */
export function toRows(board) {
  const rows = [];
  for (let r = 0; r < board.rows; r++) rows.push(board.cells.slice(r * board.cols, (r + 1) * board.cols).join(''));
  return rows;
}

/**
 * A board of `rows` × `cols` free cells.
 * @param {number} rows
 * @param {number} cols
 */
export function empty(rows, cols) {
  return fromRows(Array.from({ length: rows }, () => '.'.repeat(cols)));
}

/**
 * Row and column of a cell.
 * @param {{cols: number}} board
 * @param {number} cell
 * @returns {[number, number]}
 */
export const coord = (board, cell) => [Math.floor(cell / board.cols), cell % board.cols];

/**
 * Cell number of a row and column (no bounds check).
 * @param {{cols: number}} board
 * @param {number} row
 * @param {number} col
 */
export const cellOf = (board, row, col) => row * board.cols + col;

/**
 * A copy of the board with the given cells changed: `changes` maps cell → character.
 * @param {Grid} board
 * @param {Iterable<[number, string]>} changes
 * @returns {Grid}
 */
export function withCells(board, changes) {
  const cells = [...board.cells];
  for (const [cell, ch] of changes) cells[cell] = ch;
  return Object.freeze({ rows: board.rows, cols: board.cols, cells: Object.freeze(cells) });
}

/**
 * Cells holding `ch`, in reading order.
 * @param {Grid} board
 * @param {string} ch
 */
export function find(board, ch) {
  /** @type {number[]} */
  const found = [];
  board.cells.forEach((c, i) => c === ch && found.push(i));
  return found;
}

/**
 * The board cut or extended to rows × cols (new cells free). Pieces that fall off are put
 * back on the nearest free cell that `allowed(piece, row)` accepts, so resizing never loses one.
 * @param {Grid} board
 * @param {number} rows
 * @param {number} cols
 * @param {readonly string[]} pieces  the pieces' characters
 * @param {(piece: string, row: number) => boolean} [allowed]
 */
export function resize(board, rows, cols, pieces, allowed = () => true) {
  const kept = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => (r < board.rows && c < board.cols ? board.cells[cellOf(board, r, c)] : '.')).join(''),
  );
  let next = fromRows(kept);
  for (const [cell, ch] of board.cells.entries()) {
    if (!pieces.includes(ch)) continue;
    const [r, c] = coord(board, cell);
    if (r < rows && c < cols) continue;
    const target = nearest(next, Math.min(r, rows - 1), Math.min(c, cols - 1), (rr, cc) => next.cells[cellOf(next, rr, cc)] === '.' && allowed(ch, rr));
    if (target !== null) next = withCells(next, [[target, ch]]);
  }
  return next;
}

/**
 * The board without obstacles (the same board when it has none).
 * @param {Grid} board
 */
export function withoutObstacles(board) {
  /** @type {[number, string][]} */
  const changes = [];
  board.cells.forEach((ch, cell) => ch === '#' && changes.push([cell, '.']));
  return changes.length > 0 ? withCells(board, changes) : board;
}

/**
 * Whether two boards have the same size and obstacles (so differ at most in where pieces stand).
 * @param {{rows: number, cols: number, cells?: readonly string[]}} a
 * @param {{rows: number, cols: number, cells?: readonly string[]}} b
 */
export function sameGround(a, b) {
  const { cells } = b;
  if (!a.cells || !cells || a.rows !== b.rows || a.cols !== b.cols) return false;
  return a.cells.every((ch, cell) => (ch === '#') === (cells[cell] === '#'));
}

/**
 * The cell nearest to row, col (by grid distance, then reading order) passing `ok`, or null.
 * @param {Grid} board
 * @param {number} row
 * @param {number} col
 * @param {(row: number, col: number) => boolean} ok
 */
function nearest(board, row, col, ok) {
  /** @type {number | null} */
  let best = null;
  let bestDistance = Infinity;
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const distance = Math.abs(r - row) + Math.abs(c - col);
      if (distance < bestDistance && ok(r, c)) {
        best = cellOf(board, r, c);
        bestDistance = distance;
      }
    }
  }
  return best;
}

/**
 * Reads rows of text into a board, checking only the shape: at least one row, rows of one
 * length, the allowed characters, the size limits. Returns `{board}` or `{error}` (a sentence).
 * @param {string[]} rows
 * @param {{chars: string, maxRows: number, maxCols: number, maxCells: number}} limits
 * @returns {{board: Grid, error?: undefined} | {error: string, board?: undefined}}
 */
export function parseRows(rows, { chars, maxRows, maxCols, maxCells }) {
  if (rows.length === 0 || rows[0].length === 0) return { error: t('grid.empty') };
  if (rows.length > maxRows) return { error: t('grid.too-many-rows', { rows: rows.length, max: maxRows }) };
  for (const [i, row] of rows.entries()) {
    if (row.length !== rows[0].length) {
      return { error: t('grid.ragged', { row: i + 1, found: row.length, expected: rows[0].length }) };
    }
    const bad = [...row].findIndex((ch) => !chars.includes(ch));
    if (bad >= 0) {
      return { error: t('grid.unknown-char', { row: i + 1, col: bad + 1, found: JSON.stringify(row[bad]), chars }) };
    }
  }
  if (rows[0].length > maxCols) return { error: t('grid.too-many-cols', { cols: rows[0].length, max: maxCols }) };
  if (rows.length * rows[0].length > maxCells) {
    return { error: t('grid.too-many-cells', { cells: rows.length * rows[0].length, max: maxCells }) };
  }
  return { board: fromRows(rows) };
}

/**
 * Piece sides in the engine's order (`Lab.pieces`): each of the game's pieces `count` times.
 * @param {import('./define.js').Game} game
 * @returns {string[]}
 */
export const pieceSides = (game) => game.pieces.flatMap((p) => Array(p.count).fill(p.side));

/**
 * The player (0 the first to move) of each piece of a position, in the engine's order of
 * `Lab.pieces`, as pieceSides gives their looks.
 * @param {import('./define.js').Game} game
 * @returns {number[]}
 */
export const piecePlayers = (game) => game.pieces.flatMap((p) => Array(p.count).fill(p.player));

/**
 * The player (0 the first to move) whose pieces a kind `game.pieces[index]` is (the engine's
 * `first` side's, games/define.js).
 * @param {import('./define.js').Game} game
 * @param {number} index
 */
const playerOf = (game, index) => game.pieces[index].player;

/**
 * The sprite side of the pieces that captured, in a position where two pieces share a cell:
 * the side that moved last, not `toMove`.
 * @param {import('./define.js').Game} game
 * @param {number} toMove
 */
export const capturingSide = (game, toMove) => game.pieces.find((_, i) => playerOf(game, i) === 1 - toMove)?.side;

/**
 * The index in `Lab.pieces` of the first piece of `player` (0 the first to move), or -1.
 * @param {import('./define.js').Game} game
 * @param {number} player
 */
export function firstPieceOf(game, player) {
  let at = 0;
  for (let i = 0; i < game.pieces.length; i++) {
    if (playerOf(game, i) === player) return at;
    at += game.pieces[i].count;
  }
  return -1;
}

/**
 * The cell an engine's objection to a board names ("row 2, column 3: …", from 1), or null when
 * it names none (a count of pieces, a size).
 * @param {string | null} error
 * @param {number} cols
 * @returns {number | null}
 */
export function cellOfError(error, cols) {
  const match = error && /^row (\d+), column (\d+):/.exec(error);
  return match ? (Number(match[1]) - 1) * cols + Number(match[2]) - 1 : null;
}

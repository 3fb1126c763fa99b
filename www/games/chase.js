// Chase (棋盘游戏, CQOI 2013, RULES §2) as the page draws and edits it: an open square board, a
// white piece that steps one cell and a black piece that moves one or two cells in a line. Its
// limits, letters and contest text are the engine's (games/define.js).
// URL: ?game=chase&n=N&white=R,C&black=R,C (1-based).

import * as B from './grid.js';
import { defineGame } from './define.js';
import { t } from '../words/i18n.js';

/**
 * A board of side `n` with the pieces at 1-based `[row, col]`s; `letters` are white's and black's.
 * @param {[string, string]} letters
 * @param {number} n
 * @param {number[]} white
 * @param {number[]} black
 */
function board([w, b], n, white, black) {
  const empty = B.empty(n, n);
  return B.withCells(empty, [
    [B.cellOf(empty, white[0] - 1, white[1] - 1), w],
    [B.cellOf(empty, black[0] - 1, black[1] - 1), b],
  ]);
}

/** A "R,C" parameter as 1-based `[row, col]` within 1..n, or an error sentence. */
function readCell(text, name, n) {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text ?? '');
  if (!match) return { error: t('chase.cell-format', { name }) };
  const at = [Number(match[1]), Number(match[2])];
  if (at.some((v) => v < 1 || v > n)) return { error: t('chase.cell-outside', { name, row: match[1], col: match[2], n }) };
  return { at };
}

export default defineGame('chase', ({ facts, sizes }) => {
  const { minRows, maxRows } = sizes;
  /** The letters of the white piece and the black one. */
  const letters = /** @type {[string, string]} */ (facts.sides.map((side) => side.letter));
  const [WHITE, BLACK] = letters;
  /**
   * A board of side `n` with the pieces at 1-based `[row, col]`s.
   * @param {number} n
   * @param {number[]} white
   * @param {number[]} black
   */
  const at = (n, white, black) => board(letters, n, white, black);
  return {
    id: 'chase',
    title: t('chase.title'),
    subtitle: t('chase.subtitle'),
    rules: t('chase.rules'),
    sideWords: [t('chase.white'), t('chase.black')],
    /** Pieces in the engine's order of `Lab.pieces`: white, black. */
    pieces: [
      { side: 'white', label: t('chase.white-piece'), keys: ['w'] },
      { side: 'black', label: t('chase.black-piece'), keys: ['b', 'x'] },
    ],
    defaultVarying: 1,
    presets: [
      { name: t('chase.sample'), board: () => at(2, [1, 1], [2, 2]) },
      { name: t('chase.preset-4'), board: () => at(4, [3, 2], [3, 4]) },
      { name: t('chase.preset-20'), board: () => at(20, [1, 1], [20, 20]) },
      { name: t('games.random-board'), board: (/** @type {() => number} */ random) => randomBoard(random, letters) },
    ],
    defaultBoard: () => at(8, [2, 2], [7, 6]),
    warmUp: [at(5, [2, 2], [4, 4])],
    kind: 'pieces',
    /** What the batch view's positions count. */
    batchPositions: t('chase.batch-positions'),
    /** Resizes (square); a piece that falls off goes back on the nearest free cell. */
    resize: (/** @type {B.Grid} */ b, /** @type {number} */ n) => B.resize(b, n, n, letters),

    /** @param {Map<string, string>} params */
    fromParams(params) {
      const nText = params.get('n');
      if (!/^\d+$/.test(nText ?? '')) return { error: t('chase.n-format') };
      const n = Number(nText);
      if (n < minRows || n > maxRows) return { error: t('chase.n-outside', { n, min: minRows, max: maxRows }) };
      const white = readCell(params.get('white'), 'white', n);
      if (white.error) return white;
      const black = readCell(params.get('black'), 'black', n);
      if (black.error) return black;
      if (white.at[0] === black.at[0] && white.at[1] === black.at[1]) return { error: t('chase.same-cell') };
      return { board: at(n, white.at, black.at) };
    },
    /** @param {B.Grid} b */
    toParams(b) {
      /** @param {string} ch */
      const where = (ch) => {
        const [cell] = B.find(b, ch);
        if (cell === undefined) return '';
        const [r, c] = B.coord(b, cell);
        return `${r + 1},${c + 1}`;
      };
      return [['n', String(b.rows)], ['white', where(WHITE)], ['black', where(BLACK)]];
    },
    /** @param {B.Grid} b */
    pieceCells(b) {
      const whites = B.find(b, WHITE);
      const blacks = B.find(b, BLACK);
      return whites.length === 1 && blacks.length === 1 ? [whites[0], blacks[0]] : null;
    },

    /**
     * The contest's line `n r1 c1 r2 c2` of the position with white and black on `pieces`. Written
     * here, not by the engine: a position after a capture has both pieces on one cell, which
     * no start has (e2e/descriptors.test.mjs holds the two to one format on the others).
     */
    positionText(/** @type {B.Grid} */ b, /** @type {number[]} */ [white, black]) {
      /** @param {number} cell */
      const where = (cell) => B.coord(b, cell).map((v) => v + 1).join(' ');
      return `${b.rows} ${where(white)} ${where(black)}`;
    },

    verdict({ value, remoteness: n }) {
      const white = Math.ceil(n / 2);
      const black = Math.floor(n / 2);
      if (value === 'win') return { headline: t('chase.white-wins', { count: n }), explanation: t('chase.white-wins-why', { count: n, white, black }) };
      if (value === 'lose') return { headline: t('chase.black-wins', { count: n }), explanation: t('chase.black-wins-why', { count: n, white, black }) };
      return { headline: t('games.tie-headline'), explanation: t('chase.tie') };
    },
    /** The heatmap legend: its slice has white to move (chase has no ties). */
    legend: {
      items: [
        { cls: 'win', glyph: 'W', words: t('chase.legend-white') },
        { cls: 'lose', glyph: 'L', words: t('chase.legend-black') },
      ],
      text: (piece) => t('chase.legend', { piece }),
    },
    help: t('chase.help'),
  };
});

/**
 * A random board: side 3–12, the pieces (`letters`, white's and black's) on distinct cells.
 * @param {() => number} random
 * @param {[string, string]} letters
 */
function randomBoard(random, letters) {
  const n = 3 + Math.floor(random() * 10);
  const cell = () => [1 + Math.floor(random() * n), 1 + Math.floor(random() * n)];
  const white = cell();
  let black = cell();
  while (black[0] === white[0] && black[1] === white[1]) black = cell();
  return board(letters, n, white, black);
}

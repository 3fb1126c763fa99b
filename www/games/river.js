// River pawn (过河卒, RULES §1) as the page draws and edits it: the pieces' looks, presets (the
// contest samples), the URL parameters and the words of the verdict. Its limits, letters and
// contest text are the engine's (games/define.js).

import * as B from './grid.js';
import { cycleLength } from '../engine/lines.js';
import { defineGame } from './define.js';
import { t } from '../words/i18n.js';

const SAMPLES = [
  ['...#O', '.#..#', '#O#..', '.#..X'],
  ['#.#', 'O.O', '.X.'],
  ['O..', '.#X', '.O.'],
  ['.....', '.....', '..O..', '#..#.', 'O#.X.'],
  ['...######', '.#.......', '.#######.', '.#.#.....', '.#O#.####', '.#.#.....', '.#######.', '.#X......', '.O.......'],
];

export default defineGame('river', ({ facts, sizes }) => {
  const { sides } = facts;
  /** The letters of the red pieces and the black one, and how many of each a board holds. */
  const [RED, BLACK] = sides.map((side) => /** @type {string} */ (side.letter));
  const [REDS, BLACKS] = sides.map((side) => side.pieces);
  /** What a link's rows are read against: the board's characters and the sizes the page offers. */
  const reading = { chars: `.#${RED}${BLACK}`, ...sizes };
  return {
    id: 'river',
    title: t('river.title'),
    subtitle: t('river.subtitle'),
    rules: t('river.rules'),
    sideWords: [t('river.red'), t('river.black')],
    /** Pieces in the engine's order of `Lab.pieces`: red, red, black. */
    pieces: [
      { side: 'red', label: t('river.red-piece'), keys: ['o', 'r'] },
      { side: 'black', label: t('river.black-piece'), keys: ['x', 'b'] },
    ],
    /** Its tiers (the engine solves them one after the other, from the top): black's rows. */
    tierName: t('river.tier'),
    /** Piece index (in `Lab.pieces` order) that varies in the heatmap at first: black. */
    defaultVarying: 2,
    presets: [
      ...SAMPLES.map((rows, i) => ({ name: t('river.sample', { number: i + 1 }), board: () => B.fromRows(rows) })),
      { name: t('games.random-board'), board: (/** @type {() => number} */ random) => randomBoard(random, RED, BLACK) },
    ],
    defaultBoard: () => B.fromRows(SAMPLES[4]),
    warmUp: [B.fromRows(['......', '......', '..O...', '.O....', '......', '...X..'])],
    kind: 'pieces',
    /** What the batch view's positions count. */
    batchPositions: t('river.batch-positions'),
    /** Resizes; a piece that falls off goes back on the nearest free cell (black not in row 1). */
    resize: (/** @type {B.Grid} */ board, /** @type {number} */ rows, /** @type {number} */ cols) =>
      B.resize(board, rows, cols, [RED, BLACK], (ch, row) => ch !== BLACK || row > 0),
    clear: B.withoutObstacles,

    /** `{board}` from the URL parameters, or `{error}` naming what is malformed. */
    fromParams(params) {
      const text = params.get('board');
      if (text === undefined) return { error: t('river.no-board') };
      return B.parseRows(text.split('/'), reading);
    },
    /** The URL parameters of a board. */
    toParams: (board) => [['board', B.toRows(board).join('/')]],
    /** The pieces' cells in the engine's order (red, red, black); null if the count is off. */
    pieceCells(board) {
      const reds = B.find(board, RED);
      const blacks = B.find(board, BLACK);
      return reds.length === REDS && blacks.length === BLACKS ? [...reds, ...blacks] : null;
    },

    /** The board's rows with the pieces on `pieces` (red, red, black), '/' between rows. */
    positionText(board, pieces) {
      const moved = board.cells.map((ch) => (ch === RED || ch === BLACK ? '.' : ch));
      pieces.forEach((cell, i) => (moved[cell] = i < REDS ? RED : BLACK));
      return B.toRows({ ...board, cells: moved }).join('/');
    },

    /** The verdict for the start's outcome (red to move): a headline and one explanation. */
    verdict({ value, remoteness: n }, { line }) {
      if (value === 'tie') {
        return { headline: t('games.tie-headline'), explanation: t('river.tie', { count: cycleLength(line) }) };
      }
      const red = Math.ceil(n / 2);
      const black = Math.floor(n / 2);
      if (value === 'win') {
        return { headline: t('river.red-wins', { count: n }), explanation: t('river.red-wins-why', { count: n, red, black }) };
      }
      if (n === 0) {
        return { headline: t('river.black-wins', { count: 0 }), explanation: t('river.red-stuck') };
      }
      return { headline: t('river.black-wins', { count: n }), explanation: t('river.black-wins-why', { count: n, red, black }) };
    },
    /** The heatmap legend: its slice has red to move. */
    legend: {
      items: [
        { cls: 'win', glyph: 'W', words: t('river.legend-red') },
        { cls: 'lose', glyph: 'L', words: t('river.legend-black') },
        { cls: 'tie', glyph: 'T', words: t('games.legend-tie') },
      ],
      text: (piece) => t('river.legend', { piece }),
    },
    help: t('river.help'),
  };
});

/**
 * A random board: 4–10 × 4–10 cells, about one obstacle in six, pieces (letters `red`, `black`)
 * on distinct free cells.
 * @param {() => number} random
 * @param {string} red
 * @param {string} black
 */
function randomBoard(random, red, black) {
  const rows = 4 + Math.floor(random() * 7);
  const cols = 4 + Math.floor(random() * 7);
  /** @type {string[]} */
  const cells = Array.from({ length: rows * cols }, () => (random() < 0.17 ? '#' : '.'));
  const pick = (ok) => {
    for (;;) {
      const cell = Math.floor(random() * cells.length);
      if (cells[cell] !== red && cells[cell] !== black && ok(cell)) return cell;
    }
  };
  cells[pick(() => true)] = red;
  cells[pick(() => true)] = red;
  cells[pick((cell) => cell >= cols)] = black;
  const lines = [];
  for (let r = 0; r < rows; r++) lines.push(cells.slice(r * cols, (r + 1) * cols).join(''));
  return B.fromRows(lines);
}

// River pawn (过河卒, RULES §1) as the page draws and edits it: the pieces' looks, presets (the
// contest samples), the URL parameters and the words of the verdict. Its limits, letters and
// contest text are the engine's (games/define.js).

import * as B from './grid.js';
import { cycleLength } from '../engine/lines.js';
import { plural } from '../words/text.js';
import { defineGame } from './define.js';

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
    title: 'River pawn',
    subtitle: '过河卒 (省选联考 2023)',
    rules:
      'Two red pieces (move one step in any direction) try to stop the black pawn (steps up, left or right) ' +
      'from reaching the top row. A piece that lands on the other side’s piece wins. Red moves first; ' +
      'a side that cannot move loses.',
    /** Pieces in the engine's order of `Lab.pieces`: red, red, black. */
    pieces: [
      { side: 'red', label: 'red piece', keys: ['o', 'r'] },
      { side: 'black', label: 'black piece', keys: ['x', 'b'] },
    ],
    /** Its tiers (the engine solves them one after the other, from the top): black's rows. */
    tierName: 'black’s row',
    /** Piece index (in `Lab.pieces` order) that varies in the heatmap at first: black. */
    defaultVarying: 2,
    presets: [
      ...SAMPLES.map((rows, i) => ({ name: `Sample ${i + 1}`, board: () => B.fromRows(rows) })),
      { name: 'Random board', board: (/** @type {() => number} */ random) => randomBoard(random, RED, BLACK) },
    ],
    defaultBoard: () => B.fromRows(SAMPLES[4]),
    warmUp: [B.fromRows(['......', '......', '..O...', '.O....', '......', '...X..'])],
    kind: 'pieces',
    /** What the batch view's positions count. */
    batchPositions: 'only those each board’s start can reach, as the command line solves them (the board view analyses every position of the board, so it counts more)',
    /** Resizes; a piece that falls off goes back on the nearest free cell (black not in row 1). */
    resize: (/** @type {B.Grid} */ board, /** @type {number} */ rows, /** @type {number} */ cols) =>
      B.resize(board, rows, cols, [RED, BLACK], (ch, row) => ch !== BLACK || row > 0),
    clear: B.withoutObstacles,

    /** `{board}` from the URL parameters, or `{error}` naming what is malformed. */
    fromParams(params) {
      const text = params.get('board');
      if (text === undefined) return { error: 'the link has no board parameter' };
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
        return {
          headline: 'Tie — neither side can force a win',
          explanation:
            `With best play the game goes round a cycle of ${plural(cycleLength(line), 'move')} forever: ` +
            'Red can never catch or block the black pawn for good, and the pawn can never force its way through.',
        };
      }
      const red = Math.ceil(n / 2);
      const black = Math.floor(n / 2);
      if (value === 'win') {
        return {
          headline: `Red wins in ${plural(n, 'move')}`,
          explanation: `${plural(n, 'move')} counting both sides (${red} by Red, ${black} by Black): the fastest win Red can force, however long Black holds out.`,
        };
      }
      if (n === 0) {
        return { headline: 'Black wins in 0 moves', explanation: 'Red has no legal move at the start, so Black wins before anyone moves.' };
      }
      return {
        headline: `Black wins in ${plural(n, 'move')}`,
        explanation: `${plural(n, 'move')} counting both sides (${red} by Red, ${black} by Black): Black forces the win that fast, however long Red holds out.`,
      };
    },
    /** The heatmap legend: its slice has red to move. */
    legend: {
      items: [
        { cls: 'win', glyph: 'W', words: 'Red wins' },
        { cls: 'lose', glyph: 'L', words: 'Black wins' },
        { cls: 'tie', glyph: 'T', words: 'Tie' },
      ],
      text: (piece) =>
        `Each free cell: the outcome if the ${piece} stood there instead, the other pieces where they are, Red to move; ` +
        'the number is the moves left with best play. Click a piece to vary it instead.',
    },
    help:
      '<b>Mouse / touch:</b> with <i>Tap: draw</i>, drag on empty cells to draw obstacles (start on one to erase); with <i>ask why</i>, a tap on a cell says where its value came from; drag a piece to move it; tap a piece to vary it in the heatmap. ' +
      '<b>Keys:</b> arrows, <kbd>Space</kbd> obstacle, <kbd>O</kbd>/<kbd>R</kbd> red, <kbd>X</kbd>/<kbd>B</kbd> black, <kbd>Del</kbd> empty, <kbd>Enter</kbd> solve.',
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

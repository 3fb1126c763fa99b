// Chase (棋盘游戏, CQOI 2013, RULES §2) as the page knows it: an open square board, a white
// piece that steps one cell and a black piece that moves one or two cells in a line.
// URL: ?game=chase&n=N&white=R,C&black=R,C (1-based).

import * as B from '../board.js';
import { plural } from '../text.js';
import { defineGame } from './define.js';

const MAX_SIDE = 32;

/** A board of side `n` with the pieces at 1-based `[row, col]`s. */
function board(n, white, black) {
  const b = B.empty(n, n);
  return B.withCells(b, [
    [B.cellOf(b, white[0] - 1, white[1] - 1), 'W'],
    [B.cellOf(b, black[0] - 1, black[1] - 1), 'B'],
  ]);
}

/** A "R,C" parameter as 1-based `[row, col]` within 1..n, or an error sentence. */
function readCell(text, name, n) {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text ?? '');
  if (!match) return { error: `${name} must be ROW,COLUMN (for example ${name}=1,1)` };
  const at = [Number(match[1]), Number(match[2])];
  if (at.some((v) => v < 1 || v > n)) return { error: `${name}=${match[1]},${match[2]} is outside the ${n}×${n} board` };
  return { at };
}

export default defineGame({
  id: 'chase',
  title: 'Chase',
  subtitle: '棋盘游戏 (CQOI 2013)',
  summary: 'White moves first, one cell; Black moves one or two cells in a line. Moving onto the other piece wins.',
  rules:
    'White (moves first) steps one cell up, down, left or right; Black moves one or two cells in a straight line. ' +
    'Moving onto the other piece captures it and wins. A move is mandatory. Chase (棋盘游戏, CQOI 2013).',
  square: true,
  /** Pieces in the engine's order of `Lab.pieces`: white, black. */
  pieces: [
    { ch: 'W', side: 'white', label: 'white piece', count: 1, keys: ['w'] },
    { ch: 'B', side: 'black', label: 'black piece', count: 1, keys: ['b', 'x'] },
  ],
  sides: ['White', 'Black'],
  minRows: 2,
  maxRows: MAX_SIDE,
  minCols: 2,
  maxCols: MAX_SIDE,
  maxCells: MAX_SIDE * MAX_SIDE,
  defaultVarying: 1,
  presets: [
    { name: 'Contest sample (2×2)', board: () => board(2, [1, 1], [2, 2]) },
    { name: '4×4, white (3,2), black (3,4)', board: () => board(4, [3, 2], [3, 4]) },
    { name: '20×20, the contest maximum', board: () => board(20, [1, 1], [20, 20]) },
    { name: 'Random board', board: (random) => randomBoard(random) },
  ],
  defaultBoard: () => board(8, [2, 2], [7, 6]),
  warmUp: [board(5, [2, 2], [4, 4])],
  kind: 'pieces',
  /** What the batch view's positions count. */
  batchPositions: 'chase solves the whole table of each size, every placement of the two pieces with either side to move, and answers every query of that size from it',
  /** Resizes (square); a piece that falls off goes back on the nearest free cell. */
  resize: (b, n) => B.resize(b, n, n, ['W', 'B']),

  fromParams(params) {
    const nText = params.get('n');
    if (!/^\d+$/.test(nText ?? '')) return { error: 'n must be the board side, a whole number' };
    const n = Number(nText);
    if (n < 2 || n > MAX_SIDE) return { error: `n = ${n} is outside 2..${MAX_SIDE}` };
    const white = readCell(params.get('white'), 'white', n);
    if (white.error) return white;
    const black = readCell(params.get('black'), 'black', n);
    if (black.error) return black;
    if (white.at[0] === black.at[0] && white.at[1] === black.at[1]) return { error: 'white and black stand on the same cell' };
    return { board: board(n, white.at, black.at) };
  },
  toParams(b) {
    const where = (ch) => {
      const [cell] = B.find(b, ch);
      if (cell === undefined) return '';
      const [r, c] = B.coord(b, cell);
      return `${r + 1},${c + 1}`;
    };
    return [['n', String(b.rows)], ['white', where('W')], ['black', where('B')]];
  },
  engineText: (b) => B.toRows(b).join('\n'),
  /** The contest's input line: `n r1 c1 r2 c2` (white, then black; 1-based). */
  toText(b) {
    const at = (ch) => {
      const [cell] = B.find(b, ch);
      if (cell === undefined) return '? ?';
      const [r, c] = B.coord(b, cell);
      return `${r + 1} ${c + 1}`;
    };
    return `${b.rows} ${at('W')} ${at('B')}`;
  },
  /** `{boards, board}` from contest input, one board per line `n r1 c1 r2 c2` (`board` is the first), or `{error}`. */
  fromText(text) {
    const boards = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      const numbers = line.trim().split(/\s+/);
      if (numbers.length !== 5 || !numbers.every((w) => /^\d+$/.test(w))) {
        return { error: `line ${i + 1}: expected five whole numbers n r1 c1 r2 c2, found ${JSON.stringify(line.trim())}` };
      }
      const [n, r1, c1, r2, c2] = numbers;
      const read = this.fromParams(new Map([['n', n], ['white', `${r1},${c1}`], ['black', `${r2},${c2}`]]));
      if (read.error) return { error: `line ${i + 1}: ${read.error}` };
      boards.push(read.board);
    }
    return boards.length > 0 ? { boards, board: boards[0] } : { error: 'expected a line of five whole numbers: n r1 c1 r2 c2' };
  },
  pieceCells(b) {
    const whites = B.find(b, 'W');
    const blacks = B.find(b, 'B');
    return whites.length === 1 && blacks.length === 1 ? [whites[0], blacks[0]] : null;
  },

  /** The contest's line `n r1 c1 r2 c2` of the position with white and black on `pieces`. */
  positionText(b, [white, black]) {
    const at = (cell) => B.coord(b, cell).map((v) => v + 1).join(' ');
    return `${b.rows} ${at(white)} ${at(black)}`;
  },

  verdict({ value, remoteness: n }) {
    const white = Math.ceil(n / 2);
    const black = Math.floor(n / 2);
    const counting = `${plural(n, 'move')} counting both sides (${white} by White, ${black} by Black)`;
    if (value === 'win') {
      return { headline: `White wins in ${plural(n, 'move')}`, explanation: `${counting}: the fastest capture White can force, however long Black runs.` };
    }
    if (value === 'lose') {
      return { headline: `Black wins in ${plural(n, 'move')}`, explanation: `${counting}: Black forces the capture that fast, however long White runs.` };
    }
    return { headline: 'Tie — neither side can force a win', explanation: 'With best play the chase goes on forever.' };
  },
  /** The heatmap legend: its slice has white to move (chase has no ties). */
  legend: {
    items: [
      { cls: 'win', glyph: 'W', words: 'White wins' },
      { cls: 'lose', glyph: 'L', words: 'Black wins' },
    ],
    text: (piece) =>
      `Each cell: the outcome if the ${piece} stood there instead, the other piece where it is, White to move; ` +
      'the number is the moves left with best play. Click a piece to vary it instead.',
  },
  help:
    '<b>Mouse / touch:</b> drag a piece to move it; tap a piece to vary it in the heatmap. ' +
    '<b>Keys:</b> arrows, <kbd>W</kbd> white, <kbd>B</kbd>/<kbd>X</kbd> black, <kbd>Enter</kbd> solve.',
});

/** A random board: side 3–12, the pieces on distinct cells. */
function randomBoard(random) {
  const n = 3 + Math.floor(random() * 10);
  const cell = () => [1 + Math.floor(random() * n), 1 + Math.floor(random() * n)];
  const white = cell();
  let black = cell();
  while (black[0] === white[0] && black[1] === white[1]) black = cell();
  return board(n, white, black);
}

// River pawn (过河卒, RULES §1) as the page knows it: board characters, pieces, limits,
// presets (the contest samples), the URL parameters and the words of the verdict.

import * as B from '../board.js';
import { cycleLength } from '../replay.js';
import { plural } from '../text.js';
import { defineGame } from './define.js';

const SAMPLES = [
  ['...#O', '.#..#', '#O#..', '.#..X'],
  ['#.#', 'O.O', '.X.'],
  ['O..', '.#X', '.O.'],
  ['.....', '.....', '..O..', '#..#.', 'O#.X.'],
  ['...######', '.#.......', '.#######.', '.#.#.....', '.#O#.####', '.#.#.....', '.#######.', '.#X......', '.O.......'],
];

/** The engine's limit (src/games/river/board.rs MAX_CELLS): 24×24, 190 million positions, 380 MB of records. */
const LIMITS = { chars: '.#OX', maxRows: 24, maxCols: 24, maxCells: 576 };

export default defineGame({
  id: 'river',
  title: 'River pawn',
  subtitle: '过河卒',
  summary: 'Red (two pieces, moves first) must stop the black pawn reaching the top row. Landing on an enemy piece wins; a side that cannot move loses.',
  rules:
    'Two red pieces (move one step in any direction) try to stop the black pawn (steps up, left or right) ' +
    'from reaching the top row. A piece that lands on the other side’s piece wins. Red moves first; ' +
    'a side that cannot move loses.',
  obstacles: true,
  /** Pieces in the engine's order of `Lab.pieces`: red, red, black. */
  pieces: [
    { ch: 'O', side: 'red', label: 'red piece', count: 2, keys: ['o', 'r'] },
    { ch: 'X', side: 'black', label: 'black piece', count: 1, keys: ['x', 'b'] },
  ],
  sides: ['Red', 'Black'],
  minRows: 2,
  maxRows: LIMITS.maxRows,
  minCols: 1,
  maxCols: LIMITS.maxCols,
  maxCells: LIMITS.maxCells,
  /** Its tiers (the engine solves them one after the other, from the top): black's rows. */
  tierName: 'black’s row',
  /** Piece index (in `Lab.pieces` order) that varies in the heatmap at first: black. */
  defaultVarying: 2,
  presets: [
    ...SAMPLES.map((rows, i) => ({ name: `Sample ${i + 1}`, board: () => B.fromRows(rows) })),
    { name: 'Random board', board: (random) => randomBoard(random) },
  ],
  defaultBoard: () => B.fromRows(SAMPLES[4]),
  warmUp: [B.fromRows(['......', '......', '..O...', '.O....', '......', '...X..'])],
  kind: 'pieces',
  /** Resizes; a piece that falls off goes back on the nearest free cell (black not in row 1). */
  resize: (board, rows, cols) => B.resize(board, rows, cols, ['O', 'X'], (ch, row) => ch !== 'X' || row > 0),
  clear: B.withoutObstacles,

  /** `{board}` from the URL parameters, or `{error}` naming what is malformed. */
  fromParams(params) {
    const text = params.get('board');
    if (text === undefined) return { error: 'the link has no board parameter' };
    return B.parseRows(text.split('/'), LIMITS);
  },
  /** The URL parameters of a board. */
  toParams: (board) => [['board', B.toRows(board).join('/')]],
  /** The engine's board text. */
  engineText: (board) => B.toRows(board).join('\n'),
  /** The contest's text of one board: `n m`, then the rows. */
  toText: (board) => [`${board.rows} ${board.cols}`, ...B.toRows(board)].join('\n'),
  /**
   * `{boards, board}` from contest text (`board` is the first of `boards`), or `{error}`: the
   * contest input (`id T`, then T boards), one board (`n m`, then its rows), or just rows.
   */
  fromText: (text) => readContest(text),
  /** The pieces' cells in the engine's order (red, red, black); null if the count is off. */
  pieceCells(board) {
    const reds = B.find(board, 'O');
    const blacks = B.find(board, 'X');
    return reds.length === 2 && blacks.length === 1 ? [...reds, ...blacks] : null;
  },

  /** The board's rows with the pieces on `pieces` (red, red, black), '/' between rows. */
  positionText(board, pieces) {
    const moved = board.cells.map((ch) => (ch === 'O' || ch === 'X' ? '.' : ch));
    pieces.forEach((cell, i) => (moved[cell] = i < 2 ? 'O' : 'X'));
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
    '<b>Mouse / touch:</b> drag on empty cells to draw obstacles (start on one to erase); drag a piece to move it; tap a piece to vary it in the heatmap. ' +
    '<b>Keys:</b> arrows, <kbd>Space</kbd> obstacle, <kbd>O</kbd>/<kbd>R</kbd> red, <kbd>X</kbd>/<kbd>B</kbd> black, <kbd>Del</kbd> empty, <kbd>Enter</kbd> solve.',
});

/** A line of whole numbers (a header or a size line; board rows never hold digits). */
const isNumbers = (line) => /^-?\d+([ \t]+-?\d+)*$/.test(line);

/**
 * The boards of contest text (RULES §1; composed games share the format): `{boards, board}` or
 * `{error}` naming the line at fault. Size lines are checked against the rows that follow them,
 * and `T` against the boards; `limits` are parseRows's.
 * @param {string} text
 * @param {{chars: string, maxRows: number, maxCols: number, maxCells: number}} [limits]
 */
export function readContest(text, limits = LIMITS) {
  const lines = text
    .split('\n')
    .map((line, i) => ({ at: i + 1, text: line.trim() }))
    .filter((line) => line.text !== '');
  if (lines.length === 0) return { error: 'the text is empty' };
  if (!isNumbers(lines[0].text)) {
    const read = B.parseRows(lines.map((line) => line.text), limits);
    return read.error ? read : { boards: [read.board], board: read.board };
  }
  // `id T` then a size line, or a size line then rows.
  let header = null;
  let i = 0;
  if (lines.length > 1 && isNumbers(lines[1].text)) {
    header = lines[0];
    i = 1;
  }
  const boards = [];
  while (i < lines.length) {
    const size = lines[i];
    const k = boards.length + 1;
    const numbers = size.text.split(/\s+/).map(Number);
    if (!isNumbers(size.text) || numbers.length !== 2 || numbers.some((v) => v < 1)) {
      return { error: `line ${size.at}: board ${k}: expected its size line "n m", found ${JSON.stringify(size.text)}` };
    }
    const [n, m] = numbers;
    const rows = [];
    for (i += 1; i < lines.length && !isNumbers(lines[i].text); i++) rows.push(lines[i]);
    if (rows.length !== n) return { error: `line ${size.at}: board ${k}: its size line says ${n} rows, but ${rows.length} follow` };
    const wrong = rows.findIndex((row) => row.text.length !== m);
    if (wrong >= 0) {
      const row = rows[wrong];
      return { error: `line ${row.at}: board ${k}, row ${wrong + 1} has ${row.text.length} cells; its size line says ${m} columns` };
    }
    const read = B.parseRows(rows.map((row) => row.text), limits);
    if (read.error) return { error: `line ${size.at}: board ${k}: ${read.error}` };
    boards.push(read.board);
  }
  if (header) {
    const numbers = header.text.split(/\s+/).map(Number);
    if (numbers.length !== 2) return { error: `line ${header.at}: expected the first line "id T", found ${JSON.stringify(header.text)}` };
    if (numbers[1] !== boards.length) return { error: `line ${header.at}: the first line "id T" says ${numbers[1]} boards, but ${boards.length} follow` };
  }
  return { boards, board: boards[0] };
}

/** A random board: 4–10 × 4–10 cells, about one obstacle in six, pieces on distinct free cells. */
function randomBoard(random) {
  const rows = 4 + Math.floor(random() * 7);
  const cols = 4 + Math.floor(random() * 7);
  /** @type {string[]} */
  const cells = Array.from({ length: rows * cols }, () => (random() < 0.17 ? '#' : '.'));
  const pick = (ok) => {
    for (;;) {
      const cell = Math.floor(random() * cells.length);
      if (cells[cell] !== 'O' && cells[cell] !== 'X' && ok(cell)) return cell;
    }
  };
  cells[pick(() => true)] = 'O';
  cells[pick(() => true)] = 'O';
  cells[pick((cell) => cell >= cols)] = 'X';
  const lines = [];
  for (let r = 0; r < rows; r++) lines.push(cells.slice(r * cols, (r + 1) * cols).join(''));
  return B.fromRows(lines);
}

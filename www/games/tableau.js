// Tableau (一双木棋, 九省联考 2018, RULES §3) as the page draws and edits it: an n × m board of
// weights, A for the first player and B for the second; stones fill it as a staircase from the
// top-left. Its limits and contest text are the engine's (games/define.js).
// URL: ?game=tableau&a=1,2;3,4&b=5,6;7,8 (rows separated by ';', weights by ',').
// Its board is `{rows, cols, a, b}`: the weight tables, row-major.

import { defineGame } from './define.js';

/** A board from two tables of rows of weights (not checked here). */
function board(a, b) {
  return Object.freeze({ rows: a.length, cols: a[0].length, a: Object.freeze(a.flat()), b: Object.freeze(b.flat()) });
}

const SAMPLE = board(
  [
    [2, 7, 3],
    [9, 1, 2],
  ],
  [
    [3, 7, 2],
    [2, 3, 1],
  ],
);

/**
 * A table parameter as rows of weights, or an error sentence; `limits` are the engine's.
 * @param {string | undefined} text
 * @param {string} name
 * @param {{maxRows: number, maxCols: number, maxWeight: number}} limits
 * @returns {{rows: number[][], error?: undefined} | {error: string, rows?: undefined}}
 */
function readTable(text, name, { maxRows, maxCols, maxWeight }) {
  if (text === undefined || text === '') return { error: `the link has no ${name} table` };
  const rows = text.split(';').map((row) => row.split(',').map((w) => w.trim()));
  if (rows.length > maxRows) return { error: `table ${name} has ${rows.length} rows; at most ${maxRows} are supported` };
  for (const [r, row] of rows.entries()) {
    if (row.length !== rows[0].length) return { error: `row ${r + 1} of table ${name} has ${row.length} weights, expected ${rows[0].length}` };
    if (row.length > maxCols) return { error: `table ${name} has ${row.length} columns; at most ${maxCols} are supported` };
    for (const [c, w] of row.entries()) {
      if (!/^\d+$/.test(w) || Number(w) > maxWeight) {
        return { error: `${name}[${r + 1}][${c + 1}] = ${JSON.stringify(w)} is not a whole number in 0..${maxWeight}` };
      }
    }
  }
  return { rows: rows.map((row) => row.map(Number)) };
}

/** Rows of a table as text lines. */
function lines(table, cols) {
  const out = [];
  for (let i = 0; i < table.length; i += cols) out.push(table.slice(i, i + cols));
  return out;
}

export default defineGame('tableau', ({ facts, sizes }) => {
  const { maxWeight } = facts;
  /** What a link's tables are read against: the sizes the page offers and the engine's largest weight. */
  const limits = { ...sizes, maxWeight };
  return {
    id: 'tableau',
    title: 'Tableau',
    subtitle: '一双木棋 (九省联考 2018)',
    rules:
      'Two players take turns placing a stone on an empty cell whose cells above and to the left all hold stones, until the ' +
      'board is full. A stone on a cell scores A for the first player, B for the second. The first player maximises ' +
      '(own total − other’s total), the second minimises it. One-double wooden chess (一双木棋).',
    kind: 'scored',
    /** What the batch view's positions count. */
    batchPositions: 'every staircase of the board, all of which the empty board can reach',
    /** Art pixels per cell: room for two six-digit weights. */
    cell: 28,
    presets: [
      { name: 'Contest sample (2×3)', board: () => SAMPLE },
      { name: 'Random 5×5', board: (random) => randomBoard(random, 5, 5, 9) },
      { name: 'Random 10×10 (contest size)', board: (random) => randomBoard(random, 10, 10, 100) },
    ],
    defaultBoard: () => SAMPLE,
    warmUp: [
      board(
        [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ],
        [
          [9, 8, 7],
          [6, 5, 4],
          [3, 2, 1],
        ],
      ),
    ],

    fromParams(params) {
      const a = readTable(params.get('a'), 'a', limits);
      if (a.error !== undefined) return a;
      const b = readTable(params.get('b'), 'b', limits);
      if (b.error !== undefined) return b;
      if (a.rows.length !== b.rows.length || a.rows[0].length !== b.rows[0].length) {
        return { error: `table a is ${a.rows.length}×${a.rows[0].length} but table b is ${b.rows.length}×${b.rows[0].length}` };
      }
      return { board: board(a.rows, b.rows) };
    },
    toParams: (t) => [
      ['a', lines(t.a, t.cols).map((row) => row.join(',')).join(';')],
      ['b', lines(t.b, t.cols).map((row) => row.join(',')).join(';')],
    ],
    /** The start is the empty board: no stones. */
    pieceCells: () => [],
    /** A staircase as its row lengths joined by ',' (its stones, `Lab.pieces`, row by row from the left). */
    positionText(t, stones) {
      const lengths = new Array(t.rows).fill(0);
      for (const cell of stones) lengths[Math.floor(cell / t.cols)] += 1;
      return lengths.join(',');
    },
    resize(t, rows, cols) {
      const table = (weights) =>
        Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (r < t.rows && c < t.cols ? weights[r * t.cols + c] : 0)));
      return board(table(t.a), table(t.b));
    },
    /** The board with the weights of `cell` set (each clamped to 0..maxWeight). */
    withWeights(t, cell, a, b) {
      const clamp = (w, old) => (Number.isFinite(w) ? Math.max(0, Math.min(maxWeight, Math.round(w))) : old);
      const [na, nb] = [clamp(a, t.a[cell]), clamp(b, t.b[cell])];
      if (na === t.a[cell] && nb === t.b[cell]) return t;
      const with1 = (table, w) => Object.freeze(table.map((x, i) => (i === cell ? w : x)));
      return Object.freeze({ ...t, a: with1(t.a, na), b: with1(t.b, nb) });
    },

    /** The verdict for the empty board's score, with the totals along the optimal line. */
    verdict({ score }, { line, board: t }) {
      let first = 0;
      let second = 0;
      line.forEach((move, i) => {
        if (i % 2 === 0) first += t.a[move.to];
        else second += t.b[move.to];
      });
      const totals = `With best play the first player’s stones score ${first} (table A) and the second’s ${second} (table B): ${first} − ${second} = ${score}. The numbered cells show the order.`;
      if (score > 0) return { headline: `First player ahead by ${score}`, explanation: totals };
      if (score < 0) return { headline: `Second player ahead by ${-score}`, explanation: totals };
      return { headline: 'Level — the totals are equal', explanation: totals };
    },
    legend: {
      items: [
        { cls: 'first', glyph: '1', words: 'First player’s stone (scores A, top)' },
        { cls: 'second', glyph: '2', words: 'Second player’s stone (scores B, bottom)' },
      ],
      text: () => 'The number in each cell is the move that fills it under optimal play; the small number, what that stone scores.',
    },
    help: '<b>Mouse / touch / arrows:</b> pick a cell, then edit its weights A (first player) and B (second player) beside the board. <kbd>Enter</kbd> solves.',
  };
});

function randomBoard(random, rows, cols, max) {
  const table = () => Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.floor(random() * (max + 1))));
  return board(table(), table());
}

// Tableau (一双木棋, 九省联考 2018, RULES §3) as the page draws and edits it: an n × m board of
// weights, A for the first player and B for the second; stones fill it as a staircase from the
// top-left. Its limits and contest text are the engine's (games/define.js).
// URL: ?game=tableau&a=1,2;3,4&b=5,6;7,8 (rows separated by ';', weights by ',').
// Its board is `{rows, cols, a, b}`: the weight tables, row-major.

import { defineGame } from './define.js';
import { t } from '../words/i18n.js';

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
  if (text === undefined || text === '') return { error: t('tableau.no-table', { name }) };
  const rows = text.split(';').map((row) => row.split(',').map((w) => w.trim()));
  if (rows.length > maxRows) return { error: t('tableau.too-many-rows', { name, rows: rows.length, max: maxRows }) };
  for (const [r, row] of rows.entries()) {
    if (row.length !== rows[0].length) return { error: t('tableau.ragged', { name, row: r + 1, found: row.length, expected: rows[0].length }) };
    if (row.length > maxCols) return { error: t('tableau.too-many-cols', { name, cols: row.length, max: maxCols }) };
    for (const [c, w] of row.entries()) {
      if (!/^\d+$/.test(w) || Number(w) > maxWeight) {
        return { error: t('tableau.bad-weight', { name, row: r + 1, col: c + 1, found: JSON.stringify(w), max: maxWeight }) };
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
    title: t('tableau.title'),
    subtitle: t('tableau.subtitle'),
    rules: t('tableau.rules'),
    sideWords: [t('tableau.first'), t('tableau.second')],
    kind: 'scored',
    /** What the batch view's positions count. */
    batchPositions: t('tableau.batch-positions'),
    /** Art pixels per cell: room for two six-digit weights. */
    cell: 28,
    presets: [
      { name: t('tableau.sample'), board: () => SAMPLE },
      { name: t('tableau.random-5'), board: (random) => randomBoard(random, 5, 5, 9) },
      { name: t('tableau.random-10'), board: (random) => randomBoard(random, 10, 10, 100) },
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
        return { error: t('tableau.sizes-differ', { a: `${a.rows.length}×${a.rows[0].length}`, b: `${b.rows.length}×${b.rows[0].length}` }) };
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
    verdict({ score }, { line, board }) {
      let first = 0;
      let second = 0;
      line.forEach((move, i) => {
        if (i % 2 === 0) first += board.a[move.to];
        else second += board.b[move.to];
      });
      const totals = t('tableau.totals', { first: String(first), second: String(second), score: String(score) });
      if (score > 0) return { headline: t('tableau.first-ahead', { score: String(score) }), explanation: totals };
      if (score < 0) return { headline: t('tableau.second-ahead', { score: String(-score) }), explanation: totals };
      return { headline: t('tableau.level'), explanation: totals };
    },
    legend: {
      items: [
        { cls: 'first', glyph: '1', words: t('tableau.legend-first') },
        { cls: 'second', glyph: '2', words: t('tableau.legend-second') },
      ],
      text: () => t('tableau.legend'),
    },
    help: t('tableau.help'),
  };
});

function randomBoard(random, rows, cols, max) {
  const table = () => Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.floor(random() * (max + 1))));
  return board(table(), table());
}

// The one shape of a game as the page knows it (games/<game>.js). `defineGame(fields)` checks
// that every required field is there with the right type, fills in the optional ones, and
// freezes the result, so that a descriptor with a missing or misspelt field fails when its
// module loads, naming the game and the field, instead of somewhere in the drawing later.

import { CELL } from '../pixels.js';

/**
 * A board is the game's own immutable value: `{rows, cols, cells}` for the grid games
 * (board.js), `{rows, cols, a, b}` for tableau's weight tables (row-major, first's and second's).
 * @typedef {import('../board.js').Grid | Table} Board
 * @typedef {{readonly rows: number, readonly cols: number, readonly a: readonly number[], readonly b: readonly number[]}} Table
 */

/**
 * @typedef {object} Piece
 * @property {string} ch      its character on the board
 * @property {string} side    its sprite: 'red', 'black' or 'white', or a colour '#rrggbb' (composed games)
 * @property {string} label   its name in sentences ("red piece")
 * @property {number} count   how many the board holds
 * @property {string[]} keys  keys that put it on the board (lower case)
 * @property {number} [player]  whose pieces they are: 0 the first to move, 1 the second (optional: the kind's index in `pieces`)
 */

/**
 * @typedef {object} Game
 * @property {string} id             the engine's name of the game (`gameNames()`), also the link's `game=`
 * @property {string} title          its name in the game list
 * @property {string} subtitle       the contest statement's own name (optional)
 * @property {string} summary        the rules in one line, under the game selector
 * @property {string} rules          the rules in one paragraph (the full rules are docs/RULES.md's section of the game)
 * @property {string} help           how to edit the board (the descriptor's own markup)
 * @property {'pieces' | 'scored'} kind  win/lose/tie games with pieces (src/retro/) or scored layered games (src/layered.rs)
 * @property {string[]} sides        the players' names, first to move first
 * @property {Piece[]} pieces        in the engine's order of `Lab.pieces`, kinds in the order of `sides` (optional: none)
 * @property {boolean} obstacles     whether cells can be obstacles (optional: no)
 * @property {boolean} square        whether rows and columns are one size (optional: no)
 * @property {number} minRows
 * @property {number} maxRows
 * @property {number} minCols
 * @property {number} maxCols
 * @property {number} maxCells       the most cells a board may have
 * @property {number} maxWeight      the largest weight of a cell (optional: 0, no weights)
 * @property {number} cell           art pixels per cell (optional: pixels.js CELL)
 * @property {number} defaultVarying index into `Lab.pieces` of the piece the heatmap varies at first (optional: 0)
 * @property {string} tierName       what one of the game's tiers is, in words ("black’s row"), when the engine solves it
 *   tier by tier on request (optional: '', no tiers; the page then offers no choice of order)
 * @property {{name: string, board: (random: () => number) => Board}[]} presets  the boards of the Board menu
 * @property {() => Board} defaultBoard
 * @property {(board: Board, rows: number, cols: number) => Board} resize  keeps what fits, puts pieces that fall off back on
 * @property {(board: Board) => Board} clear  the board emptied as the game understands it (optional: unchanged)
 * @property {(board: Board, cell: number, a: number, b: number) => Board} withWeights  a cell's weights set (optional: unchanged)
 * @property {string} rulesText    a composed game's rules file (games/custom.js; optional: '', a built-in game)
 * @property {(params: Map<string, string>) => {board?: Board, game?: Game, error?: string}} fromParams  the board of a link,
 *   and the game it composes (composed games: the link's rules; optional, this game)
 * @property {(board: Board) => [string, string][]} toParams  the link of a board
 * @property {(board: Board) => string} engineText  the board as the engine reads it (`new Lab(id, text)`)
 * @property {(board: Board) => string} toText      the contest's text of the board
 * @property {(text: string) => {boards?: Board[], board?: Board, error?: string}} fromText  the boards of contest
 *   text (an input may hold several: river's `T` boards, chase's lines), `board` the first of them
 * @property {(board: Board) => number[] | null} pieceCells  the pieces' cells in the engine's order, null if the count is off
 * @property {(board: Board, pieces: number[]) => string} positionText  a position of the board's game (its pieces'
 *   cells, `Lab.pieces`) as its link names a board: river rows joined by `/`, chase `n r1 c1 r2 c2`, tableau the
 *   staircase's row lengths joined by `,` (the explanations' `data-board`)
 * @property {(outcome: object, solution: {line: object[], board: Board}) => {headline: string, explanation: string}} verdict
 *   the words for the start's outcome; `line` is the optimal line from the start
 * @property {{items: {cls: string, glyph: string, words: string}[], text: (piece: string | null) => string}} legend
 *   the heatmap's (tableau: the order of play's) legend
 * @property {Board[]} warmUp       small boards solved while the page loads, so that the browser has optimised the
 *   solver's code before the first real analysis (engine.js; optional: none)
 */

/** Required fields → the type they must have (`typeof`, or 'array'). */
const REQUIRED = {
  id: 'string', title: 'string', summary: 'string', rules: 'string', help: 'string', kind: 'string', sides: 'array',
  minRows: 'number', maxRows: 'number', minCols: 'number', maxCols: 'number', maxCells: 'number',
  presets: 'array', defaultBoard: 'function', resize: 'function', fromParams: 'function', toParams: 'function',
  engineText: 'function', toText: 'function', fromText: 'function', pieceCells: 'function', positionText: 'function', verdict: 'function',
  legend: 'object',
};

/**
 * Optional fields and what they are when a descriptor leaves them out.
 * @type {Record<string, unknown>}
 */
const DEFAULTS = {
  subtitle: '',
  rulesText: '',
  pieces: Object.freeze([]),
  obstacles: false,
  square: false,
  maxWeight: 0,
  cell: CELL,
  defaultVarying: 0,
  tierName: '',
  clear: (/** @type {Board} */ board) => board,
  withWeights: (/** @type {Board} */ board) => board,
  warmUp: Object.freeze([]),
};

const KINDS = ['pieces', 'scored'];

/** @param {unknown} value */
const typeOf = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * The game described by `fields`, checked and completed (see Game); throws naming what is wrong.
 * @param {Record<string, any>} fields
 * @returns {Readonly<Game>}
 */
export function defineGame(fields) {
  const name = typeof fields.id === 'string' ? `game "${fields.id}"` : 'a game without an id';
  for (const [field, type] of Object.entries(REQUIRED)) {
    if (!(field in fields)) throw new Error(`defineGame: ${name} has no ${field} (a ${type})`);
    if (typeOf(fields[field]) !== type) throw new Error(`defineGame: ${name}'s ${field} is a ${typeOf(fields[field])}, not a ${type}`);
  }
  for (const [field, value] of Object.entries(fields)) {
    if (!(field in REQUIRED) && !(field in DEFAULTS)) throw new Error(`defineGame: ${name} has an unknown field ${field}`);
    if (field in DEFAULTS && typeOf(value) !== typeOf(DEFAULTS[field])) {
      throw new Error(`defineGame: ${name}'s ${field} is a ${typeOf(value)}, not a ${typeOf(DEFAULTS[field])}`);
    }
  }
  if (!KINDS.includes(fields.kind)) throw new Error(`defineGame: ${name}'s kind is "${fields.kind}", not one of ${KINDS.join(', ')}`);
  return /** @type {Readonly<Game>} */ (Object.freeze({ ...DEFAULTS, ...fields }));
}

// The one shape of a game as the page knows it (games/<game>.js). A descriptor says how its
// game is drawn and edited; what the game is — its limits, its sides and pieces, its summary,
// its contest text both ways — is the engine's (`gameFacts`, `contestText`, `textBoards`),
// written once, in Rust. `defineGame` checks a descriptor's fields, fills in the optional
// ones, adds the engine's and freezes the result, so that a descriptor with a missing, misspelt
// or engine-given field fails when the page loads, naming the game and the field, instead of
// somewhere in the drawing later.

import { errorText, said } from '../words/text.js';

/**
 * Art pixels per cell of a game's board unless its descriptor says otherwise: the piece games'
 * full glyph set (value, remoteness, counters), from which board/pixels.js sizes the others.
 */
export const CELL = 16;

/**
 * A board is the game's own immutable value: `{rows, cols, cells}` for the grid games
 * (grid.js), `{rows, cols, a, b}` for tableau's weight tables (row-major, first's and second's).
 * @typedef {import('./grid.js').Grid | Table} Board
 * @typedef {{readonly rows: number, readonly cols: number, readonly a: readonly number[], readonly b: readonly number[]}} Table
 */

/**
 * What a descriptor says of a piece kind: how it is drawn and put on the board. Its letter and
 * how many a board holds are the engine's (`gameFacts`: a side's `letter` and `pieces`).
 * @typedef {object} PieceLook
 * @property {string} side    its sprite: 'red', 'black' or 'white'
 * @property {string} label   its name in sentences ("red piece")
 * @property {string[]} keys  keys that put it on the board (lower case)
 */

/**
 * A piece kind as the page uses it: its look, and from the engine its letter, its count and
 * its player (0 the first to move: a composed game's second side may move first).
 * @typedef {PieceLook & {ch: string, count: number, player: number}} Piece
 */

/**
 * What the engine says of one game, as a descriptor is handed it (`defineGame`'s `describe`).
 * @typedef {object} GameEngine
 * @property {import('../pkg/retrolab.js').GameFacts} facts  its limits, sides and weights (`gameFacts`)
 * @property {Sizes} sizes  the sizes of the boards the page offers (from the facts' limits)
 * @property {(board: Board) => string} contestText  the contest's input for a board alone (`contestText`)
 */

/**
 * The sizes of the boards the page offers: those the engine takes whatever the board holds,
 * every size up to its `maxSide` rows and columns (the engine's limits allow more of one side
 * with less of the other, river up to 2 × 288, but refuse some of those, tableau for its count
 * of staircases), within its fewest rows and columns and its most cells.
 * @typedef {object} Sizes
 * @property {number} minRows
 * @property {number} maxRows
 * @property {number} minCols
 * @property {number} maxCols
 * @property {number} maxCells       the most cells a board may have
 */

/**
 * The sizes the page offers for a game of these `limits` (see Sizes).
 * @param {import('../pkg/retrolab.js').GameFacts['limits']} limits
 * @returns {Sizes}
 */
const sizesOf = ({ minRows, minCols, maxSide, maxCells }) => ({
  minRows,
  maxRows: maxSide,
  minCols,
  maxCols: maxSide,
  maxCells: Math.min(maxCells, maxSide * maxSide),
});

/**
 * The facts of a game that are the engine's (`gameFacts`), as fields of its descriptor: a
 * descriptor never states them (defineGame refuses one that does).
 * @typedef {Sizes & EngineOwn} EngineFields
 */

/**
 * @typedef {object} EngineOwn
 * @property {string} summary        the rules in one line, under the game selector
 * @property {string} format         its contest input and output in a paragraph, as the command line's help says it (the batch view's hint)
 * @property {string[]} sides        the players' names, first to move first (the engine's `first` of its sides first)
 * @property {boolean} obstacles     whether cells can be obstacles
 * @property {boolean} square        whether rows and columns are one size
 * @property {number} maxWeight      the largest weight of a cell (0: no weights)
 * @property {(board: Board) => string} toText  the contest's text of the board (`contestText`)
 * @property {(text: string) => {boards: Board[], board: Board, error?: undefined} | {error: string, boards?: undefined, board?: undefined}} fromText
 *   the boards of a pasted text (`textBoards`: a contest input, one of its problems, or the
 *   board's rows; an input may hold several), `board` the first of them, or `{error}`
 */

/**
 * A game as the page knows it: its descriptor's fields (Descriptor) and the engine's (EngineFields).
 * @typedef {Descriptor & EngineFields} Game
 */

/**
 * @typedef {object} Descriptor
 * @property {string} id             the engine's name of the game (`gameNames()`), also the link's `game=`
 * @property {string} title          its name in the game list
 * @property {string} subtitle       the contest statement's own name, shown beside the title in the game list (optional)
 * @property {string} rulesText      a composed game's rules file, which the engine takes with the game's name
 *   (games/custom.js; optional: '', a game of fixed rules)
 * @property {string} rules          the rules in one paragraph (the full rules are docs/RULES.md's section of the game)
 * @property {string[]} sideWords    the players' names in the page's language, first to move first (optional: the
 *   engine's; a composed game's are its rules file's own)
 * @property {string} help           how to edit the board (the descriptor's own markup)
 * @property {'pieces' | 'scored'} kind  win/lose/tie games with pieces (src/retro/) or scored layered games (src/layered.rs)
 * @property {Piece[]} pieces        in the engine's order of `Lab.pieces`, one kind per side that has pieces, in the
 *   order of `sides` (optional: none); a descriptor gives their looks (PieceLook), the engine the rest
 * @property {number} cell           art pixels per cell (optional: CELL)
 * @property {number} defaultVarying index into `Lab.pieces` of the piece the heatmap varies at first (optional: 0)
 * @property {string} tierName       what one of the game's tiers is, in words ("black’s row"), when the engine solves it
 *   tier by tier on request (optional: '', no tiers; the page then offers no choice of order)
 * @property {{name: string, board: (random: () => number) => Board}[]} presets  the boards of the Board menu (one
 *   whose `board` takes no `random` is fixed: the menu names it whenever it is on show)
 * @property {() => Board} defaultBoard
 * @property {(board: Board, rows: number, cols: number) => Board} resize  keeps what fits, puts pieces that fall off back on
 * @property {(board: Board) => Board} clear  the board emptied as the game understands it (optional: unchanged)
 * @property {(board: Board, cell: number, a: number, b: number) => Board} withWeights  a cell's weights set (optional: unchanged)
 * @property {(params: Map<string, string>) => {board?: Board, game?: Game, error?: string}} fromParams  the board of a link,
 *   and the game it composes (composed games: the link's rules; optional, this game)
 * @property {(board: Board) => [string, string][]} toParams  the link of a board
 * @property {(board: Board) => number[] | null} pieceCells  the pieces' cells in the engine's order, null if the count is off
 * @property {(board: Board, pieces: number[]) => string} positionText  a position of the board's game (its pieces'
 *   cells, `Lab.pieces`) as its link names a board: river rows joined by `/`, chase its contest line, tableau the
 *   staircase's row lengths joined by `,` (the explanations' `data-board`)
 * @property {(outcome: object, solution: {line: object[], board: Board}) => {headline: string, explanation: string}} verdict
 *   the words for the start's outcome; `line` is the optimal line from the start
 * @property {{items: {cls: string, glyph: string, words: string}[], text: (piece: string | null) => string}} legend
 *   the heatmap's (tableau: the order of play's) legend
 * @property {string} batchPositions  what the batch view's "positions solved" of a problem are, in words (optional: '')
 * @property {Board[]} warmUp       small boards solved while the page loads, so that the browser has optimised the
 *   solver's code before the first real analysis (engine.js; optional: none)
 */

/** Required fields → the type they must have (`typeof`, or 'array'). */
const REQUIRED = {
  id: 'string', title: 'string', rules: 'string', help: 'string', kind: 'string',
  presets: 'array', defaultBoard: 'function', resize: 'function', fromParams: 'function', toParams: 'function',
  pieceCells: 'function', positionText: 'function', verdict: 'function', legend: 'object',
};

/**
 * Optional fields and what they are when a descriptor leaves them out.
 * @type {Record<string, unknown>}
 */
const DEFAULTS = {
  subtitle: '',
  rulesText: '',
  pieces: Object.freeze([]),
  cell: CELL,
  defaultVarying: 0,
  tierName: '',
  clear: (/** @type {Board} */ board) => board,
  withWeights: (/** @type {Board} */ board) => board,
  warmUp: Object.freeze([]),
  batchPositions: '',
  sideWords: Object.freeze([]),
};

/** The fields the engine gives (EngineFields): a descriptor stating one would say it twice. */
const ENGINE_FIELDS = ['summary', 'format', 'sides', 'obstacles', 'square', 'minRows', 'maxRows', 'minCols', 'maxCols', 'maxCells', 'maxWeight', 'toText', 'fromText'];

const KINDS = ['pieces', 'scored'];

/** @param {unknown} value */
const typeOf = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * A board as the page holds it, frozen (the engine hands over plain objects).
 * @param {Board} board
 * @returns {Board}
 */
const frozen = (board) =>
  Object.freeze('cells' in board ? { ...board, cells: Object.freeze([...board.cells]) } : { ...board, a: Object.freeze([...board.a]), b: Object.freeze([...board.b]) });

/**
 * The page's engine as defineGame uses it (engine.js `Engine`).
 * @typedef {Pick<import('../engine/engine.js').Engine, 'gameFacts' | 'contestText' | 'textBoards'>} FactsSource
 */

/**
 * Game `id` as the page knows it: `describe(engine)` gives its descriptor's fields (see
 * Descriptor), given what the engine says of the game, and `withEngine(engine)` checks them,
 * fills in the optional ones, adds the engine's (EngineFields) and freezes the result. A
 * descriptor with a missing, misspelt or engine-given field, or pieces that are not the
 * engine's, fails when the page loads, naming the game and the field. A composed game's
 * engine is asked with its `rules` file (games/custom.js), which its descriptor states as
 * `rulesText`.
 * @param {string} id
 * @param {(engine: GameEngine) => Record<string, any>} describe
 * @returns {{id: string, withEngine: (engine: FactsSource, rules?: string) => Readonly<Game>}}
 */
export function defineGame(id, describe) {
  return Object.freeze({
    id,
    withEngine(engine, rules) {
      const facts = engine.gameFacts(id, rules);
      /** @param {Board} board */
      const contestText = (board) => engine.contestText(id, board, rules);
      const sizes = sizesOf(facts.limits);
      const fields = describe({ facts, sizes, contestText });
      check(id, fields, facts);
      if ((fields.rulesText || undefined) !== rules) throw new Error(`defineGame: game "${id}"'s rulesText is not the rules it was asked with`);
      const looks = /** @type {PieceLook[]} */ (fields.pieces ?? DEFAULTS.pieces);
      const armed = facts.sides.map((side, s) => ({ ...side, player: s === facts.first ? 0 : 1 })).filter((side) => side.pieces > 0);
      const pieces = looks.map((look, i) => Object.freeze({ ...look, ch: /** @type {string} */ (armed[i].letter), count: armed[i].pieces, player: armed[i].player }));
      const movers = facts.first === 0 ? facts.sides : [...facts.sides].reverse();
      /** @type {EngineFields} */
      const given = {
        ...sizes,
        summary: said(facts.summary),
        format: said(facts.format),
        sides: fields.sideWords?.length ? fields.sideWords : movers.map((side) => side.name),
        obstacles: facts.obstacles,
        square: facts.limits.square,
        maxWeight: facts.maxWeight,
        toText: contestText,
        fromText(text) {
          try {
            const boards = /** @type {Board[]} */ (engine.textBoards(id, text, rules)).map(frozen);
            return { boards, board: boards[0] };
          } catch (error) {
            return { error: errorText(error) };
          }
        },
      };
      return /** @type {Readonly<Game>} */ (Object.freeze({ ...DEFAULTS, ...fields, ...given, pieces: Object.freeze(pieces) }));
    },
  });
}

/**
 * Checks a descriptor's fields against Descriptor and the engine's facts; throws naming what is wrong.
 * @param {string} id
 * @param {Record<string, any>} fields
 * @param {import('../pkg/retrolab.js').GameFacts} facts
 */
function check(id, fields, facts) {
  const name = `game "${id}"`;
  if (fields.id !== id) throw new Error(`defineGame: ${name}'s descriptor has the id ${JSON.stringify(fields.id)}`);
  for (const [field, type] of Object.entries(REQUIRED)) {
    if (!(field in fields)) throw new Error(`defineGame: ${name} has no ${field} (a ${type})`);
    if (typeOf(fields[field]) !== type) throw new Error(`defineGame: ${name}'s ${field} is a ${typeOf(fields[field])}, not a ${type}`);
  }
  for (const [field, value] of Object.entries(fields)) {
    if (ENGINE_FIELDS.includes(field)) throw new Error(`defineGame: ${name} states ${field}, which is the engine's to say (gameFacts)`);
    if (!(field in REQUIRED) && !(field in DEFAULTS)) throw new Error(`defineGame: ${name} has an unknown field ${field}`);
    if (field in DEFAULTS && typeOf(value) !== typeOf(DEFAULTS[field])) {
      throw new Error(`defineGame: ${name}'s ${field} is a ${typeOf(value)}, not a ${typeOf(DEFAULTS[field])}`);
    }
  }
  if (!KINDS.includes(fields.kind)) throw new Error(`defineGame: ${name}'s kind is "${fields.kind}", not one of ${KINDS.join(', ')}`);
  const armed = facts.sides.filter((side) => side.pieces > 0).length;
  const looks = (fields.pieces ?? []).length;
  if (looks !== armed) throw new Error(`defineGame: ${name} draws ${looks} kinds of pieces, but ${armed} of its sides have pieces (gameFacts)`);
}

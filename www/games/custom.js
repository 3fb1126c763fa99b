// Composed games (RULES §6) as the page knows them: a descriptor made from a rules file, its
// pieces' looks and its words the rules'. The engine reads and checks the rules (`readRules`)
// and says what the game is — sides, letters, piece counts, sizes, contest text — as for any
// game (games/define.js), asked with the rules file; the page never parses rules itself.

import * as B from './grid.js';
import { readRules } from '../pkg/retrolab.js';
import { cycleLength } from '../engine/lines.js';
import { defineGame } from './define.js';
import { t } from '../words/i18n.js';
import { errorText } from '../words/text.js';

/** The engine's name of composed games, the link's `game=`. */
export const CUSTOM = 'custom';

/**
 * The rules as the engine reads them (`readRules`): the rules file's keys.
 * @typedef {object} SideRules
 * @property {string} name
 * @property {string} [win]    how its win reads ("The hounds win"); none: "<name> wins"
 * @property {string} letter
 * @property {string} colour   `#rrggbb`
 * @property {number} pieces
 * @property {('orthogonal' | 'diagonal' | 'knight')[]} moves
 * @property {number} distance
 * @property {boolean} jump
 * @property {string[]} never
 * @property {'none' | 'wins' | 'removes'} capture
 * @property {'none' | 'top' | 'bottom'} goal
 *
 * @typedef {object} Rules
 * @property {string} name
 * @property {string} [first]
 * @property {'loses' | 'wins' | 'draws'} stuck
 * @property {string} [board]
 * @property {SideRules[]} side
 */

/** The cell of a piece taken off the board (src/games/custom/view.rs OFF_BOARD). */
const OFF_BOARD = 0xffff;

/**
 * The game of the rules file `text`, as the page knows it: its descriptor, completed by what
 * `engine` says of the game of these rules (games/define.js). Throws the engine's message
 * (naming the line and the field at fault) for rules it cannot play.
 * @param {import('./define.js').FactsSource} engine
 * @param {string} text
 * @returns {Readonly<import('./define.js').Game>}
 */
export function composedGame(engine, text) {
  /** @type {Rules} */
  const rules = readRules(text);
  return defineGame(CUSTOM, ({ facts, sizes }) => describe(engine, text, rules, facts, sizes)).withEngine(engine, text);
}

/**
 * The descriptor's fields of the game of `rules` (read from `text`), given the engine's facts.
 * @param {import('./define.js').FactsSource} engine
 * @param {string} text
 * @param {Rules} rules
 * @param {import('../pkg/retrolab.js').GameFacts} facts
 * @param {import('./define.js').Sizes} sizes
 */
function describe(engine, text, rules, facts, sizes) {
  const movers = facts.first === 0 ? rules.side : [...rules.side].reverse();
  const letters = rules.side.map((s) => s.letter);
  const limits = { chars: `.#${letters.join('')}`, maxRows: sizes.maxRows, maxCols: sizes.maxCols, maxCells: sizes.maxCells };
  const keysTaken = new Set();
  const pieces = rules.side.map((side, i) => {
    const keys = [side.letter.toLowerCase(), String(i + 1)].filter((key) => !keysTaken.has(key));
    keys.forEach((key) => keysTaken.add(key));
    return { side: side.colour, label: t('custom.piece', { side: side.name }), keys };
  });
  /** Whether a piece `ch` may stand in `row` of a board of `rows` rows at the start: not on its goal row. */
  const allowed = (/** @type {string} */ ch, /** @type {number} */ row, /** @type {number} */ rows) => {
    const goal = rules.side[letters.indexOf(ch)]?.goal;
    return !(goal === 'top' && row === 0) && !(goal === 'bottom' && row === rows - 1);
  };
  const startBoard = () => (rules.board ? B.fromRows(rules.board.trim().split('\n')) : openingBoard(rules));

  return {
    id: CUSTOM,
    title: t('custom.title'),
    subtitle: rules.name,
    rulesText: text,
    // A side that only advances splits the positions into tiers (by its rows), solved in turn.
    tierName: facts.advancing ? t('custom.tier') : '',
    rules: t('custom.rules', { sides: rules.side.map(sideWords).join(' '), first: movers[0].name, end: endWords(rules) }),
    pieces,
    presets: [{ name: rules.board ? t('custom.rules-board') : t('custom.open-board'), board: startBoard }],
    defaultBoard: startBoard,
    kind: 'pieces',
    resize: (board, rows, cols) => B.resize(board, rows, cols, letters, (ch, row) => allowed(ch, row, rows)),
    clear: B.withoutObstacles,
    /** `{game, board}` from a link: the game of its `rules` (this game's without), its `board`. */
    fromParams(params) {
      let linked;
      try {
        linked = composedGame(engine, params.get('rules') ?? text);
      } catch (error) {
        return { error: t('custom.bad-rules', { error: errorText(error) }) };
      }
      const rows = params.get('board');
      if (rows === undefined) return { game: linked, board: linked.defaultBoard() };
      const read = B.parseRows(rows.split('/'), { ...limits, chars: `.#${linked.pieces.map((p) => p.ch).join('')}` });
      return read.error ? read : { game: linked, board: read.board };
    },
    toParams: (board) => [
      ['rules', text],
      ['board', B.toRows(board).join('/')],
    ],
    pieceCells(board) {
      const cells = rules.side.map((side) => B.find(board, side.letter));
      return cells.every((found, i) => found.length === rules.side[i].pieces) ? cells.flat() : null;
    },
    /** The board's rows with the pieces on `cells` (in the rules' order of the sides; those taken off left out), '/' between rows. */
    positionText(board, cells) {
      const moved = board.cells.map((ch) => (letters.includes(ch) ? '.' : ch));
      let at = 0;
      rules.side.forEach((side) => {
        for (let k = 0; k < side.pieces; k++, at++) if (cells[at] !== OFF_BOARD) moved[cells[at]] = side.letter;
      });
      return B.toRows({ ...board, cells: moved }).join('/');
    },
    verdict({ value, remoteness: n }, { line }) {
      const [mover, other] = movers.map((s) => s.name);
      const [moverWins, otherWins] = movers.map(winWords);
      if (value === 'tie') {
        return {
          headline: t('games.tie-headline'),
          explanation: t('custom.tie', { count: cycleLength(line) }),
        };
      }
      const winner = value === 'win' ? moverWins : otherWins;
      const words = { count: n, winner, mover, other, first: Math.ceil(n / 2), second: Math.floor(n / 2) };
      if (n === 0) return { headline: t('custom.in-moves', words), explanation: t('custom.over-at-start') };
      return { headline: t('custom.in-moves', words), explanation: value === 'win' ? t('custom.win-why', words) : t('custom.lose-why', words) };
    },
    legend: {
      items: [
        { cls: 'win', glyph: 'W', words: winWords(movers[0]) },
        { cls: 'lose', glyph: 'L', words: winWords(movers[1]) },
        { cls: 'tie', glyph: 'T', words: t('games.legend-tie') },
      ],
      text: (piece) =>
        t('custom.legend', { piece, first: movers[0].name }),
    },
    help:
      t('custom.help', { pieces: pieces.map((p) => `${p.keys.map((k) => `<kbd>${escapeHtml(k.toUpperCase())}</kbd>`).join('/')} ${escapeHtml(p.label)}`).join(t('provenance.separator')) }),
  };
}

/**
 * How a side's win reads: the rules' wording, else "<name> wins".
 * @param {SideRules} side
 */
const winWords = (side) => side.win ?? t('custom.wins', { side: side.name });

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A side's moves and captures in a sentence.
 * @param {SideRules} side
 */
function sideWords(side) {
  const kinds = side.moves.map((kind) => {
    if (kind === 'knight') return t('custom.knight');
    const way = kind === 'orthogonal' ? t('custom.orthogonally') : t('custom.diagonally');
    if (side.distance === 1) return t('custom.step', { way });
    return t(side.jump ? 'custom.jump' : 'custom.slide', { distance: side.distance, way });
  });
  const never = side.never.length > 0 ? t('custom.never', { directions: side.never.join(', ') }) : '';
  const capture = { none: t('custom.capture-none'), wins: t('custom.capture-wins'), removes: t('custom.capture-removes') }[side.capture];
  const goal = side.goal === 'top' ? t('custom.goal-top') : side.goal === 'bottom' ? t('custom.goal-bottom') : '';
  return t('custom.side', { name: side.name, count: side.pieces, letter: side.letter, kinds: kinds.join(t('boardkeys.or')), never, capture, goal });
}

/**
 * How the game ends, in a sentence.
 * @param {Rules} rules
 */
function endWords(rules) {
  const removes = rules.side.some((s) => s.capture === 'removes') ? t('custom.no-pieces') : '';
  const stuck = { loses: t('custom.stuck-loses'), wins: t('custom.stuck-wins'), draws: t('custom.stuck-draws') }[rules.stuck];
  return t('custom.stuck', { stuck, removes });
}

/**
 * A board for rules that give none: 5 × 5 (wider for many pieces), the first side's pieces
 * along the top row, the second's along the bottom (each the other way when that is its goal row).
 * @param {Rules} rules
 */
function openingBoard(rules) {
  const rows = 5;
  const cols = Math.max(5, ...rules.side.map((s) => s.pieces * 2 - 1));
  const cells = Array(rows * cols).fill('.');
  const [a, b] = rules.side;
  const rowA = a.goal === 'top' ? rows - 1 : 0;
  let rowB = b.goal === 'bottom' ? 0 : rows - 1;
  if (rowB === rowA) rowB = rowA === 0 ? 1 : rows - 2;
  for (let k = 0; k < a.pieces; k++) cells[rowA * cols + 2 * k] = a.letter;
  for (let k = 0; k < b.pieces; k++) cells[rowB * cols + cols - 1 - 2 * k] = b.letter;
  return B.fromRows(Array.from({ length: rows }, (_, r) => cells.slice(r * cols, (r + 1) * cols).join('')));
}

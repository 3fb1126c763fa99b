// The URL contract (share links) and the saved board:
//   ?game=river&board=ROW/ROW/…              rows of `.#OX`, '/' between rows
//   ?game=chase&n=N&white=R,C&black=R,C       1-based cells
//   ?game=tableau&a=1,2;3,4&b=5,6;7,8         weight tables, ';' between rows
//   ?game=custom&rules=TEXT&board=ROW/ROW/…   a composed game: its rules file, and rows as river's
//   &solve=1                                  solve at once, at full speed
// Each game reads and writes its own parameters (games/*.js: fromParams, toParams).
// The board being edited is mirrored into the URL and into the browser's storage (saved.js),
// once it is the person's: a link that does not name a readable board never replaces the
// saved one.

import { KEYS, stored, store } from './storage.js';
import { t } from '../words/i18n.js';

/**
 * The longest link the page reads, in characters of its search and hash: 64 KiB. A river
 * board of 24×24 takes some 600, a contest input for the batch view is its text url-encoded;
 * a longer link is refused unread, so that no parser ever spends seconds on one.
 */
export const MAX_QUERY = 64 * 1024;

/**
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {Map<string, string>} Params
 * @typedef {{game: Game, board: Board}} Kept  a board and its game
 */

/** @typedef {import('../machine/state.js').Notice} Notice */

/**
 * What a link (or the saved board) asks for.
 * @typedef {object} Link
 * @property {Game} game
 * @property {Board} board
 * @property {boolean} solve        solve it at once
 * @property {Notice | null} notice  what was wrong with the link, or what it showed instead of the saved board
 * @property {boolean} chosen       the board is the person's (a readable link's, or the saved one): it may
 *   replace the saved board; a default board shown for a link that names none may not
 */

/**
 * Where a visit arrives (`arrive`): the Link, whether the link `named` a board or a game, the
 * saved board (`saved`, null when there is none or it cannot be read) and a batch link's `input`.
 * @typedef {Link & {named: boolean, saved: Kept | null, input?: string}} Arrival
 */

/**
 * The parameters of a link, in order. `#` is taken literally (a board typed into the address
 * bar puts its first obstacle's `#` there, which would otherwise start the fragment), so pass
 * the search and the hash together.
 * @param {string} search
 * @returns {Params}
 */
export function readParams(search, hash = '') {
  const params = new Map();
  const query = (search + hash).replace(/^\?/, '');
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const [key, value] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    params.set(decode(key), decode(value));
  }
  return params;
}

/**
 * The parameters of the link `query` (the search and the hash together), or none when it is
 * over MAX_QUERY characters: how a tool reads what the link asks of it (`&explain=1`), so that
 * a link refused as too long is not read there either.
 * @param {string} query
 * @returns {Params}
 */
export const linkParams = (query) => (query.length > MAX_QUERY ? new Map() : readParams(query));

/** @param {string} text */
function decode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A parameter value, readable in the address bar: only what must be escaped is.
 * @param {string} value
 */
const encode = (value) => encodeURIComponent(value).replace(/%2F/g, '/').replace(/%2C/gi, ',').replace(/%3B/gi, ';');

/**
 * How a notice names where a board came from: a link, or the board saved by the last visit
 * (functions: the words are said when a notice is, in the language of the page).
 */
const SOURCES = {
  link: { unknownGame: (/** @type {string} */ id) => t('url.link-unknown-game', { id }), unreadable: (/** @type {string} */ error) => t('url.link-unreadable', { error }) },
  saved: { unknownGame: (/** @type {string} */ id) => t('url.saved-unknown-game', { id }), unreadable: (/** @type {string} */ error) => t('url.saved-unreadable', { error }) },
};

/**
 * The names of a game's board parameters (`board`; `n`, `white`, `black`; `a`, `b`).
 * @param {Game} game
 */
const boardParams = (game) => game.toParams(game.defaultBoard()).map(([key]) => key);

/**
 * What parameters ask for (a Link), or null when they name no board (neither `game` nor
 * any game's board parameters: tracking parameters, `solve=1` alone, a stray fragment). `game`
 * without its board parameters is that game's default board, not chosen. A board that cannot
 * be read falls back to the default game and board, not chosen, and `notice` says why, naming
 * the `source` ('link' or 'saved').
 * @param {Params} params
 * @param {readonly Game[]} games
 * @param {Game} fallback
 * @param {keyof typeof SOURCES} [source]
 * @returns {Link | null}
 */
export function parseLink(params, games, fallback, source = 'link') {
  const words = SOURCES[source];
  const solve = params.get('solve') === '1';
  const id = params.get('game');
  const game = id === undefined ? games.find((g) => boardParams(g).some((key) => params.has(key))) : games.find((g) => g.id === id);
  if (id === undefined && !game) return null;
  if (!game) return { ...defaults(fallback), solve: false, notice: words.unknownGame(JSON.stringify(id)) };
  if (!boardParams(game).some((key) => params.has(key))) return { ...defaults(game), solve };
  const { board, error, game: composed } = game.fromParams(params);
  if (error || !board) return { ...defaults(game), solve: false, notice: words.unreadable(String(error)) };
  return { game: composed ?? game, board, solve, notice: null, chosen: true };
}

/**
 * The board `query` (a link's search, or a stored link) names and reads as: `{game, board}`,
 * or null when it is too long, names none, or cannot be read. For what was stored (saved.js,
 * recent.js), where a bad value is dropped without a word.
 * @param {unknown} query
 * @param {readonly Game[]} games
 * @returns {Kept | null}
 */
export function boardOf(query, games) {
  if (typeof query !== 'string' || query.length > MAX_QUERY) return null;
  const named = parseLink(readParams(query), games, games[0]);
  return named?.chosen ? { game: named.game, board: named.board } : null;
}

/**
 * Where a visit (or the browser's Back and Forward) arrives, from its link `query` (the search
 * and the hash together) and the saved board's query `saved` (or null): the link's Arrival when
 * it names a board or a game, else the saved board, else the first game's default; with `named`
 * (the link names one) and `saved` (the saved board as `{game, board}`, or null when there is
 * none or it cannot be read). Parameters the page does not know are ignored; the link's
 * `solve=1` solves whichever board it is. A link that names a game but no board that reads
 * (an unknown game, an unreadable board, a batch link `?game=…&input=…`, the game alone) shows
 * a default board, not chosen, and its notice offers the saved board, which it leaves alone. A
 * link over MAX_QUERY characters is not read at all: the saved board is shown, saying so, not
 * chosen (it is saved already; a default board shown instead replaces nothing). `input`
 * is a batch link's contest input (undefined: none).
 * @param {string} query
 * @param {string | null} saved
 * @param {readonly Game[]} games
 * @returns {Arrival}
 */
export function arrive(query, saved, games) {
  const { readable, ...kept } = savedArrival(saved, games);
  const savedBoard = readable ? { game: kept.game, board: kept.board } : null;
  if (query.length > MAX_QUERY) {
    const lengths = { length: query.length, max: MAX_QUERY };
    const notice = savedBoard ? t('url.too-long-saved', lengths) : t('url.too-long-default', lengths);
    // Not chosen: the page leaves the address alone (replacing a history entry of megabytes
    // is slow in the browser), and saving the saved board again would change nothing.
    return { ...kept, solve: false, notice, chosen: false, named: false, saved: savedBoard };
  }
  const params = readParams(query);
  const input = params.get('input');
  const named = parseLink(params, games, games[0]);
  if (!named) return { ...kept, solve: kept.solve || (params.get('solve') === '1' && !kept.notice), named: false, saved: savedBoard, input };
  if (named.chosen) return { ...named, named: true, saved: savedBoard, input };
  const back = savedBoard !== null && boardLink(savedBoard.game, savedBoard.board) !== boardLink(named.game, named.board) ? saved : null;
  const why = named.notice ?? (back === null ? null : instead(input, named.game));
  const notice = back === null ? why : { text: t('url.saved-kept', { why }), back };
  return { ...named, notice, named: true, saved: savedBoard, input };
}

/**
 * The board saved by the last visit (`saved`, its query, or null), chosen: it is the person's,
 * and when it cannot be read the default board that replaces it is too; `readable` when it reads.
 * @param {string | null} saved
 * @param {readonly Game[]} games
 * @returns {Link & {readable: boolean}}
 */
function savedArrival(saved, games) {
  const none = { ...defaults(games[0]), solve: false, chosen: true, readable: false };
  if (saved === null || saved === '') return none;
  if (saved.length > MAX_QUERY) {
    return { ...none, notice: SOURCES.saved.unreadable(t('url.saved-length', { length: saved.length })) };
  }
  const named = parseLink(readParams(saved), games, games[0], 'saved');
  if (!named) return none;
  return { ...named, chosen: true, readable: named.notice === null };
}

/**
 * What a link that names a game but no board shows instead of the saved board.
 * @param {string | undefined} input  a batch link's contest input
 * @param {Game} game
 */
function instead(input, game) {
  return input !== undefined
    ? t('url.batch-link', { game: game.title })
    : t('url.game-link', { game: game.title });
}

/**
 * The default board of `game`, without a notice, not chosen.
 * @param {Game} game
 */
const defaults = (game) => ({ game, board: game.defaultBoard(), notice: null, chosen: false });

/**
 * The query of a board alone, without `solve`: what tells one board from another.
 * @param {Game} game
 * @param {Board} board
 */
export const boardLink = (game, board) => linkFor(game, board, false);

/**
 * The query string of a board: `?game=…&…` (and `&solve=1` when asked).
 * @param {Game} game
 * @param {Board} board
 * @param {boolean} solve
 */
export function linkFor(game, board, solve) {
  const pairs = [['game', game.id], ...game.toParams(board)];
  if (solve) pairs.push(['solve', '1']);
  return '?' + pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&');
}

/** Remembers a link for the next visit (where storage is off, the URL still carries the board). */
export const save = (/** @type {string} */ link) => store(KEYS.link, link);

/** The link saved by the last visit, or null. */
export const saved = () => stored(KEYS.link);

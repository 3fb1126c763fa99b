// The URL contract (share links) and the saved board:
//   ?game=river&board=ROW/ROW/…              rows of `.#OX`, '/' between rows
//   ?game=chase&n=N&white=R,C&black=R,C       1-based cells
//   ?game=tableau&a=1,2;3,4&b=5,6;7,8         weight tables, ';' between rows
//   ?game=custom&rules=TEXT&board=ROW/ROW/…   a composed game: its rules file, and rows as river's
//   &solve=1                                  solve at once, at full speed
// Each game reads and writes its own parameters (games/*.js: fromParams, toParams).
// The board being edited is mirrored into the URL and into localStorage.

const STORAGE_KEY = 'retrolab.link';

/**
 * @typedef {import('./games/define.js').Game} Game
 * @typedef {import('./games/define.js').Board} Board
 * @typedef {Map<string, string>} Params
 * @typedef {{game: Game, board: Board, solve: boolean, notice: string | null}} Link  what a link asks for
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

/** How a notice names where a board came from: a link, or the board saved by the last visit. */
const SOURCES = {
  link: { unknownGame: 'The link names an unknown game', unreadable: 'The link’s board could not be read' },
  saved: { unknownGame: 'The board saved from your last visit is of an unknown game', unreadable: 'The board saved from your last visit could not be read' },
};

/**
 * The names of a game's board parameters (`board`; `n`, `white`, `black`; `a`, `b`).
 * @param {Game} game
 */
const boardParams = (game) => game.toParams(game.defaultBoard()).map(([key]) => key);

/**
 * What parameters ask for: `{game, board, solve, notice}`, or null when they name no board
 * (neither `game` nor any game's board parameters: tracking parameters, `solve=1` alone, a
 * stray fragment). `game` without its board parameters is that game's default board. A board
 * that cannot be read falls back to the default game and board, and `notice` says why, naming
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
  if (!game) return { ...defaults(fallback), solve: false, notice: `${words.unknownGame} ${JSON.stringify(id)}; showing the default board.` };
  if (!boardParams(game).some((key) => params.has(key))) return { ...defaults(game), solve };
  const { board, error, game: composed } = game.fromParams(params);
  if (error || !board) return { ...defaults(game), solve: false, notice: `${words.unreadable} (${error}); showing the default board.` };
  return { game: composed ?? game, board, solve, notice: null };
}

/**
 * The board a visit starts on: the link's when it names one, else the one saved by the last
 * visit (`saved`, its parameters), else the first game's default. Parameters the page does not
 * know are ignored; the link's `solve=1` solves whichever board it is.
 * @param {Params} link
 * @param {Params} saved
 * @param {readonly Game[]} games
 * @returns {Link}
 */
export function startingBoard(link, saved, games) {
  const named = parseLink(link, games, games[0]);
  if (named) return named;
  const kept = parseLink(saved, games, games[0], 'saved') ?? { ...defaults(games[0]), solve: false };
  return { ...kept, solve: kept.solve || (link.get('solve') === '1' && !kept.notice) };
}

/**
 * The default board of `game`, without a notice.
 * @param {Game} game
 */
const defaults = (game) => ({ game, board: game.defaultBoard(), notice: null });

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

/**
 * Remembers a link for the next visit; silently does nothing where storage is off.
 * @param {string} link
 */
export function save(link) {
  try {
    localStorage.setItem(STORAGE_KEY, link);
  } catch {
    // Storage disabled (private mode, file://): the URL still carries the board.
  }
}

/** The link saved by the last visit, or null. */
export function saved() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

// The URL contract (share links) and the saved board:
//   ?game=river&board=ROW/ROW/…              rows of `.#OX`, '/' between rows
//   ?game=chase&n=N&white=R,C&black=R,C       1-based cells
//   ?game=tableau&a=1,2;3,4&b=5,6;7,8         weight tables, ';' between rows
//   &solve=1                                  solve at once, at full speed
// Each game reads and writes its own parameters (games/*.js: fromParams, toParams).
// The board being edited is mirrored into the URL and into localStorage.

const STORAGE_KEY = 'retrolab.link';

/**
 * The parameters of a link, in order. `#` is taken literally (a board typed into the address
 * bar puts its first obstacle's `#` there, which would otherwise start the fragment), so pass
 * the search and the hash together.
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

function decode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A parameter value, readable in the address bar: only what must be escaped is. */
const encode = (value) => encodeURIComponent(value).replace(/%2F/g, '/').replace(/%2C/gi, ',').replace(/%3B/gi, ';');

/**
 * What a link asks for: `{game, board, solve, notice}`. A malformed link falls back to the
 * default game and board, and `notice` says why.
 */
export function parseLink(params, games, fallback) {
  if (params.size === 0) return { ...defaults(fallback), solve: false };
  const solve = params.get('solve') === '1';
  const id = params.get('game') ?? fallback.id;
  const game = games.find((g) => g.id === id);
  if (!game) {
    return { ...defaults(fallback), solve: false, notice: `The link names an unknown game ${JSON.stringify(id)}; showing the default board.` };
  }
  const { board, error } = game.fromParams(params);
  if (error) {
    return { ...defaults(game), solve: false, notice: `The link’s board could not be read (${error}); showing the default board.` };
  }
  return { game, board, solve, notice: null };
}

const defaults = (game) => ({ game, board: game.defaultBoard(), notice: null });

/** The query string of a board: `?game=…&…` (and `&solve=1` when asked). */
export function linkFor(game, board, solve) {
  const pairs = [['game', game.id], ...game.toParams(board)];
  if (solve) pairs.push(['solve', '1']);
  return '?' + pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&');
}

/** Remembers a link for the next visit; silently does nothing where storage is off. */
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

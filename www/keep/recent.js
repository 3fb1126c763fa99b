// The boards a person drew lately: the last RECENT of each game, kept across visits
// (`retrolab.recent`) and offered beside the Board menu (recentmenu.js). What is drawn on a
// board that arrived whole (a link, a preset, a text, another game, a batch row: the editor's
// `arrivals`) is one entry, updated as the drawing goes on, so that the list holds pieces of
// work rather than strokes; a board drawn back to what arrived is no entry (a preset or a link
// has its own way back). A stored value that cannot be read is dropped without a word.

import { KEYS, store, storedJson } from './storage.js';
import { boardLink, boardOf } from './url.js';

/**
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {{game: Game, board: Board, link: string, at: number}} Entry  a board, its query, when it was drawn (ms since 1970)
 */

/** Boards kept per game. */
export const RECENT = 5;
/** The longest stored list read, in characters: 5 boards of each game take at most some 30,000. */
const MAX_STORED = 64 * 1024;

/**
 * The recent boards of `games`, as kept by the last visits. Returns `{boards(game), follow(state),
 * version}`: `boards` the entries of a game, newest first; `follow` the controller's listener that
 * records what is drawn; `version` counts the changes of the lists.
 * @param {Game[]} games
 */
export function createRecent(games) {
  const lists = read(games);
  let version = 0;
  /** The last board seen, and the count of arrivals it was seen at. */
  let seen = { board: /** @type {Board | null} */ (null), arrivals: -1 };
  /** The query of the board that arrived last, and of the entry its drawing made (null: none yet). */
  let arrived = '';
  let work = /** @type {string | null} */ (null);

  /** Puts `board` first in its game's list, in place of the work's entry; with `board` null, drops that entry. */
  function record(/** @type {Game} */ game, /** @type {Board | null} */ board) {
    const link = board && boardLink(game, board);
    const rest = (lists.get(game.id) ?? []).filter((entry) => entry.link !== link && entry.link !== work);
    lists.set(game.id, board && link ? [{ game, board, link, at: Date.now() }, ...rest].slice(0, RECENT) : rest);
    work = link;
    version += 1;
    store(KEYS.recent, JSON.stringify([...lists.values()].flat().map(({ link: query, at }) => ({ link: query, at }))));
  }

  return {
    /** @returns {Entry[]} the recent boards of `game`, newest first */
    boards: (/** @type {Game} */ game) => lists.get(game.id) ?? [],
    get version() {
      return version;
    },
    /** @param {import('../machine/state.js').State} state */
    follow({ editor }) {
      if (editor.board === seen.board && editor.arrivals === seen.arrivals) return;
      const fresh = editor.arrivals !== seen.arrivals;
      seen = { board: editor.board, arrivals: editor.arrivals };
      if (fresh) {
        arrived = boardLink(editor.game, editor.board);
        work = null;
      } else {
        const back = boardLink(editor.game, editor.board) === arrived;
        if (!back || work !== null) record(editor.game, back ? null : editor.board);
      }
    },
  };
}

/**
 * The lists stored by the last visits (a JSON array of `{link, at}`, newest first), by game id;
 * entries that do not read, repeat or overflow a game's RECENT are left out.
 * @param {Game[]} games
 * @returns {Map<string, Entry[]>}
 */
function read(games) {
  /** @type {Map<string, Entry[]>} */
  const lists = new Map();
  const value = storedJson(KEYS.recent, MAX_STORED);
  if (!Array.isArray(value)) return lists;
  for (const item of value) {
    const kept = boardOf(item?.link, games);
    if (!kept || !Number.isFinite(item.at)) continue;
    const link = boardLink(kept.game, kept.board);
    const list = lists.get(kept.game.id) ?? [];
    if (list.length < RECENT && !list.some((entry) => entry.link === link)) list.push({ ...kept, link, at: item.at });
    lists.set(kept.game.id, list);
  }
  return lists;
}

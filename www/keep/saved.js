// What the page keeps of the board being drawn, and when: the board in the URL and the saved
// board (url.js's `retrolab.link`) with its undo steps (`retrolab.undo`), for the next visit.
// Only the person's board is kept: a board a link showed without naming a readable one (url.js
// `arrive`: an unreadable link, a batch link, a game alone) is left out of both until the person
// changes it, so such a link never replaces the saved board, and reloading it shows it again.

import { KEYS, store, storedJson } from './storage.js';
import { noUndo, remember } from '../machine/undo.js';
import { boardLink, boardOf, linkFor, save } from './url.js';
import { withLanguage } from './language.js';
import { currentLanguage } from '../words/i18n.js';

/**
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {import('../machine/undo.js').Undo} Undo
 * @typedef {{game: Game, board: Board}} Kept  a board and its game
 */

/**
 * How many undo steps, each way, the next visit gets back (the page itself keeps 200, undo.js):
 * 50 of a 24×24 river board take some 31,000 characters of storage.
 */
export const KEPT_STEPS = 50;
/** The longest stored undo steps read, in characters: 100 steps of the largest tableau take some 300,000. */
const MAX_STORED = 1024 * 1024;

/** The query of a board (url.js boardLink), once per board: the boards are immutable. */
const links = new WeakMap();
/** @param {Kept} kept */
function linkOf({ game, board }) {
  let link = links.get(board);
  if (link === undefined) {
    link = boardLink(game, board);
    links.set(board, link);
  }
  return link;
}

/** Keeps `undo`'s last steps each way, as the steps of the board `at` (its query): JSON `{at, past, future}`. */
function storeUndo(/** @type {Undo} */ undo, /** @type {string} */ at) {
  const steps = (/** @type {Kept[]} */ list) => list.slice(-KEPT_STEPS).map(linkOf);
  store(KEYS.undo, JSON.stringify({ at, past: steps(undo.past), future: steps(undo.future) }));
}

/**
 * The undo steps kept with the saved board `saved`, or null: none kept, kept for another board
 * (another tab saved since), or not readable (then they are dropped without a word).
 * @param {Game[]} games
 * @param {Kept | null} saved
 * @returns {Undo | null}
 */
function storedUndo(games, saved) {
  if (!saved) return null;
  const value = /** @type {any} */ (storedJson(KEYS.undo, MAX_STORED));
  if (value?.at !== linkOf(saved) || !Array.isArray(value.past) || !Array.isArray(value.future)) return null;
  const steps = (/** @type {unknown[]} */ list) => list.slice(-KEPT_STEPS).map((query) => boardOf(query, games));
  const past = steps(value.past);
  const future = steps(value.future);
  if (!readable(past) || !readable(future)) return null;
  const snapshot = (/** @type {Kept} */ kept) => ({ ...kept, choices: null });
  return { past: past.map(snapshot), future: future.map(snapshot) };
}

/**
 * Whether every step of `list` read.
 * @param {(Kept | null)[]} list
 * @returns {list is Kept[]}
 */
function readable(list) {
  return list.every((kept) => kept !== null);
}

/**
 * The undo steps a visit starts with, arriving at `arrival` (url.js `arrive`): the last visit's,
 * and, when the link shows another board than the saved one, a step back to the saved board.
 * (The boards of a contest text to choose from are not kept.)
 * @param {Game[]} games
 * @param {import('./url.js').Arrival} arrival
 * @returns {Undo}
 */
export function startingUndo(games, arrival) {
  const { saved } = arrival;
  const undo = storedUndo(games, saved) ?? noUndo();
  return saved && linkOf(saved) !== linkOf(arrival) ? remember(undo, { ...saved, choices: null }) : undo;
}

/**
 * The query the address carries for `state`: its board, and `solve=1` for an analysis asked for
 * (one solved live was not, and is solved live again), and the page's language when it is not
 * English. What the address says and what "Copy link" copies.
 * @param {import('../machine/state.js').State} state
 */
export function addressOf(state) {
  const asked = (state.phase === 'solved' || state.phase === 'replaying') && !state.live;
  return withLanguage(linkFor(state.editor.game, state.editor.board, asked), currentLanguage());
}

/**
 * Mirrors the board being drawn into the URL and the saved board, from `arrival` (url.js
 * `arrive`) on: `mirror(state)` is the controller's listener, `arrived(next)` tells it that the
 * browser's Back or Forward loaded another arrival. A deliberate change (a game, a preset, a
 * text, a size: `editor.landmark`) is a new entry of the browser's history, so that Back
 * returns to the board before it; drawing replaces the entry. The first change of a board not
 * chosen is a new entry too, so that Back returns to the link it came by.
 * @param {{game: Game, board: Board, chosen: boolean}} arrival
 */
export function createMirror(arrival) {
  /** The board (its query) shown but not the person's, or null. */
  let unchosen = /** @type {string | null} */ (null);
  let lastLink = /** @type {string | null} */ (null);
  let lastLandmark = /** @type {number | null} */ (null);
  /** Whether a pointer stroke is drawing: the current entry waits for its end (`release`). */
  let holding = false;
  /** @typedef {{link: string, board: string, undo: Undo}} Write */
  /** The current entry's link, board and undo steps still to be written, or null. */
  let pending = /** @type {Write | null} */ (null);
  const flush = () => {
    if (pending === null) return;
    history.replaceState(null, '', pending.link);
    save(pending.link);
    storeUndo(pending.undo, pending.board);
    pending = null;
  };
  const arrived = (/** @type {{game: Game, board: Board, chosen: boolean}} */ next) => {
    unchosen = next.chosen ? null : linkOf(next);
  };
  arrived(arrival);
  return {
    arrived,
    /** A stroke begins: drawn boards replace the current entry once, when it ends. */
    hold() {
      holding = true;
    },
    /** The stroke ended: the last board it drew is written. */
    release() {
      holding = false;
      flush();
    },
    /** @param {import('../machine/state.js').State} state */
    mirror(state) {
      const { editor } = state;
      const deliberate = lastLandmark !== null && editor.landmark !== lastLandmark;
      lastLandmark = editor.landmark;
      const link = addressOf(state);
      if (link === lastLink) return;
      lastLink = link;
      const board = linkOf(editor);
      if (board === unchosen) return;
      const leaving = unchosen !== null;
      unchosen = null;
      if (deliberate || leaving) {
        flush();
        history.pushState(null, '', link);
        save(link);
        storeUndo(editor.undo, board);
        return;
      }
      pending = { link, board, undo: editor.undo };
      if (!holding) flush();
    },
  };
}

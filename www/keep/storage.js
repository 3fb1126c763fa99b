// The browser's storage for what the page keeps across visits: the one module that reads and
// writes it, and the one list of what is kept (KEYS). Reading or writing may fail (storage
// disabled in private mode or on file://, the quota full): a value that cannot be read is
// missing, one that cannot be written is kept for this visit only. What a value means is its
// owner's (each key names the module that reads and writes it).

/**
 * Every key the page keeps a value under, with the module that owns it.
 * @type {Readonly<Record<'link' | 'undo' | 'recent' | 'speed' | 'order' | 'teaching' | 'sound' | 'guide' | 'drills' | 'language', string>>}
 */
export const KEYS = Object.freeze({
  /** The saved board, as its link's query (url.js `save`, `saved`). */
  link: 'retrolab.link',
  /** The saved board's undo steps (saved.js). */
  undo: 'retrolab.undo',
  /** The boards drawn lately (recent.js). */
  recent: 'retrolab.recent',
  /** The speed of the analysis, a notch of SPEEDS (settings.js). */
  speed: 'retrolab.speed',
  /** The order of the analysis, one of ORDERS (settings.js). */
  order: 'retrolab.order',
  /** How the person follows the algorithm: code language, what the board shows, predict (settings.js). */
  teaching: 'retrolab.teaching',
  /** Whether sound is on (panels/sound.js). */
  sound: 'retrolab.sound',
  /** Whether the first visit's guide was seen (panels/guide.js). */
  guide: 'retrolab.guide',
  /** The drills' streak of right answers (tools/drill.js). */
  drills: 'retrolab.drills',
  /** The language the person chose with the switch, `en` or `zh` (language.js). */
  language: 'retrolab.language',
});

/** The value stored under `key`, or null when there is none or storage is off. */
export function stored(/** @type {string} */ key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The JSON value stored under `key`, or undefined: none, longer than `maxLength` characters
 * (not parsed at all), or not JSON. What it holds is the caller's to check.
 * @returns {unknown}
 */
export function storedJson(/** @type {string} */ key, /** @type {number} */ maxLength) {
  const text = stored(key);
  if (text === null || text.length > maxLength) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stores `value` under `key`; does nothing where storage is off or full. */
export function store(/** @type {string} */ key, /** @type {string} */ value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage off or full: the page goes on without it.
  }
}

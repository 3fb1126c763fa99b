// The browser's localStorage for what the page keeps across visits, where reading or writing
// may fail (storage disabled in private mode or on file://, the quota full): a value that cannot
// be read is missing, one that cannot be written is kept for this visit only.

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

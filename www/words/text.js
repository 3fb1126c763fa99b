// Words and numbers as the page writes them, shared by every module that writes sentences.

/**
 * One formatter for every count: `toLocaleString` with a locale builds a formatter per call,
 * and the first one loads the browser's locale data (which a first solve then paid for in one
 * long task). Made on first use; the page makes it in a task of its own while
 * it loads (main.js), not while its modules are evaluated, which are one task already long.
 * @type {Intl.NumberFormat | null}
 */
let counts = null;

/**
 * "1,234": a count rounded to a whole number, with thousands separators.
 * @param {number} n
 */
export const count = (n) => (counts ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(Math.round(n));

/**
 * "1 move", "2 moves"; `shown` writes the number (`count` for separators).
 * @param {number} n
 * @param {string} word
 * @param {(n: number) => string} [shown]
 */
export const plural = (n, word, shown = String) => `${shown(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a thrown value says, for a sentence: an Error's message, or the value itself (wasm and
 * the browser may throw other values than Errors).
 * @param {unknown} error
 */
export const errorText = (error) => (error instanceof Error ? error.message : String(error));

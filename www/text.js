// Words and numbers as the page writes them, shared by every module that writes sentences.

/**
 * One formatter for every count, made as the page loads: `toLocaleString` with a locale builds
 * a formatter per call, and the first one loads the browser's locale data (some 30 ms, which a
 * first solve then paid for in one long task).
 */
const COUNTS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * "1,234": a count rounded to a whole number, with thousands separators.
 * @param {number} n
 */
export const count = (n) => COUNTS.format(Math.round(n));

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

// Words and numbers as the page writes them, shared by every module that writes sentences.

import { formatCount } from './i18n.js';

/**
 * "1,234": a count rounded to a whole number, with the separators of the page's language.
 * @param {number} n
 */
export const count = (n) => formatCount(n);

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

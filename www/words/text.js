// Numbers and errors as the page writes them, shared by every module that writes sentences
// (plural forms are the catalogs', i18n.js).

import { formatCount } from './i18n.js';

/**
 * "1,234": a count rounded to a whole number, with the separators of the page's language.
 * @param {number} n
 */
export const count = (n) => formatCount(n);

/**
 * What a thrown value says, for a sentence: an Error's message, or the value itself (wasm and
 * the browser may throw other values than Errors).
 * @param {unknown} error
 */
export const errorText = (error) => (error instanceof Error ? error.message : String(error));

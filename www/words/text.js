// Numbers and errors as the page writes them, shared by every module that writes sentences
// (plural forms are the catalogs', i18n.js).

import { formatCount, t } from './i18n.js';

/**
 * "1,234": a count rounded to a whole number, with the separators of the page's language.
 * @param {number} n
 */
export const count = (n) => formatCount(n);

/**
 * A message the engine words (src/words.rs): its code, a key of the catalogs, and its
 * arguments — numbers, texts, and the messages within, themselves `{code, args}`.
 * @typedef {{code: string, args: Readonly<Record<string, unknown>>}} EngineWords
 */

/**
 * Whether a value is a message the engine words.
 * @param {unknown} value
 * @returns {value is EngineWords}
 */
const isWords = (value) =>
  typeof value === 'object' && value !== null && typeof (/** @type {{code?: unknown}} */ (value).code) === 'string' && 'args' in value;

/**
 * A message the engine words, said in the page's language: its arguments that are messages
 * said first, its numbers written as the command line writes them (no separators: a plural
 * form is chosen from the text as well), so that the English page says the CLI's very words.
 * @param {EngineWords} words
 * @returns {string}
 */
export function said({ code, args }) {
  const shown = Object.fromEntries(
    Object.entries(args).map(([name, value]) => [name, isWords(value) ? said(value) : typeof value === 'number' ? String(value) : value]),
  );
  return t(code, shown);
}

/**
 * What a thrown value says, for a sentence: the engine's message in the page's language when
 * the engine worded it (its Error carries `code` and `args`, its `message` the English), else
 * an Error's message, or the value itself (wasm and the browser may throw other values than
 * Errors).
 * @param {unknown} error
 */
export const errorText = (error) => (isWords(error) ? said(error) : error instanceof Error ? error.message : String(error));

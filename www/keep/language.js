// Which language the page speaks on a visit: the link's (`lang=en|zh`), else the one the person
// chose with the switch (kept in storage), else the first of the browser's preferred languages
// the page speaks, else English. The links the page writes carry `lang=` when it speaks
// another language than English (saved.js `addressOf`), so that a shared link opens in it.

import { KEYS, store, stored } from './storage.js';
import { languageOf } from '../words/i18n.js';
import { readParams } from './url.js';

/** @typedef {import('../words/i18n.js').Language} Language */

/**
 * The language of a visit by the link `query` (its search and hash), from a browser that
 * prefers `preferred` (navigator.languages).
 * @param {string} query
 * @param {readonly string[]} preferred
 * @returns {Language}
 */
export function visitLanguage(query, preferred) {
  const linked = languageOf(readParams(query).get('lang'));
  const kept = languageOf(stored(KEYS.language) ?? undefined);
  return linked ?? kept ?? preferred.map(languageOf).find((l) => l !== undefined) ?? 'en';
}

/**
 * Keeps `name` (the switch's value) as the person's language, and returns the link `query`
 * (its search and hash together: a board's `#` is read literally, url.js) saying it, to reload
 * the page in it: `lang=` dropped, and added again last when the language is not English.
 * @param {string} name
 * @param {string} query
 */
export function chooseLanguage(name, query) {
  const language = languageOf(name) ?? 'en';
  store(KEYS.language, language);
  const others = query.replace(/^\?/, '').split('&').filter((part) => part !== '' && !part.startsWith('lang='));
  return withLanguage(`?${others.join('&')}`, language);
}

/**
 * A link's `query` with `lang=` last when `language` is not English.
 * @param {string} query
 * @param {Language} language
 */
export const withLanguage = (query, language) => (language === 'en' ? query : `${query}${query === '?' ? '' : '&'}lang=${language}`);

// The page's words in the language chosen (English or Simplified Chinese): `t(key, args)` says
// one message of the catalogs (en.js, zh.js), with its named arguments in place, numbers and
// lists written the language's way (`Intl`), and its plural form chosen by `Intl.PluralRules`.
// One key is one whole sentence or label, never a fragment joined to others: word order
// differs between the languages. The language is set once, when the page loads (keep/language.js
// chooses it): every word the page makes at load and after it is then of that language, and a
// switch reloads the page (the board, its undo steps and settings are kept across reloads).

import en from './en.js';
import zh from './zh.js';

/** The languages the page speaks, as the switch and `?lang=` name them. */
export const LANGUAGES = /** @type {const} */ (['en', 'zh']);

/** @typedef {typeof LANGUAGES[number]} Language */

/**
 * A message: a text with `{name}` for its arguments, or its plural forms by the category
 * `Intl.PluralRules` gives the argument `count` (`one`, `other`: Chinese has `other` alone).
 * @typedef {string | Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>} Message
 */

/** @type {Readonly<Record<Language, Readonly<Record<string, Message>>>>} */
export const CATALOGS = Object.freeze({ en, zh });

/** The locale of each language, for `Intl`. */
const LOCALES = Object.freeze({ en: 'en-US', zh: 'zh-CN' });

/** @type {Language} */
let language = 'en';

/**
 * The formatters of the language, made on first use: the first `Intl` formatter of a locale
 * loads the browser's locale data, which the page pays for in a task of its own (main.js).
 * @type {{number: Intl.NumberFormat, plural: Intl.PluralRules, list: Intl.ListFormat} | null}
 */
let formats = null;

/** Sets the language every later word is said in. */
export function setLanguage(/** @type {Language} */ chosen) {
  language = chosen;
  formats = null;
}

/** The language words are said in. */
export const currentLanguage = () => language;

/** The language named `name` ('zh', 'zh-CN', 'en-GB'…), or undefined when the page does not speak it. */
export function languageOf(/** @type {string | undefined} */ name) {
  const primary = (name ?? '').toLowerCase().split('-')[0];
  return LANGUAGES.find((l) => l === primary);
}

/** The formatters of the language. */
function formatters() {
  const locale = LOCALES[language];
  return (formats ??= {
    number: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    plural: new Intl.PluralRules(locale),
    list: new Intl.ListFormat(locale, { type: 'conjunction' }),
  });
}

/** "1,234": a count rounded to a whole number, with the language's separators. */
export const formatCount = (/** @type {number} */ n) => formatters().number.format(Math.round(n));

/** "a, b and c" / "a、b和c": a list in the language's way. */
export const formatList = (/** @type {readonly string[]} */ items) => formatters().list.format(items);

/**
 * An argument as the message shows it: a number with the language's separators (a
 * fraction as it is), a list joined the language's way, anything else as text.
 * @param {unknown} value
 */
function shown(value) {
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : String(value);
  if (Array.isArray(value)) return formatList(value.map(String));
  return String(value);
}

/**
 * The message `key` in the language, with `args` in place of its `{name}`s; a plural message
 * takes the form for `args.count`. A key missing from the language's catalog falls back to
 * English, one missing from both is said as itself (e2e/words.test.mjs fails on either).
 * @param {string} key
 * @param {Readonly<Record<string, unknown>>} [args]
 * @returns {string}
 */
export function t(key, args = {}) {
  const message = CATALOGS[language][key] ?? CATALOGS.en[key];
  if (message === undefined) return key;
  const text = typeof message === 'string' ? message : pluralForm(message, Number(args.count));
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? shown(args[name]) : whole));
}

/**
 * The form of a plural message for `count`: its category's, else `other`.
 * @param {Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>} forms
 * @param {number} count
 */
function pluralForm(forms, count) {
  return forms[formatters().plural.select(count)] ?? forms.other ?? '';
}

// The page's own elements in the chosen language: each element of index.html marked
// `data-i18n="key"` gets the message as its text (with the catalogs' little markup: <b>, <em>,
// <i>, <kbd>), `data-i18n-title` and `data-i18n-aria-label` its attributes; and the language
// switch `[data-testid=lang]` in the header, which keeps the choice (keep/language.js) and
// reloads the page in it.

import { currentLanguage, t } from '../words/i18n.js';
import { chooseLanguage } from '../keep/language.js';

/** The markup a message may hold: an element of these names, holding text only. */
const MARKUP = /<(b|em|i|kbd)>([^<]*)<\/\1>/g;

/**
 * Sets `element`'s content to `text`, the catalogs' markup made elements and everything else
 * text (never parsed as HTML: a message cannot inject anything).
 * @param {HTMLElement} element
 * @param {string} text
 */
export function setRichText(element, text) {
  const doc = element.ownerDocument;
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(MARKUP)) {
    parts.push(text.slice(at, match.index));
    parts.push(Object.assign(doc.createElement(match[1]), { textContent: match[2] }));
    at = /** @type {number} */ (match.index) + match[0].length;
  }
  parts.push(text.slice(at));
  element.replaceChildren(...parts);
}

/**
 * Says the page's marked elements in the current language, and sets the document's `lang`.
 * @param {Document} doc
 */
export function sayPage(doc) {
  doc.documentElement.lang = currentLanguage();
  sayWithin(doc);
}

/**
 * Says the marked elements under `root` (the page, or a panel a module filled from a
 * template): `data-i18n` their text, `data-i18n-title` and `data-i18n-aria-label` those
 * attributes.
 * @param {ParentNode} root
 */
export function sayWithin(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    setRichText(/** @type {HTMLElement} */ (element), t(/** @type {string} */ (element.getAttribute('data-i18n'))));
  }
  for (const attribute of ['title', 'aria-label']) {
    for (const element of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      element.setAttribute(attribute, t(/** @type {string} */ (element.getAttribute(`data-i18n-${attribute}`))));
    }
  }
}

/**
 * The language switch: shows the current language; a choice is kept and the page reloads in
 * it, its link saying the language (`lang=`), with the board and its undo steps, which the
 * page keeps across reloads.
 * @param {Document} doc
 */
export function attachLanguageSwitch(doc) {
  const select = /** @type {HTMLSelectElement} */ (doc.querySelector('[data-testid="lang"]'));
  select.value = currentLanguage();
  select.addEventListener('change', () => {
    const view = /** @type {Window} */ (doc.defaultView);
    view.location.replace(chooseLanguage(select.value, view.location.search + view.location.hash));
  });
}

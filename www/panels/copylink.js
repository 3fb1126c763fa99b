// "Copy link" `[data-testid=copy-link]`, wherever the address carries the board (beside the
// contest text, in the composer): copies the page's link for the board on show (keep/saved.js
// `addressOf`, as the address bar has it) and says "Link copied" a moment. Where the browser
// refuses the clipboard (no permission, an insecure page), the link appears in a small field
// `[data-testid=copy-link-field]`, selected, for the person to copy themselves.

import { addressOf } from '../keep/saved.js';
import { t } from '../words/i18n.js';

/** How long "Link copied" stays, in milliseconds. */
const SAID_MS = 4000;

/**
 * A "Copy link" button with its confirmation and fallback field, for the state `current()`
 * returns; `title` says what the link brings. Returns the element holding them.
 * @param {Document} doc
 * @param {() => import('../machine/state.js').State} current
 * @param {string} title
 */
export function copyLinkButton(doc, current, title) {
  const make = (/** @type {string} */ tag, /** @type {Record<string, string>} */ attributes, text = '') => {
    const el = doc.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
    el.textContent = text;
    return el;
  };
  const button = make('button', { type: 'button', 'data-testid': 'copy-link', title }, t('copylink.copy'));
  const said = make('span', { class: 'copy-link-said', 'data-testid': 'copy-link-said', role: 'status', 'aria-live': 'polite' });
  const field = /** @type {HTMLInputElement} */ (make('input', { class: 'copy-link-field', 'data-testid': 'copy-link-field', readonly: '', 'aria-label': t('copylink.field') }));
  field.hidden = true;
  const box = make('span', { class: 'copy-link' });
  box.append(button, said, field);
  let timer = 0;

  button.addEventListener('click', async () => {
    const link = new URL(addressOf(current()), doc.defaultView?.location.href).href;
    clearTimeout(timer);
    try {
      await navigator.clipboard.writeText(link);
      field.hidden = true;
      said.textContent = t('copylink.copied');
      timer = window.setTimeout(() => (said.textContent = ''), SAID_MS);
    } catch {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
      said.textContent = t('copylink.refused');
    }
  });
  field.addEventListener('focus', () => field.select());
  return box;
}

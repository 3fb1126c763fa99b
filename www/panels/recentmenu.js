// "Recent", beside the Board menu: the boards drawn lately of the game shown (recent.js), newest
// first, leaving out the one on the board; hidden while there is none. Choosing one loads it as
// its contest text would be: a deliberate change, so an undo step and an entry of the history.

import { boardLink } from '../keep/url.js';
import { t } from '../words/i18n.js';

/**
 * The formatters of times and days, made on first use: made while the page's modules are
 * evaluated, the first of them loaded the browser's locale data in that task (text.js).
 * @type {{time: Intl.DateTimeFormat, day: Intl.DateTimeFormat} | null}
 */
let formats = null;

/** "6×6 · 14:03" today, "6×6 · 24 Nov" before. */
function label(/** @type {import('../keep/recent.js').Entry} */ { board, at }, /** @type {Date} */ now) {
  const when = new Date(at);
  const locale = t('recent.date-locale');
  formats ??= { time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }), day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }) };
  return `${board.rows}×${board.cols} · ${when.toDateString() === now.toDateString() ? formats.time.format(when) : formats.day.format(when)}`;
}

/**
 * Binds `[data-testid=recent]` under `doc` (a select inside the label it shows and hides) to
 * `recent`'s boards; returns the controller's listener that keeps its options.
 * @param {Document} doc
 * @param {{loadText: (text: string) => void}} controller
 * @param {ReturnType<typeof import('../keep/recent.js').createRecent>} recent
 */
export function attachRecentMenu(doc, controller, recent) {
  const select = /** @type {HTMLSelectElement} */ (doc.querySelector('[data-testid="recent"]'));
  const box = /** @type {HTMLElement} */ (select.closest('label'));
  /** @type {import('../keep/recent.js').Entry[]} */
  let offered = [];
  let shown = { board: /** @type {import('../games/define.js').Board | null} */ (null), version: -1 };

  select.addEventListener('change', () => {
    const entry = offered[Number(select.value)];
    select.value = '';
    if (entry) controller.loadText(entry.game.toText(entry.board));
  });

  /** @param {import('../machine/state.js').State} state */
  return ({ editor: { game, board } }) => {
    if (board === shown.board && recent.version === shown.version) return;
    shown = { board, version: recent.version };
    const now = new Date();
    const link = boardLink(game, board);
    offered = recent.boards(game).filter((entry) => entry.link !== link);
    box.hidden = offered.length === 0;
    select.replaceChildren(
      new Option(t('recent.boards', { count: offered.length }), ''),
      ...offered.map((entry, i) => new Option(label(entry, now), String(i))),
    );
  };
}

// The inspector: the result of the last action, where the eye is. On a desktop it is
// the column beside the board; the page holds still and the inspector scrolls inside itself
// (style.css), so the board and what you look at stand side by side and the board never
// moves; on a phone its sheet is docked above the control bar at the screen's bottom, and the
// page keeps room under everything for that dock, so nothing is ever left under it.
//
// The results are the sheet's cards (`.card`): where a value came from (a tapped cell), what a
// step did or a histogram bar's example, a tie's cycle, a tool's panel (Explain's proof, Check,
// …). A card that appears (its `hidden` goes), or says it shows something new (announce), is
// the latest result: the sheet opens and the card is scrolled into view — inside the inspector
// or the sheet, and the page if it must — the whole card if it fits, else its part that matters
// with as much above it as fits. On a phone the board is then kept clear of the grown dock
// when it was in sight, and brought back above it for a result about the board (a cell's
// provenance, a proof that points at positions on it). The sheet's head (phones only) names
// the latest result and folds the sheet away or back. A quiet card (`data-quiet`: a tie's
// cycle, which comes with the verdict and details it) arrives folded on a phone, the verdict
// kept in sight above the dock.
//
// It also says how much must stay in sight under the board when the board is fitted to the
// screen (frame.js): the docked control bar on a phone, the verdict's line on a desktop.

import { t } from '../words/i18n.js';

/** The event a card sends when it shows something new (`detail.target`: what must be seen). */
const RESULT = 'result';

/** CSS pixels kept between a revealed result, or the board, and the edge it is brought to. */
const MARGIN = 8;

/** Milliseconds after a result arrives in which it is kept in view as it grows (its words finish, its figures redraw). */
const SETTLE_MS = 1000;

/**
 * Tells the inspector that the card around `element` shows something new, of which `target`
 * must be seen (the card itself by default): it is brought into view as the latest result;
 * `board`: it is about the board, which a phone then shows above it.
 * @param {HTMLElement} element
 * @param {HTMLElement} [target]
 * @param {{board?: boolean}} [options]
 */
export function announce(element, target = element, { board = false } = {}) {
  element.dispatchEvent(new CustomEvent(RESULT, { bubbles: true, detail: { target, board } }));
}

/**
 * Binds the inspector of `doc`; returns `{below()}`: the CSS pixels to keep in sight under the board.
 * @param {Document} doc
 */
export function createInspector(doc) {
  const win = /** @type {Window} */ (doc.defaultView);
  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (doc.querySelector(`[data-testid="${id}"]`));
  const inspector = $('inspector');
  const dock = $('dock');
  const sheet = $('sheet');
  const body = $('sheet-body');
  const title = $('sheet-title');
  const toggle = $('sheet-toggle');
  const controls = $('controls');
  const frame = $('board-frame');
  const verdict = $('verdict');
  const outcome = $('outcome');
  /** @type {HTMLElement | null} */
  let latest = null;
  /** Whether the person folded the sheet away (phones); the next result unfolds it. */
  let folded = false;
  /**
   * A result to bring into view: its card, what in it must be seen, whether it is about the board.
   * @typedef {{card: HTMLElement, target: HTMLElement, board: boolean}} Result
   */
  /**
   * The result to bring into view at the next frame, once laid out.
   * @type {Result | null}
   */
  let pending = null;
  /**
   * The result brought into view last, and when: it stays in view as it settles.
   * @type {{result: Result | null, at: number}}
   */
  let revealed = { result: null, at: -Infinity };

  /** Whether the sheet is docked at the screen's bottom (phones) rather than beside the board. */
  const docked = () => win.getComputedStyle(dock).position === 'fixed';
  const cards = () => /** @type {HTMLElement[]} */ ([...body.querySelectorAll('.card')]);

  /**
   * Names the latest result in the sheet's head, and folds the sheet or not. (The sheet shows
   * while a card does, style.css: at once, so that a card measures itself as it appears.)
   */
  function update() {
    const shown = cards().filter((card) => !card.hidden);
    if (!latest || !shown.includes(latest)) latest = shown.at(-1) ?? null;
    sheet.classList.toggle('folded', folded);
    toggle.textContent = folded ? t('inspector.show') : t('html.sheet-toggle');
    toggle.setAttribute('aria-expanded', String(!folded));
    const by = latest?.getAttribute('aria-labelledby');
    title.textContent = latest?.getAttribute('aria-label') ?? (by ? doc.getElementById(by)?.textContent : null) ?? '';
  }

  /**
   * Makes the result's card the latest and brings it into view once laid out. Within a frame the
   * latest card wins; for one card, what it announced wins over its appearing.
   * @param {Result} result
   */
  function bring(result) {
    const others = cards().some((card) => card !== result.card && !card.hidden);
    folded = 'quiet' in result.card.dataset ? folded || !others : false;
    latest = result.card;
    update();
    if (pending?.card === result.card && result.target === result.card && !result.board) return;
    if (!pending) {
      win.requestAnimationFrame(() => {
        const shown = /** @type {Result} */ (pending);
        pending = null;
        revealed = { result: shown, at: performance.now() };
        reveal(shown);
      });
    }
    pending = result;
  }

  /**
   * Scrolls `box` (a scroll box, or the page when null) by the least that shows `card` whole
   * between `top` and `bottom` (client coordinates) — with `also` (what asked for it, such as
   * the focused histogram) if both fit — or, when the card cannot fit, `target` with as much of
   * the card above it as fits.
   * @param {HTMLElement | null} box
   * @param {HTMLElement} card
   * @param {HTMLElement} target
   * @param {number} top
   * @param {number} bottom
   * @param {HTMLElement | null} [also]
   */
  function scrollToShow(box, card, target, top, bottom, also = null) {
    const c = card.getBoundingClientRect();
    const t = target.getBoundingClientRect();
    const a = also?.getBoundingClientRect();
    const both = a && { top: Math.min(c.top, a.top), bottom: Math.max(c.bottom, a.bottom) };
    const shown = both && both.bottom - both.top <= bottom - top ? both : c;
    let by = 0;
    if (shown.bottom - shown.top <= bottom - top) by = shown.top < top ? shown.top - top : shown.bottom > bottom ? shown.bottom - bottom : 0;
    else by = Math.min(Math.max(c.top - top, t.bottom - bottom), t.top - top);
    if (by === 0) return;
    if (box) box.scrollTop += by;
    else win.scrollBy({ top: by, behavior: 'instant' });
  }

  /**
   * Brings a result into view: inside the sheet (phones) or the inspector (desktops, where the
   * page itself does not scroll); on a phone the board above the dock.
   * @param {Result} result
   */
  function reveal({ card, target, board }) {
    if (card.hidden) return;
    if (docked()) {
      keepRoom();
      if (folded) {
        aboveDock(outcome);
        return;
      }
      const b = body.getBoundingClientRect();
      scrollToShow(body, card, target, b.top + MARGIN, b.bottom - MARGIN);
      boardAbove(board);
      return;
    }
    const i = inspector.getBoundingClientRect();
    const active = doc.activeElement;
    const also = active instanceof HTMLElement && inspector.contains(active) && !card.contains(active) ? active : null;
    // Under the controls, which stay pinned at the inspector's top (style.css).
    const pinned = Math.max(i.top, 0, controls.getBoundingClientRect().bottom);
    scrollToShow(inspector, card, target, pinned + MARGIN, Math.min(i.bottom, win.innerHeight) - MARGIN, also);
  }

  /**
   * On a phone: scrolls the page by the least that brings `element` above the dock, if it is behind it.
   * @param {HTMLElement} element
   */
  function aboveDock(element) {
    const by = element.getBoundingClientRect().bottom - (dock.getBoundingClientRect().top - MARGIN);
    if (by > 0) win.scrollBy({ top: by, behavior: 'instant' });
  }

  /**
   * On a phone: scrolls the page so that the board shows just above the dock (its top part if
   * it is taller than the room there) — when it is partly behind the dock, or whenever `always`.
   * @param {boolean} always
   */
  function boardAbove(always) {
    const f = frame.getBoundingClientRect();
    const dockTop = dock.getBoundingClientRect().top;
    const behind = f.top < dockTop && f.bottom > dockTop;
    if (!always && !behind) return;
    const by = f.height <= dockTop - 2 * MARGIN ? f.bottom - (dockTop - MARGIN) : f.top - MARGIN;
    if (always ? by !== 0 : by > 0) win.scrollBy({ top: by, behavior: 'instant' });
  }

  // A card appears: it is the latest result. (A card hidden again may leave the sheet empty.)
  new MutationObserver((records) => {
    for (const { target, oldValue } of records) {
      const card = /** @type {HTMLElement} */ (target);
      if (card.classList.contains('card') && oldValue !== null && !card.hidden) bring({ card, target: card, board: false });
    }
    update();
  }).observe(body, { attributes: true, attributeFilter: ['hidden'], attributeOldValue: true, subtree: true });
  // A result still settling that changes size is brought into view again.
  const settling = new ResizeObserver(() => {
    const { result, at } = revealed;
    if (result && !pending && performance.now() - at < SETTLE_MS) reveal(result);
  });
  const watch = () => {
    for (const card of cards()) settling.observe(card);
  };
  watch();
  // The cards stand in the sheet's body, the tools' panels in their box there, added later (tools/host.js).
  const added = new MutationObserver(watch);
  for (const parent of [body, $('tool-panels')]) added.observe(parent, { childList: true });
  body.addEventListener(RESULT, (event) => {
    const card = /** @type {HTMLElement} */ (event.target).closest('.card');
    const { target, board } = /** @type {CustomEvent<{target: HTMLElement, board: boolean}>} */ (event).detail;
    if (card instanceof HTMLElement && !card.hidden) bring({ card, target, board });
  });
  toggle.addEventListener('click', () => {
    folded = !folded;
    update();
  });

  /**
   * Keeps the dock's height free under the page's content (style.css: --dock-height): scrolled
   * to its end, nothing stays under the dock, and scrolling into view keeps clear of it. Also
   * done before a reveal scrolls, which may need the room the grown dock asks for.
   */
  function keepRoom() {
    doc.documentElement.style.setProperty('--dock-height', `${docked() ? dock.offsetHeight : 0}px`);
  }
  new ResizeObserver(keepRoom).observe(dock);
  update();

  return {
    /** CSS pixels under the board to keep in sight when it is fitted: the docked bar, or the verdict's line. */
    below() {
      if (docked()) return controls.offsetHeight;
      const wrap = /** @type {HTMLElement} */ (frame.parentElement);
      return Math.max(0, verdict.getBoundingClientRect().bottom - wrap.getBoundingClientRect().bottom);
    },
  };
}

// The first visit's guide: five short steps, each in a bubble beside the control it is about —
// the game and its rules, the board to draw on, Animate, the verdict under the board, Replay —
// with Back, Next and ✕. It does not block the page, and starts where the page does: the first
// step is about the line of rules, so the title, the game and the rules stay in sight. A bubble
// never covers the board (every step is about it) nor goes under a phone's docked control bar;
// where nothing else is free, it sits just above the bar and the page scrolls the board above
// it. A control in the docked bar is always in sight, so the page is not scrolled to it.
// Finished or dismissed, it is remembered (keep/storage.js), and the "?" button in the header
// opens it again. A shared link (one that names a game or a board) opens on what it shares, not
// under the guide: the guide waits for a visit to the page itself.

import { KEYS, store, stored } from '../keep/storage.js';
import { t } from '../words/i18n.js';

/**
 * The steps: the test id of the control each is about, its title and its words; the test ids
 * the bubble must not cover (`keep`, the board by default) and, where it can, `rather` not.
 * @type {{anchor: string, title: string, words: string, keep?: string[], rather?: string[]}[]}
 */
const STEPS = [
  {
    anchor: 'rule-line',
    title: 'guide.game',
    // About what is above the board: kept in sight; the board too where there is room (not on a phone).
    keep: ['game', 'preset'],
    rather: ['board'],
    words: 'guide.game-words',
  },
  {
    anchor: 'board',
    keep: [],
    title: 'guide.draw',
    words: 'guide.draw-words',
  },
  {
    anchor: 'play',
    title: 'guide.animate',
    words: 'guide.animate-words',
  },
  {
    anchor: 'verdict',
    title: 'guide.verdict',
    words: 'guide.verdict-words',
  },
  {
    anchor: 'play',
    title: 'guide.replay',
    words: 'guide.replay-words',
  },
];

/** Pixels between the bubble and its control, or the window's edge. */
const GAP = 12;

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/**
 * Builds the guide in `doc`, shows it if this is the first visit to the page itself (not by a
 * `shared` link, one that named a game or a board), and binds the "?" button.
 * @param {Document} doc
 * @param {{shared?: boolean}} [arrival]
 */
export function attachGuide(doc, { shared = false } = {}) {
  const win = doc.defaultView;
  const bubble = doc.createElement('div');
  bubble.className = 'guide';
  bubble.dataset.testid = 'guide';
  bubble.setAttribute('role', 'dialog');
  bubble.setAttribute('aria-modal', 'false');
  bubble.setAttribute('aria-labelledby', 'guide-title');
  bubble.hidden = true;
  bubble.innerHTML = `
    <div class="guide-head"><b id="guide-title" data-testid="guide-title"></b>
      <button type="button" class="guide-close" data-testid="guide-close">✕</button></div>
    <p data-testid="guide-step"></p>
    <div class="guide-buttons">
      <button type="button" data-testid="guide-back"></button>
      <button type="button" data-testid="guide-next"></button>
    </div>`;
  doc.body.append(bubble);
  const title = $(bubble, 'guide-title');
  const step = $(bubble, 'guide-step');
  const back = $(bubble, 'guide-back');
  const next = $(bubble, 'guide-next');
  $(bubble, 'guide-close').setAttribute('aria-label', t('guide.close'));
  back.textContent = t('html.replay-prev');
  let at = 0;
  let anchor = null;
  let returnFocus = null;
  /** The control (and the page) change size as the page settles: the bubble follows. */
  const resized = new win.ResizeObserver(() => win.requestAnimationFrame(place));
  resized.observe(doc.body);

  function show(index) {
    at = index;
    const { title: heading, words } = STEPS[at];
    title.textContent = t('guide.title', { number: at + 1, count: STEPS.length, heading: t(heading) });
    step.textContent = t(words);
    back.disabled = at === 0;
    next.textContent = at === STEPS.length - 1 ? t('guide.done') : t('html.replay-next');
    anchor?.classList.remove('guide-anchor');
    if (anchor) resized.unobserve(anchor);
    anchor = $(doc, STEPS[at].anchor);
    anchor.classList.add('guide-anchor');
    resized.observe(anchor);
    bubble.hidden = false;
    if (!docked(anchor)) anchor.scrollIntoView({ block: 'nearest' });
    if (!spot()) win.scrollBy({ top: lift(), behavior: 'instant' });
    place();
  }

  function open() {
    returnFocus = doc.activeElement;
    show(0);
    next.focus({ preventScroll: true });
  }

  function close() {
    bubble.hidden = true;
    anchor?.classList.remove('guide-anchor');
    if (anchor) resized.unobserve(anchor);
    anchor = null;
    remember();
    if (bubble.contains(doc.activeElement)) (returnFocus ?? $(doc, 'guide-open')).focus({ preventScroll: true });
  }

  /**
   * Where the bubble fits in the window without covering its control or what its step keeps in
   * sight (the board, unless it would rather: where nothing else is free), `{top, left}`, or null: a small
   * control (a button, a line) has it below, else above, else beside; a big one (the board)
   * beside, else below, else above.
   */
  function spot() {
    const r = anchor.getBoundingClientRect();
    const { offsetWidth: w, offsetHeight: h } = bubble;
    const [vw, vh] = [doc.documentElement.clientWidth, bottom()];
    const across = clamp(r.left + r.width / 2 - w / 2, 8, vw - w - 8);
    const level = clamp(r.top + r.height / 2 - h / 2, GAP, vh - h - GAP);
    const below = r.bottom + GAP + h <= vh && r.bottom >= 0 && { top: r.bottom + GAP, left: across };
    const above = r.top - GAP - h >= 0 && r.top <= vh && { top: r.top - GAP - h, left: across };
    const right = r.right + GAP + w <= vw - 8 && { top: level, left: r.right + GAP };
    const left = r.left - GAP - w >= 8 && { top: level, left: r.left - GAP - w };
    const order = r.height > vh / 3 ? [right, left, below, above] : [below, above, right, left];
    const { keep = ['board'], rather = [] } = STEPS[at];
    const clearOf = (/** @type {string[]} */ ids) => (/** @type {{top: number, left: number} | false} */ where) =>
      where && ids.every((id) => !overlaps({ ...where, right: where.left + w, bottom: where.top + h }, $(doc, id).getBoundingClientRect()));
    return order.find(clearOf([...keep, ...rather])) || order.find(clearOf(keep)) || null;
  }

  /**
   * How far to scroll the page so that the bubble fits just above the bottom (a phone's docked
   * bar) with the board and the control above it: the window is too small for it anywhere else.
   * Never so far that the board's top leaves the window.
   */
  function lift() {
    const top = bottom() - bubble.offsetHeight - GAP;
    const board = $(doc, 'board').getBoundingClientRect();
    const lowest = docked(anchor) ? board.bottom : Math.max(board.bottom, anchor.getBoundingClientRect().bottom);
    return clamp(lowest + GAP - top, 0, Math.max(0, board.top));
  }

  /** A phone's control bar, docked at the window's bottom; null where it is not (a desktop). */
  function dockedBar() {
    const dock = $(doc, 'dock');
    return dock && win.getComputedStyle(dock).position === 'fixed' ? dock : null;
  }

  /** Whether `el` is in a phone's docked control bar, always in sight. */
  const docked = (/** @type {Element} */ el) => dockedBar()?.contains(el) ?? false;

  /** The lowest a bubble may reach: the window's bottom, or the top of a phone's docked control bar. */
  const bottom = () => dockedBar()?.getBoundingClientRect().top ?? win.innerHeight;

  /** Puts the bubble at its spot, or else just above the window's bottom (a phone's docked bar). */
  function place() {
    if (bubble.hidden) return;
    const r = anchor.getBoundingClientRect();
    const { top, left } = spot() ?? {
      top: bottom() - bubble.offsetHeight - GAP,
      left: clamp(r.left + r.width / 2 - bubble.offsetWidth / 2, 8, doc.documentElement.clientWidth - bubble.offsetWidth - 8),
    };
    bubble.style.top = `${Math.round(top)}px`;
    bubble.style.left = `${Math.round(left)}px`;
  }

  back.addEventListener('click', () => show(at - 1));
  next.addEventListener('click', () => (at === STEPS.length - 1 ? close() : show(at + 1)));
  $(bubble, 'guide-close').addEventListener('click', close);
  bubble.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  });
  $(doc, 'guide-open').addEventListener('click', open);
  for (const type of ['resize', 'scroll']) win.addEventListener(type, () => win.requestAnimationFrame(place), { passive: true });

  // After the board's first drawing (view.js sizes it on an animation frame), so the bubble finds its place.
  if (!seen() && !shared) win.requestAnimationFrame(() => win.requestAnimationFrame(open));
}

/**
 * Whether two boxes overlap.
 * @param {{top: number, left: number, right: number, bottom: number}} a
 * @param {{top: number, left: number, right: number, bottom: number}} b
 */
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Whether the guide was finished or dismissed at an earlier visit. */
const seen = () => stored(KEYS.guide) !== null;

/** Remembers that the guide was seen (where storage is off, it shows again next time). */
const remember = () => store(KEYS.guide, 'seen');

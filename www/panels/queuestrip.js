// The queue in sight, under the board: the next positions the analysis will take, in the
// engine's own order (Lab.waiting, through machine/lesson.js: the values arriving from the
// tier before, then the lost positions, then the won ones, a distance at a time), each a small
// board framed in its value's colour, the head marked, what the step on show queued marked new
// at the tail, a gap where the middle of a long queue is left out, and the length beside it.
// Shown while an analysis is under way and has taken a step. It only reads the state.

import { drawPosition } from '../board/thumbs.js';
import { makeTheme } from '../board/pixels.js';
import { UNDER_WAY } from '../machine/phases.js';
import { lessonAt } from '../machine/lesson.js';
import { count } from '../words/text.js';
import { t } from '../words/i18n.js';

/** CSS pixels a side of an item's board at most. */
const ITEM_PX = 44;
/** While the analysis runs faster than a person follows, the strip is redrawn at most this often (milliseconds). */
const FAST_REFRESH_MS = 250;

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/**
 * Binds the strip `[data-testid=queue-strip]` under `root`; returns `{render(state), retheme()}`.
 * @param {Document} root
 */
export function createQueueStrip(root) {
  const strip = /** @type {HTMLElement} */ ($(root, 'queue-strip'));
  const list = /** @type {HTMLOListElement} */ (strip.querySelector('ol'));
  const length = /** @type {HTMLElement} */ ($(root, 'queue-length'));
  let theme = makeTheme(strip);
  /** @type {unknown[] | null} */
  let shown = null;
  let drawnAt = -Infinity;
  /** The small boards drawn for the unit on show, by position. */
  const boards = new Map();

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const { phase, analysis, editor } = state;
    const { unit } = analysis;
    const visible = Boolean(unit) && UNDER_WAY.includes(phase) && phase !== 'preparing' && !state.live;
    strip.hidden = !visible;
    if (!visible || !unit) {
      shown = null;
      return;
    }
    const now = performance.now();
    if ((phase === 'running' || phase === 'solving') && now - drawnAt < FAST_REFRESH_MS) return;
    const { queue } = lessonAt(unit);
    // Most lines leave the queue as it was (only a decision adds to it): drawn again only when
    // what it shows changed, each small board drawn once per unit.
    const key = [unit, editor.board, theme, queue.length, ...queue.items.map((item) => ('gap' in item ? -item.gap : `${item.position}${item.head ? 'h' : ''}${item.fresh ? 'f' : ''}`))];
    if (shown && shown.length === key.length && key.every((v, i) => v === shown?.[i])) return;
    if (!shown || shown[0] !== unit || shown[1] !== editor.board || shown[2] !== theme) boards.clear();
    shown = key;
    drawnAt = now;
    length.textContent = count(queue.length);
    length.dataset.value = String(queue.length);
    strip.dataset.length = String(queue.length);
    const items = queue.items.map((item) => {
      const li = document.createElement('li');
      if ('gap' in item) {
        li.className = 'gap';
        li.textContent = `… ${count(item.gap)} …`;
        li.title = t('queue.gap', { count: item.gap });
        return li;
      }
      li.dataset.testid = 'queue-item';
      li.dataset.position = String(item.position);
      li.dataset.value = item.value;
      li.className = `item ${item.value}${item.head ? ' head' : ''}${item.fresh ? ' fresh' : ''}`;
      let canvas = boards.get(item.position);
      if (!canvas) {
        canvas = document.createElement('canvas');
        const drawn = unit.drawn.get(item.position);
        if (drawn) drawPosition(canvas, theme, editor.game, editor.board, { pieces: drawn.pieces }, ITEM_PX);
        boards.set(item.position, canvas);
      }
      const label = document.createElement('span');
      label.textContent = item.head ? t('queue.next') : item.fresh ? t('queue.new') : item.value === 'layer' ? '' : `d ${item.level}`;
      const value = item.value === 'layer' ? '' : t(item.value === 'win' ? 'queue.won' : 'queue.lost', { level: String(item.level) });
      li.title = `#${item.position}${value}${item.arriving ? t('queue.arriving') : ''}`;
      li.append(canvas, label);
      return li;
    });
    list.replaceChildren(...items);
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch). */
    retheme() {
      theme = makeTheme(strip);
      shown = null;
    },
  };
}

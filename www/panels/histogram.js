// The live histogram of decided positions by remoteness (log scale): wins for the side to
// move above the axis, losses below, ties as a last bar once they are marked; the layer the
// analysis works on is marked yellow. Tableau: positions scored per number of moves left
// (bars outlined to the layer's size, filled as they are scored). A click on a bar asks for
// an example position of it; so do the keys on the focused chart: ← → the neighbouring bar,
// ↑ ↓ its wins or losses, Home / End the first or last, Enter or Space the next example of
// the same bar. Drawn at device pixels (a chart, not pixel art).

import { Phase } from '../pkg/retrolab.js';
import { readColours } from '../board/pixels.js';
import { RecordState } from '../engine/records.js';
import { count as shown } from '../words/text.js';
import { t } from '../words/i18n.js';

const HEIGHT = 132;
const AXIS_GAP = 2;
const LABEL_ROOM = 14;

/**
 * Creates the histogram on `canvas`; `onPick(bucket, value)` is called for a click on a bar
 * (bucket: remoteness, or tableau's stones on the board; value: a RecordState, Win, Lose or Tie).
 */
export function createHistogram(canvas, onPick) {
  const ctx = canvas.getContext('2d');
  let colours = readColours(canvas);
  let bars = null;
  let last = null;
  /** CSS width of the canvas, measured when it changes (never mid-frame: no forced layout). */
  let width = 0;
  new ResizeObserver(([entry]) => {
    width = Math.round(entry.contentRect.width);
    last = null;
    if (latest) requestAnimationFrame(() => render(latest));
  }).observe(canvas);
  let latest = null;
  const name = canvas.getAttribute('aria-label');

  canvas.addEventListener('click', (event) => {
    if (!bars) return;
    const rect = canvas.getBoundingClientRect();
    const hit = bars.hit(event.clientX - rect.left - canvas.clientLeft, event.clientY - rect.top - canvas.clientTop);
    if (hit) onPick(hit.bucket, hit.value);
  });

  canvas.addEventListener('keydown', (event) => {
    if (!bars || bars.items.length === 0 || event.ctrlKey || event.metaKey || event.altKey) return;
    const { items } = bars;
    const example = latest?.analysis.example;
    const at = example ? items.findIndex((it) => it.bucket === example.bucket && it.value === example.value) : -1;
    const to = event.key === 'Enter' || event.key === ' ' ? Math.max(at, 0) : neighbour(items, at, event.key);
    if (to === null) return;
    event.preventDefault();
    onPick(items[to].bucket, items[to].value);
  });

  /**
   * Draws from the analysis's `layers` and `progress` (redraws only when they change).
   * @param {import('../machine/state.js').State} state
   */
  function render(state) {
    latest = state;
    const { game } = state.editor;
    const { analysis } = state;
    const key = [analysis.layers, analysis.progress, game, analysis.example, colours];
    if (width === 0 || (last && key.every((v, i) => v === last[i]))) return;
    last = key;
    const dpr = window.devicePixelRatio || 1;
    // The CSS size is fixed (style.css); only the bitmap follows it.
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(HEIGHT * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(HEIGHT * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, HEIGHT);
    ctx.font = '11px ui-monospace, "DejaVu Sans Mono", monospace';
    if (!analysis.layers || !analysis.progress) {
      bars = null;
      canvas.dataset.total = '0';
      canvas.dataset.bars = '0';
      return;
    }
    bars = game.kind === 'scored' ? drawScored(analysis) : drawValued(analysis);
    canvas.dataset.total = String(bars.total);
    canvas.dataset.bars = String(bars.count);
    const picked = analysis.example && bars.items.find((it) => it.bucket === analysis.example.bucket && it.value === analysis.example.value);
    canvas.setAttribute('aria-label', `${name}. ${picked ? picked.words : t('histogram.keys')}`);
  }

  /** Layout of `count` bars (plus `extra` after a gap) across the canvas. */
  function layout(count, extra) {
    const room = width - 24;
    const step = Math.max(1, Math.min(14, Math.floor(room / Math.max(1, count + extra * 2))));
    return { x0: 18, step, bar: step >= 4 ? step - 1 : step };
  }

  const logHeight = (n, max, room) => (n <= 0 ? 0 : Math.max(1, Math.round((Math.log1p(n) / Math.log1p(max)) * room)));

  /** Writes a label; render sets their font, once a drawing (setting it parses it, each time). */
  function label(textValue, x, y, align = 'left') {
    ctx.textAlign = align;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = colours.muted;
    ctx.fillText(textValue, x, y);
  }

  function drawValued({ layers, progress, example }) {
    let count = layers.length / 2;
    while (count > 1 && layers[2 * count - 2] + layers[2 * count - 1] === 0) count--;
    const ties = progress.ties ?? 0;
    const { x0, step, bar } = layout(count, ties > 0 ? 1 : 0);
    const axis = Math.round((HEIGHT - LABEL_ROOM) / 2);
    const room = axis - AXIS_GAP - 2;
    let max = ties;
    let total = ties;
    for (let i = 0; i < 2 * count; i++) {
      max = Math.max(max, layers[i]);
      total += layers[i];
    }
    const current = progress.phase === Phase.Propagate ? progress.remoteness : null;
    const items = [];
    for (let r = 0; r < count; r++) {
      const x = x0 + r * step;
      const [w, l] = [layers[2 * r], layers[2 * r + 1]];
      if (w > 0) items.push({ column: r, bucket: r, value: RecordState.Win, words: t('histogram.wins', { remoteness: String(r), wins: shown(w) }) });
      if (l > 0) items.push({ column: r, bucket: r, value: RecordState.Lose, words: t('histogram.losses', { remoteness: String(r), losses: shown(l) }) });
      const picked = example && example.bucket === r && !example.scored;
      ctx.fillStyle = colours.win;
      const hw = logHeight(w, max, room);
      ctx.fillRect(x, axis - AXIS_GAP - hw, bar, hw);
      ctx.fillStyle = colours.lose;
      const hl = logHeight(l, max, room);
      ctx.fillRect(x, axis + AXIS_GAP, bar, hl);
      if (r === current) {
        ctx.fillStyle = colours.highlight;
        ctx.fillRect(x, axis - 1, bar, 2);
      }
      if (picked) {
        ctx.fillStyle = colours.fg;
        const y = example.value === RecordState.Win ? axis - AXIS_GAP - hw - 4 : axis + AXIS_GAP + hl + 2;
        ctx.fillRect(x, y, bar, 2);
      }
    }
    const tieX = x0 + (count + 1) * step;
    if (ties > 0) items.push({ column: count + 1, bucket: 0, value: RecordState.Tie, words: t('histogram.ties', { ties: shown(ties) }) });
    if (ties > 0) {
      const h = logHeight(ties, max, room);
      ctx.fillStyle = colours.tie;
      ctx.fillRect(tieX, axis - Math.ceil(h / 2), Math.max(bar, 4), h);
    }
    ctx.fillStyle = colours.muted;
    ctx.fillRect(x0 - 2, axis, count * step + 2, 1);
    label('W', 2, axis - room / 2);
    label('L', 2, axis + room / 2);
    label('0', x0, HEIGHT - LABEL_ROOM / 2);
    if (count > 1) label(String(count - 1), x0 + (count - 1) * step + bar, HEIGHT - LABEL_ROOM / 2, 'right');
    if (ties > 0) label('T', tieX + Math.max(bar, 4) / 2, HEIGHT - LABEL_ROOM / 2, 'center');
    return {
      total,
      count: count + (ties > 0 ? 1 : 0),
      items,
      hit(x, y) {
        if (ties > 0 && x >= tieX - 2 && x <= tieX + Math.max(bar, 4) + 2) return { bucket: 0, value: RecordState.Tie };
        // The nearest bar of the clicked half that has positions (thin bars are hard to hit).
        const [value, side] = y < axis ? [RecordState.Win, 0] : [RecordState.Lose, 1];
        const clicked = Math.floor((x - x0) / step);
        for (const r of [0, -1, 1, -2, 2, -3, 3].map((d) => clicked + d)) {
          if (r >= 0 && r < count && layers[2 * r + side] > 0) return { bucket: r, value };
        }
        return null;
      },
    };
  }

  /** Tableau: one bar per number of moves left; `layers` are the positions per stone count. */
  function drawScored({ layers, progress, example }) {
    const count = layers.length;
    const { x0, step, bar } = layout(count, 0);
    const base = HEIGHT - LABEL_ROOM - 2;
    const room = base - 4;
    let max = 0;
    for (const n of layers) max = Math.max(max, n);
    // Layers are scored from the last (full board) down to `progress.layer`.
    let left = progress.phase === Phase.Scan ? 0 : progress.decided;
    let total = 0;
    const items = [];
    for (let k = count - 1; k >= 0; k--) {
      const size = layers[k];
      const done = Math.min(size, left);
      left -= done;
      total += done;
      const x = x0 + (count - 1 - k) * step;
      if (done > 0) items.push({ column: count - 1 - k, bucket: k, value: 0, words: t('histogram.scored', { left: String(count - 1 - k), done: shown(done), size: shown(size) }) });
      const h = logHeight(size, max, room);
      ctx.fillStyle = colours.tie;
      ctx.fillRect(x, base - h, bar, h);
      ctx.fillStyle = colours.first;
      const filled = size > 0 ? Math.round((h * done) / size) : 0;
      ctx.fillRect(x, base - filled, bar, filled);
      if (progress.phase === Phase.Propagate && k === progress.layer) {
        ctx.fillStyle = colours.highlight;
        ctx.fillRect(x, base + 1, bar, 2);
      }
      if (example && example.bucket === k) {
        ctx.fillStyle = colours.fg;
        ctx.fillRect(x, base - h - 4, bar, 2);
      }
    }
    label('0', x0, HEIGHT - LABEL_ROOM / 2 + 2);
    if (count > 1) label(String(count - 1), x0 + (count - 1) * step + bar, HEIGHT - LABEL_ROOM / 2 + 2, 'right');
    return {
      total,
      count,
      items,
      hit(x) {
        const i = Math.floor((x - x0) / step);
        if (i < 0 || i >= count) return null;
        return { bucket: count - 1 - i, value: 0 };
      },
    };
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch). */
    retheme() {
      colours = readColours(canvas);
      last = null;
    },
  };
}

/**
 * The bar a key moves to from bar `at` of `items` (left to right, each `{column, value}`), or
 * null for another key: ← → the nearest column that way (the same value if it has one), ↑ ↓
 * the win or loss of the same column, Home / End the ends. With no bar picked, any of them
 * picks the first (End: the last).
 */
function neighbour(items, at, key) {
  if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key)) return null;
  if (key === 'End') return items.length - 1;
  if (key === 'Home' || at < 0) return 0;
  const here = items[at];
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const want = key === 'ArrowUp' ? RecordState.Win : RecordState.Lose;
    const other = items.findIndex((it) => it.column === here.column && it.value === want);
    return other >= 0 ? other : at;
  }
  const way = key === 'ArrowRight' ? 1 : -1;
  const beyond = items.filter((it) => Math.sign(it.column - here.column) === way);
  if (beyond.length === 0) return at;
  const column = beyond.reduce((best, it) => (way * it.column < way * best ? it.column : best), beyond[0].column);
  const there = beyond.filter((it) => it.column === column);
  return items.indexOf(there.find((it) => it.value === here.value) ?? there[0]);
}

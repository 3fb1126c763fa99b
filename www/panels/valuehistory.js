// The value history of the replay (GamesmanUni's "visual value history"): one column per
// position of the line, its height the remoteness, its colour who wins from there (the first
// player's win colour, the second's); a tie never ends, so its positions stand as a band of the
// tie colour the whole height, labelled "tie". The axes say what they count: the move number
// across (its first and last), the moves left up (0 and the most). The position the replay
// stands on is marked, and the person's own moves are ticked. Tableau: the final difference
// the position promises (points so far plus best play from there), above or below the zero
// line, and a line through the points scored so far.
// A click goes to that move; so do the keys on the focused chart: ← → one move, Page Up /
// Page Down ten, Home / End the ends. Drawn at device pixels. Hooks: `data-columns`,
// `data-axes` (the axes' words, across|up) and `data-ties` (tie columns drawn as the band).

import { readColours } from '../board/pixels.js';
import { scoredSoFar } from '../machine/replay.js';
import { t } from '../words/i18n.js';

const HEIGHT = 124;
const PAD = 6;
/** Room for a line of labels above and below the plot. */
const LABEL_ROOM = 15;
const FONT = '11px ui-monospace, "DejaVu Sans Mono", monospace';

/** Creates the chart on `canvas`; `onPick(index)` is called with the move number clicked. */
export function createHistory(canvas, onPick) {
  const ctx = canvas.getContext('2d');
  let colours = readColours(canvas);
  let layout = null;
  let last = null;
  /** The move number the replay stands on. */
  let index = 0;
  const name = canvas.getAttribute('aria-label');

  canvas.addEventListener('click', (event) => {
    if (!layout) return;
    const rect = canvas.getBoundingClientRect();
    const clicked = Math.round((event.clientX - rect.left - layout.x0) / layout.step);
    onPick(Math.max(0, Math.min(layout.count - 1, clicked)));
  });

  canvas.addEventListener('keydown', (event) => {
    if (!layout || event.ctrlKey || event.metaKey || event.altKey) return;
    const by = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 }[event.key];
    const to = by !== undefined ? index + by : event.key === 'Home' ? 0 : event.key === 'End' ? layout.count - 1 : null;
    if (to === null) return;
    event.preventDefault();
    onPick(Math.max(0, Math.min(layout.count - 1, to)));
  });

  /** Writes `words` at (x, y) in the muted colour (or `colour`), aligned `align`, its middle at y. */
  function label(words, x, y, align = 'left', colour = colours.muted) {
    ctx.textAlign = /** @type {CanvasTextAlign} */ (align);
    ctx.textBaseline = 'middle';
    ctx.fillStyle = colour;
    ctx.fillText(words, x, y);
  }

  /**
   * Draws the replay's line (redraws only when it changes).
   * @param {import('../machine/state.js').State} state
   */
  function render(state) {
    const replay = state.replay.line;
    const key = [replay, colours];
    if (!replay || (last && key.every((v, i) => v === last[i]))) return;
    last = key;
    index = replay.index;
    canvas.setAttribute('aria-label', t('valuehistory.label', { name, index, count: replay.moves.length }));
    const width = Math.max(160, Math.round(canvas.clientWidth || canvas.parentElement.clientWidth));
    const dpr = window.devicePixelRatio || 1;
    // The CSS size is fixed (style.css); only the bitmap follows it.
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(HEIGHT * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(HEIGHT * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, HEIGHT);
    ctx.font = FONT;
    const scored = state.editor.game.kind === 'scored';
    const values = scored ? scoredColumns(replay) : valuedColumns(replay);
    const count = replay.positions.length;
    const max = Math.max(1, ...values.columns.map((c) => Math.abs(c.height)), ...values.line.map((v) => Math.abs(v ?? 0)));
    // The up axis's numbers stand in a gutter as wide as the widest.
    const ticks = values.signed ? [`+${max}`, '0', `−${max}`] : [String(max), '0'];
    const gutter = Math.ceil(Math.max(...ticks.map((t) => ctx.measureText(t).width))) + 6;
    const left = PAD + gutter;
    const step = Math.max(2, Math.min(24, (width - left - PAD) / Math.max(1, count - 1)));
    const x0 = left + (count === 1 ? (width - left - PAD) / 2 : 0);
    layout = { x0, step, count };
    const top = LABEL_ROOM + 4;
    const bottom = HEIGHT - LABEL_ROOM - 8;
    const zero = values.signed ? Math.round((top + bottom) / 2) : bottom;
    const room = values.signed ? zero - top : bottom - top;
    const bar = Math.max(2, Math.min(10, Math.floor(step * 0.7)));
    const xOf = (/** @type {number} */ i) => Math.round(x0 + i * step - bar / 2);

    // Ties: a band of the tie colour the whole height, under everything else, labelled once.
    let ties = 0;
    let firstTie = -1;
    values.columns.forEach((c, i) => {
      if (!c.tie) return;
      ties += 1;
      if (firstTie < 0) firstTie = i;
      ctx.fillStyle = colours.tie;
      ctx.fillRect(xOf(i) - Math.floor((step - bar) / 2), top, Math.max(bar, Math.ceil(step)), bottom - top);
    });
    ctx.fillStyle = colours.muted;
    ctx.fillRect(left - 2, zero, width - left - PAD + 4, 1);
    ctx.fillRect(left - 2, top, 1, bottom - top + 1);
    values.columns.forEach((c, i) => {
      if (c.tie) return;
      const h = Math.round((Math.abs(c.height) / max) * room);
      ctx.fillStyle = colours[c.colour];
      ctx.fillRect(xOf(i), c.height >= 0 ? zero - Math.max(h, 2) : zero + 1, bar, Math.max(h, 2));
    });
    values.columns.forEach((_, i) => {
      if (!replay.mine[i - 1]) return;
      ctx.fillStyle = colours.cursor;
      ctx.fillRect(xOf(i), bottom + 4, bar, 3);
    });
    // The line through the values, broken where there is none (a tie).
    ctx.strokeStyle = colours.fg;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    values.line.forEach((v, i) => {
      if (v === null) return;
      const y = zero - (v / max) * room;
      if (i === 0 || values.line[i - 1] === null) ctx.moveTo(x0 + i * step, y);
      else ctx.lineTo(x0 + i * step, y);
    });
    ctx.stroke();
    const here = Math.round(x0 + replay.index * step);
    ctx.fillStyle = colours.highlight;
    ctx.fillRect(here - 1, top - 4, 2, bottom - top + 8);

    // The axes' words and numbers.
    const up = scored ? t('valuehistory.final') : t('valuehistory.moves-left');
    label(up, PAD, LABEL_ROOM / 2);
    if (firstTie >= 0) label(ties === count ? t('valuehistory.tie-forever') : t('valuehistory.tie'), Math.max(xOf(firstTie), left + ctx.measureText(up).width + 12), LABEL_ROOM / 2, 'left', colours.fg);
    // A line of ties only has no moves left to count.
    if (ties < count) {
      label(ticks[0], left - 5, top + 4, 'right');
      label('0', left - 5, zero, 'right');
      if (values.signed) label(ticks[2], left - 5, bottom - 4, 'right');
    }
    const across = HEIGHT - LABEL_ROOM / 2 - 1;
    label('0', x0, across, count === 1 ? 'center' : 'left');
    if (count > 1) label(String(count - 1), x0 + (count - 1) * step, across, 'right');
    label(t('valuehistory.move'), (left + width - PAD) / 2, across, 'center');
    canvas.dataset.columns = String(count);
    canvas.dataset.axes = `move|${up}`;
    canvas.dataset.ties = String(ties);
  }

  /** River, chase: remoteness, coloured by the winner (first player: win colour), the line through the tops (none through a tie). */
  function valuedColumns(replay) {
    const columns = replay.outcomes.map((o, i) => {
      if (!o || o.value === 'tie') return { height: 0, colour: 'tie', tie: true };
      const firstWins = (o.value === 'win') === (replay.toMove[i] === 0);
      return { height: o.remoteness, colour: firstWins ? 'win' : 'lose' };
    });
    return { signed: false, columns, line: columns.map((c) => (c.tie ? null : c.height)) };
  }

  /** Tableau: the final difference each position promises (first player's colour above zero), the line the points so far. */
  function scoredColumns(replay) {
    return {
      signed: true,
      columns: replay.outcomes.map((o, i) => {
        const final = scoredSoFar(replay, i) + (o?.score ?? 0);
        return { height: final, colour: final > 0 ? 'first' : final < 0 ? 'second' : 'tie' };
      }),
      line: replay.outcomes.map((_, i) => scoredSoFar(replay, i)),
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

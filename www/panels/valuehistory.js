// The value history of the replay (GamesmanUni's "visual value history"): one column per
// position of the line, its height the remoteness, its colour who wins from there (the first
// player's win colour, the second's, or tie grey); the position the replay stands on is
// marked, and the person's own moves are ticked. Tableau: the final difference the position
// promises (points so far plus best play from there), above or below the zero line, and a
// line through the points scored so far.
// A click goes to that move; so do the keys on the focused chart: ← → one move, Page Up /
// Page Down ten, Home / End the ends. Drawn at device pixels.

import { readColours } from '../board/pixels.js';
import { scoredSoFar } from '../machine/replay.js';

const HEIGHT = 96;
const PAD = 6;

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
    canvas.setAttribute('aria-label', `${name}: move ${index} of ${replay.moves.length}. Arrow keys walk the line.`);
    const width = Math.max(160, Math.round(canvas.clientWidth || canvas.parentElement.clientWidth));
    const dpr = window.devicePixelRatio || 1;
    // The CSS size is fixed (style.css); only the bitmap follows it.
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(HEIGHT * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(HEIGHT * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, HEIGHT);
    const count = replay.positions.length;
    const step = Math.max(2, Math.min(24, (width - 2 * PAD) / Math.max(1, count - 1)));
    const x0 = PAD + (count === 1 ? (width - 2 * PAD) / 2 : 0);
    layout = { x0, step, count };
    const values = state.editor.game.kind === 'scored' ? scoredColumns(replay) : valuedColumns(replay);
    const top = PAD + 4;
    const bottom = HEIGHT - PAD - 10;
    const zero = values.signed ? Math.round((top + bottom) / 2) : bottom;
    const room = values.signed ? zero - top : bottom - top;
    const max = Math.max(1, ...values.columns.map((c) => Math.abs(c.height)), ...values.line.map(Math.abs));
    ctx.fillStyle = colours.muted;
    ctx.fillRect(PAD - 2, zero, width - 2 * PAD + 4, 1);
    const bar = Math.max(2, Math.min(10, Math.floor(step * 0.7)));
    values.columns.forEach((c, i) => {
      const x = Math.round(x0 + i * step - bar / 2);
      const h = Math.round((Math.abs(c.height) / max) * room);
      ctx.fillStyle = colours[c.colour];
      ctx.fillRect(x, c.height >= 0 ? zero - Math.max(h, 2) : zero + 1, bar, Math.max(h, 2));
      if (replay.mine[i - 1]) {
        ctx.fillStyle = colours.cursor;
        ctx.fillRect(x, bottom + 4, bar, 3);
      }
    });
    ctx.strokeStyle = colours.fg;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    values.line.forEach((v, i) => {
      const y = zero - (v / max) * room;
      if (i === 0) ctx.moveTo(x0, y);
      else ctx.lineTo(x0 + i * step, y);
    });
    ctx.stroke();
    const here = Math.round(x0 + replay.index * step);
    ctx.fillStyle = colours.highlight;
    ctx.fillRect(here - 1, top - 4, 2, bottom - top + 8);
    canvas.dataset.columns = String(count);
  }

  /** River, chase: remoteness, coloured by the winner (first player: win colour), the line through the tops. */
  function valuedColumns(replay) {
    const columns = replay.outcomes.map((o, i) => {
      if (!o || o.value === 'tie') return { height: 0, colour: 'tie' };
      const firstWins = (o.value === 'win') === (replay.toMove[i] === 0);
      return { height: o.remoteness, colour: firstWins ? 'win' : 'lose' };
    });
    return { signed: false, columns, line: columns.map((c) => c.height) };
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

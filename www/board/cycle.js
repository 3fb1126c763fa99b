// A tie's cycle, drawn as a loop in the inspector: best play
// from a tie comes back to a position it has passed, and from there can go round the same
// moves forever. The cycle's positions stand on a ring, each with the move into it, arrows
// going round; the replay's position is framed when it is on the cycle, and a click on a
// position goes there in the replay.
//
// The cycle shown: the replay's loop while replaying (its line ends where it repeats a
// position, replay.js), else the one best play from the board as drawn runs into
// (`Lab.tieLine`). Hook: `[data-testid=tie-cycle]` with `data-length` (moves in the cycle),
// `data-from` (the move after which it starts) and `data-cycle` (its positions, in order,
// comma-separated), shown only while the shown position is a tie.

import { makeTheme, readColours } from './pixels.js';
import { drawPosition } from './thumbs.js';
import { t } from '../words/i18n.js';

/** Widest the ring is drawn, in CSS pixels. */
const RING = 240;

/** "after move 5 the position after move 1 comes back" (`from` 0: the position it started from). */
export function comesBack(from, to) {
  return from === 0 ? t('cycle.back-to-start', { to }) : t('cycle.back-to', { to, from });
}

/**
 * Binds the ring under `root` to `controller`; returns `{render(state), retheme()}`.
 * @param {import('../machine/api.js').Controller} controller
 */
export function createCycle(root, controller) {
  const box = root.querySelector('[data-testid=tie-cycle]');
  const canvas = box.querySelector('canvas');
  const caption = box.querySelector('figcaption');
  let theme = makeTheme(canvas);
  let colours = readColours(canvas);
  let shown = null;
  let spots = [];

  canvas.addEventListener('click', (event) => {
    const rect = canvas.getBoundingClientRect();
    const [x, y] = [event.clientX - rect.left, event.clientY - rect.top];
    const hit = spots.find((s) => Math.abs(x - s.x) <= s.r && Math.abs(y - s.y) <= s.r);
    if (hit) controller.replayTo(hit.index);
  });

  /** The cycle of the shown position: `{positions, moves, from, length, at}`, or null. */
  function cycleOf(state) {
    const lab = controller.solvedLab();
    if (!lab || state.editor.game.kind === 'scored') return null;
    const { line, here } = state.replay;
    if (state.phase === 'replaying' && line && here) {
      if (here.outcome?.value !== 'tie' || !line.loop) return null;
      return { positions: line.positions, moves: line.moves, ...line.loop, at: line.index };
    }
    if (state.phase !== 'solved' || state.analysis.outcome?.value !== 'tie') return null;
    const tie = lab.tieLine(controller.shownPosition());
    if (!tie) return null;
    return { positions: tie.positions, moves: tie.moves, from: tie.cycleStart, length: tie.moves.length - tie.cycleStart, at: -1 };
  }

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const key = [controller.solvedLab(), state.phase, state.replay.line, state.replay.here, state.analysis.outcome, theme];
    if (shown && key.every((v, i) => v === shown[i])) return;
    shown = key;
    const cycle = cycleOf(state);
    box.hidden = !cycle;
    if (!cycle) return;
    const { from, length, positions } = cycle;
    box.dataset.length = String(length);
    box.dataset.from = String(from);
    box.dataset.cycle = positions.slice(from, from + length).join(',');
    caption.textContent = t('cycle.caption', { count: length, back: comesBack(from, from + length) });
    draw(state, cycle, controller.solvedLab());
  }

  /** The ring: the cycle's positions round a circle, arrows from each to the next. */
  function draw(state, { from, length, positions, moves, at }, lab) {
    const { game, board } = state.editor;
    const dpr = window.devicePixelRatio || 1;
    const size = Math.min(RING, canvas.parentElement.clientWidth || RING);
    canvas.width = Math.round(size * dpr);
    canvas.height = Math.round(size * dpr);
    canvas.style.width = `${size}px`;
    canvas.style.height = `${size}px`;
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size, size);
    const centre = size / 2;
    const thumb = Math.min(72, Math.max(28, Math.floor((Math.PI * size * 0.7) / Math.max(3, length) - 10)));
    const radius = length === 1 ? 0 : centre - thumb / 2 - 4;
    const angle = (i) => -Math.PI / 2 + (2 * Math.PI * i) / length;
    spots = [];
    // Arrows round the ring first, under the boards.
    ctx.strokeStyle = colours.fg;
    ctx.fillStyle = colours.fg;
    ctx.lineWidth = 2;
    const gap = (thumb * 0.75) / radius;
    for (let i = 0; i < length; i++) {
      const [a0, a1] = [angle(i) + gap, angle(i + 1) - gap];
      if (a1 <= a0) continue;
      ctx.beginPath();
      ctx.arc(centre, centre, radius, a0, a1);
      ctx.stroke();
      const [hx, hy] = [centre + radius * Math.cos(a1), centre + radius * Math.sin(a1)];
      const [tx, ty] = [-Math.sin(a1), Math.cos(a1)];
      ctx.beginPath();
      ctx.moveTo(hx + tx * 6, hy + ty * 6);
      ctx.lineTo(hx - tx * 2 + Math.cos(a1) * 5, hy - ty * 2 + Math.sin(a1) * 5);
      ctx.lineTo(hx - tx * 2 - Math.cos(a1) * 5, hy - ty * 2 - Math.sin(a1) * 5);
      ctx.fill();
    }
    const art = document.createElement('canvas');
    for (let i = 0; i < length; i++) {
      // Slot i: the position after move from + i (the last slot is where the cycle began).
      const index = from + i + 1;
      drawPosition(art, theme, game, board, { pieces: [...lab.pieces(positions[index])], move: moves[from + i] }, thumb);
      const [x, y] = [centre + radius * Math.cos(angle(i + 1)), centre + radius * Math.sin(angle(i + 1))];
      const w = Math.min(thumb, (thumb * art.width) / Math.max(art.width, art.height));
      const h = (w * art.height) / art.width;
      ctx.imageSmoothingEnabled = art.width > w;
      ctx.drawImage(art, x - w / 2, y - h / 2, w, h);
      const here = at === index || (at === from && i === length - 1);
      ctx.lineWidth = here ? 4 : 2;
      ctx.strokeStyle = here ? colours.highlight : colours.fg;
      ctx.strokeRect(x - w / 2 - 1, y - h / 2 - 1, w + 2, h + 2);
      spots.push({ x, y, r: thumb / 2, index });
    }
    ctx.fillStyle = colours.muted;
    ctx.font = '12px ui-monospace, "DejaVu Sans Mono", monospace';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(t('cycle.ring', { count: length }), centre, centre);
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch) and redraws. */
    retheme() {
      theme = makeTheme(canvas);
      colours = readColours(canvas);
      render(controller.state);
    },
  };
}

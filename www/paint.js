// Paints boards cell by cell, for the main board (view.js) and the position inset (inset.js):
// floor and obstacles, pieces and stones, value tiles (W / L / T and a number), degree
// counters, move markers and outlines. It only draws what it is told.

import { LOSE, TIE, WIN } from './engine.js';
import { CELL, frame, shortNumber, text, textWidth } from './pixels.js';

/** Record state → colour name of the theme. */
export const VALUE_COLOUR = { [WIN]: 'win', [LOSE]: 'lose', [TIE]: 'tie' };
/** Record state → glyph of the pixel font. */
export const GLYPH = { [WIN]: 'W', [LOSE]: 'L', [TIE]: 'T' };
/** An outcome's value word → record state. */
export const STATE_OF_VALUE = { win: WIN, lose: LOSE, tie: TIE };

/**
 * A painter for `board` (`{rows, cols, cells?}`) on `ctx`, `S` art pixels per cell, with the
 * theme `{colours, sprites}`.
 */
export function painter(ctx, { colours, sprites }, board, S) {
  const at = (cell) => [(cell % board.cols) * S, Math.floor(cell / board.cols) * S];
  const centre = (cell) => {
    const [x, y] = at(cell);
    return [x + S / 2, y + S / 2];
  };

  return {
    at,
    colours,

    /** Checkered floor, and the obstacles of a piece game's board. */
    floor() {
      for (let cell = 0; cell < board.rows * board.cols; cell++) {
        const [x, y] = at(cell);
        if (board.cells?.[cell] === '#') {
          ctx.drawImage(sprites.block, x, y, S, S);
          continue;
        }
        ctx.fillStyle = (x / S + y / S) % 2 === 0 ? colours['floor-a'] : colours['floor-b'];
        ctx.fillRect(x, y, S, S);
      }
    },

    /** A piece sprite (`side`: red, black, white) on `cell`. */
    piece(cell, side, alpha = 1) {
      const [x, y] = at(cell);
      const o = (S - CELL) / 2;
      ctx.globalAlpha = alpha;
      ctx.drawImage(sprites[side], x + o, y + o);
      ctx.globalAlpha = 1;
    },

    /** The yellow ring of the position being processed, around a piece. */
    halo(cell) {
      const [x, y] = at(cell);
      const o = (S - CELL) / 2;
      ctx.drawImage(sprites.halo, x + o, y + o);
    },

    /** A tableau stone: `colour` a theme name (first, second or stone), an optional move number. */
    stone(cell, colour, label = '') {
      const [x, y] = at(cell);
      ctx.fillStyle = colours[colour];
      ctx.fillRect(x + 1, y + 1, S - 2, S - 2);
      if (colour === 'stone') {
        ctx.fillStyle = colours['stone-hi'];
        ctx.fillRect(x + 1, y + 1, S - 2, 1);
        ctx.fillRect(x + 1, y + 1, 1, S - 2);
        ctx.fillStyle = colours['stone-lo'];
        ctx.fillRect(x + 1, y + S - 2, S - 2, 1);
        ctx.fillRect(x + S - 2, y + 1, 1, S - 2);
      }
      if (label) {
        ctx.fillStyle = colours[`on-${colour}`] ?? colours.fg;
        text(ctx, label, x + 3, y + 3, S >= 24 ? 2 : 1);
      }
    },

    /** What a placed tableau stone scored, bottom right in the stone's ink. */
    points(cell, label, colour) {
      const [x, y] = at(cell);
      ctx.fillStyle = colours[`on-${colour}`];
      text(ctx, label, x + S - 3 - textWidth(label), y + S - 8);
    },

    /** The two weights of a tableau cell: A top right, B bottom right. */
    weights(cell, a, b, dim = false) {
      const [x, y] = at(cell);
      ctx.globalAlpha = dim ? 0.45 : 1;
      ctx.fillStyle = colours['first-ink'];
      text(ctx, String(a), x + S - 2 - textWidth(String(a)), y + 3);
      ctx.fillStyle = colours['second-ink'];
      text(ctx, String(b), x + S - 2 - textWidth(String(b)), y + S - 8);
      ctx.globalAlpha = 1;
    },

    /** A value tile: `state` (WIN, LOSE, TIE) colour with its glyph, and `label` bottom right. */
    valueTile(cell, state, label = '', alpha = 1) {
      const name = VALUE_COLOUR[state];
      if (!name) return;
      const [x, y] = at(cell);
      ctx.globalAlpha = alpha;
      ctx.fillStyle = colours[name];
      ctx.fillRect(x + 1, y + 1, S - 2, S - 2);
      ctx.fillStyle = colours[`on-${name}`];
      text(ctx, GLYPH[state], x + 2, y + 2);
      if (label) text(ctx, label, x + S - 2 - textWidth(label), y + S - 7);
      ctx.globalAlpha = 1;
    },

    /** An undecided position's degree counter, small and faint in the cell's corner. */
    counter(cell, n, alpha = 1) {
      const [x, y] = at(cell);
      const label = shortNumber(n);
      ctx.globalAlpha = alpha;
      ctx.fillStyle = colours.counter;
      text(ctx, label, x + S - 2 - textWidth(label), y + S - 7);
      ctx.globalAlpha = 1;
    },

    /**
     * A move marker on `cell`: a tile of `colour` (theme name) with `glyph` and `label` (pixel
     * font; the glyph is left out when both do not fit), a
     * chevron on the side facing `from` (the cell the piece comes from), drawn at `alpha`.
     * `strong` adds an inner frame (the best move).
     */
    marker(cell, { colour, glyph = '', label = '', from = null, alpha = 1, strong = false, inset = 2 }) {
      const [x, y] = at(cell);
      if (glyph && textWidth(glyph + label) <= S - 2 * inset - 2) label = glyph + label;
      ctx.globalAlpha = alpha;
      ctx.fillStyle = colours[colour];
      ctx.fillRect(x + inset, y + inset, S - 2 * inset, S - 2 * inset);
      if (strong) frame(ctx, x + inset, y + inset, S - 2 * inset, colours.fg, 1);
      ctx.fillStyle = colours[`on-${colour}`] ?? colours.fg;
      if (label) {
        const k = S >= 24 && textWidth(label, 2) <= S - 6 ? 2 : 1;
        text(ctx, label, x + Math.floor((S - textWidth(label, k)) / 2), y + Math.floor((S - 5 * k) / 2), k);
      }
      if (from !== null && from !== cell) chevron(x, y, from);
      ctx.globalAlpha = 1;
    },

    /** A frame around a cell: solid two pixels, or dashed one pixel. */
    outline(cell, colour, dashed = false) {
      if (cell === undefined || cell === null) return;
      const [x, y] = at(cell);
      if (!dashed) {
        frame(ctx, x, y, S, colour, 2);
        return;
      }
      ctx.fillStyle = colour;
      for (let i = 0; i < S; i += 4) {
        ctx.fillRect(x + i, y, 2, 1);
        ctx.fillRect(x + i, y + S - 1, 2, 1);
        ctx.fillRect(x, y + i, 1, 2);
        ctx.fillRect(x + S - 1, y + i, 1, 2);
      }
    },

    /** A one-pixel trail from the centre of `from` to the centre of `to` (a move just made). */
    trail(from, to, colour) {
      const [x0, y0] = centre(from);
      const [x1, y1] = centre(to);
      const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
      ctx.fillStyle = colour;
      for (let i = 0; i <= steps; i += 2) {
        ctx.fillRect(Math.round(x0 + ((x1 - x0) * i) / steps) - 1, Math.round(y0 + ((y1 - y0) * i) / steps) - 1, 2, 2);
      }
    },
  };

  /** A small arrow head inside the tile at x, y, on the side facing `from`, pointing inwards. */
  function chevron(x, y, from) {
    const [fx, fy] = at(from);
    const dx = Math.sign(fx - x);
    const dy = Math.sign(fy - y);
    const mid = S / 2;
    [6, 4, 2].forEach((w, i) => {
      if (dy !== 0) ctx.fillRect(x + mid - w / 2, dy < 0 ? y + 1 + i : y + S - 2 - i, w, 1);
      else if (dx !== 0) ctx.fillRect(dx < 0 ? x + 1 + i : x + S - 2 - i, y + mid - w / 2, 1, w);
    });
  }
}

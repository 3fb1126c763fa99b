// Paints boards cell by cell, for the main board (view.js) and the position inset (inset.js):
// floor and obstacles, pieces and stones, value tiles (W / L / T and a number), degree
// counters, move markers and outlines. It only draws what it is told.
//
// Every tile is rendered once into a small canvas and then copied (one drawImage per cell),
// and the background (floor, obstacles, tableau's weights) once per board: a board redrawn
// every frame costs a few hundred copies, not thousands of pixel rectangles to rasterise.

import { CELL, frame, shortNumber, text, textWidth } from './pixels.js';
import { RecordState } from './record.js';

const { Win: WIN, Lose: LOSE, Tie: TIE } = RecordState;

/** Record state → colour name of the theme. */
const VALUE_COLOUR = { [WIN]: 'win', [LOSE]: 'lose', [TIE]: 'tie' };
/** Record state → glyph of the pixel font. */
const GLYPH = { [WIN]: 'W', [LOSE]: 'L', [TIE]: 'T' };
/** An outcome's value word → record state. */
const STATE_OF_VALUE = { win: WIN, lose: LOSE, tie: TIE };

/** Tiles kept per theme before the cache starts afresh. */
const MAX_TILES = 4000;

/**
 * A painter for `board` (`{rows, cols, cells?, a?, b?}`) on `ctx`, `S` art pixels per cell,
 * with the theme `{colours, sprites}` (which also holds the painters' tile caches).
 */
export function painter(ctx, theme, board, S) {
  const { colours, sprites } = theme;
  theme.tiles ??= new Map();
  theme.backgrounds ??= new WeakMap();
  const at = (cell) => [(cell % board.cols) * S, Math.floor(cell / board.cols) * S];
  const centre = (cell) => {
    const [x, y] = at(cell);
    return [x + S / 2, y + S / 2];
  };

  /** The tile `key` (S × S), painted by `paint(g)` the first time. */
  function tile(key, paint) {
    const id = `${S}|${key}`;
    let canvas = theme.tiles.get(id);
    if (!canvas) {
      if (theme.tiles.size > MAX_TILES) theme.tiles.clear();
      canvas = document.createElement('canvas');
      canvas.width = S;
      canvas.height = S;
      paint(canvas.getContext('2d'));
      theme.tiles.set(id, canvas);
    }
    return canvas;
  }

  /** Copies a tile onto `cell` at `alpha`. */
  function put(cell, canvas, alpha = 1) {
    const [x, y] = at(cell);
    ctx.globalAlpha = alpha;
    ctx.drawImage(canvas, x, y);
    ctx.globalAlpha = 1;
  }

  /** Paints weights `a` (top right) and `b` (bottom right) on `g` at x, y. */
  function weightsOn(g, x, y, a, b) {
    g.fillStyle = colours['first-ink'];
    text(g, String(a), x + S - 2 - textWidth(String(a)), y + 3);
    g.fillStyle = colours['second-ink'];
    text(g, String(b), x + S - 2 - textWidth(String(b)), y + S - 8);
  }

  /** The board's floor, obstacles and (tableau) weights, painted once. */
  function backgroundOf() {
    const key = `${S}`;
    let byS = theme.backgrounds.get(board);
    if (!byS) theme.backgrounds.set(board, (byS = new Map()));
    let canvas = byS.get(key);
    if (canvas) return canvas;
    canvas = document.createElement('canvas');
    canvas.width = board.cols * S;
    canvas.height = board.rows * S;
    const g = canvas.getContext('2d');
    for (let cell = 0; cell < board.rows * board.cols; cell++) {
      const [x, y] = at(cell);
      if (board.cells?.[cell] === '#') {
        g.drawImage(sprites.block, x, y, S, S);
        continue;
      }
      g.fillStyle = (x / S + y / S) % 2 === 0 ? colours['floor-a'] : colours['floor-b'];
      g.fillRect(x, y, S, S);
      if (board.a) weightsOn(g, x, y, board.a[cell], board.b[cell]);
    }
    byS.set(key, canvas);
    return canvas;
  }

  return {
    at,
    colours,

    /** Floor and obstacles of a piece game's board; tableau's floor and weight tables. */
    floor() {
      ctx.drawImage(backgroundOf(), 0, 0);
    },

    /** A plain floor square on `cell` (covers the weights under a tableau cell). */
    clear(cell) {
      const [x, y] = at(cell);
      ctx.fillStyle = (x / S + y / S) % 2 === 0 ? colours['floor-a'] : colours['floor-b'];
      ctx.fillRect(x, y, S, S);
    },

    /** A piece sprite (`side`: red, black, white) on `cell`. */
    piece(cell, side, alpha = 1) {
      const [x, y] = at(cell);
      const o = (S - CELL) / 2;
      ctx.globalAlpha = alpha;
      ctx.drawImage(sprites[side], x + o, y + o);
      ctx.globalAlpha = 1;
    },

    /** The yellow square under a piece of the position being processed (draw the piece on it). */
    halo(cell) {
      const [x, y] = at(cell);
      ctx.fillStyle = colours.highlight;
      ctx.fillRect(x + 1, y + 1, S - 2, S - 2);
    },

    /** A tableau stone: `colour` a theme name (first, second or stone), an optional move number. */
    stone(cell, colour, label = '') {
      put(
        cell,
        tile(`stone|${colour}|${label}`, (g) => {
          g.fillStyle = colours[colour];
          g.fillRect(1, 1, S - 2, S - 2);
          if (colour === 'stone') {
            g.fillStyle = colours['stone-hi'];
            g.fillRect(1, 1, S - 2, 1);
            g.fillRect(1, 1, 1, S - 2);
            g.fillStyle = colours['stone-lo'];
            g.fillRect(1, S - 2, S - 2, 1);
            g.fillRect(S - 2, 1, 1, S - 2);
          }
          if (label) {
            g.fillStyle = colours[`on-${colour}`] ?? colours.fg;
            text(g, label, 3, 3, S >= 24 ? 2 : 1);
          }
        }),
      );
    },

    /** What a placed tableau stone scored, bottom right in the stone's ink. */
    points(cell, label, colour) {
      const [x, y] = at(cell);
      ctx.fillStyle = colours[`on-${colour}`];
      text(ctx, label, x + S - 3 - textWidth(label), y + S - 8);
    },

    /** A value tile: `state` (WIN, LOSE, TIE) colour with its glyph, and `label` bottom right. */
    valueTile(cell, state, label = '', alpha = 1) {
      const name = VALUE_COLOUR[state];
      if (!name) return;
      const canvas = tile(`value|${state}|${label}`, (g) => {
        g.fillStyle = colours[name];
        g.fillRect(1, 1, S - 2, S - 2);
        g.fillStyle = colours[`on-${name}`];
        text(g, GLYPH[state], 2, 2);
        if (label) text(g, label, S - 2 - textWidth(label), S - 7);
      });
      put(cell, canvas, alpha);
    },

    /** An undecided position's degree counter, small and faint in the cell's corner. */
    counter(cell, n, alpha = 1) {
      const label = shortNumber(n);
      const canvas = tile(`counter|${label}`, (g) => {
        g.fillStyle = colours.counter;
        text(g, label, S - 2 - textWidth(label), S - 7);
      });
      put(cell, canvas, alpha);
    },

    /**
     * A move marker on `cell`: a tile of `colour` (theme name) with `glyph` and `label` (pixel
     * font; the glyph is left out when both do not fit), a chevron on the side facing `from`
     * (the cell the piece comes from), drawn at `alpha`. `strong` adds a frame (the best move).
     */
    marker(cell, { colour, glyph = '', label = '', from = null, alpha = 1, strong = false, inset = 2 }) {
      const side = from === null || from === cell ? '' : direction(cell, from);
      // A chevron on the left or right takes 4 columns from the text.
      const room = S - 2 * inset - 1 - (side === 'left' || side === 'right' ? 4 : 0);
      const shown = glyph && textWidth(glyph + label) <= room ? glyph + label : label;
      const canvas = tile(`marker|${colour}|${shown}|${side}|${strong}|${inset}`, (g) => {
        g.fillStyle = colours[colour];
        g.fillRect(inset, inset, S - 2 * inset, S - 2 * inset);
        if (strong) frame(g, inset, inset, S - 2 * inset, colours.fg, 1);
        g.fillStyle = colours[`on-${colour}`] ?? colours.fg;
        if (shown) {
          const k = S >= 24 && textWidth(shown, 2) <= S - 2 * inset - 4 ? 2 : 1;
          const shift = side === 'left' ? 2 : side === 'right' ? -2 : 0;
          text(g, shown, Math.floor((S - textWidth(shown, k)) / 2) + shift, Math.floor((S - 5 * k) / 2), k);
        }
        if (side) chevron(g, side);
      });
      put(cell, canvas, alpha);
    },

    /**
     * Candidate moves (`{from, to, outcome}`, as Lab.moves gives them), each on its target
     * cell with its value for the mover and its remoteness; moves equal to `best` (an
     * outcome) are framed. Worst first, so the best move of a shared target is drawn on top.
     */
    moves(moves, best, alpha = 1) {
      for (const move of [...moves].reverse()) {
        const o = move.outcome;
        if (!o) continue;
        this.marker(move.to, {
          colour: o.value,
          glyph: GLYPH[STATE_OF_VALUE[o.value]],
          label: o.value === 'tie' ? '' : shortNumber(o.remoteness),
          from: move.from,
          alpha,
          strong: Boolean(best) && o.value === best.value && o.remoteness === best.remoteness,
          inset: 1,
        });
      }
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

    /** A two-pixel line along the outer edges of a set of cells (tableau's staircase). */
    contour(cells, colour) {
      const inside = new Set(cells);
      const has = (row, col) => row >= 0 && col >= 0 && row < board.rows && col < board.cols && inside.has(row * board.cols + col);
      ctx.fillStyle = colour;
      for (const cell of cells) {
        const [x, y] = at(cell);
        const [row, col] = [Math.floor(cell / board.cols), cell % board.cols];
        if (!has(row - 1, col)) ctx.fillRect(x, y, S, 2);
        if (!has(row + 1, col)) ctx.fillRect(x, y + S - 2, S, 2);
        if (!has(row, col - 1)) ctx.fillRect(x, y, 2, S);
        if (!has(row, col + 1)) ctx.fillRect(x + S - 2, y, 2, S);
      }
    },

    /** A dotted trail from the centre of `from` to the centre of `to` (a move). */
    trail(from, to, colour) {
      const [x0, y0] = centre(from);
      const [x1, y1] = centre(to);
      const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
      ctx.fillStyle = colour;
      for (let i = 0; i <= steps; i += 3) {
        ctx.fillRect(Math.round(x0 + ((x1 - x0) * i) / steps) - 1, Math.round(y0 + ((y1 - y0) * i) / steps) - 1, 2, 2);
      }
    },
  };

  /** Which side of `cell` faces `from`: 'up', 'down', 'left' or 'right'. */
  function direction(cell, from) {
    const [x, y] = at(cell);
    const [fx, fy] = at(from);
    if (fy !== y) return fy < y ? 'up' : 'down';
    return fx < x ? 'left' : 'right';
  }

  /** A small arrow head inside a tile, on `side`, pointing inwards. */
  function chevron(g, side) {
    const mid = S / 2;
    [6, 4, 2].forEach((w, i) => {
      if (side === 'up') g.fillRect(mid - w / 2, 1 + i, w, 1);
      else if (side === 'down') g.fillRect(mid - w / 2, S - 2 - i, w, 1);
      else if (side === 'left') g.fillRect(1 + i, mid - w / 2, 1, w);
      else g.fillRect(S - 2 - i, mid - w / 2, 1, w);
    });
  }
}

// Paints boards cell by cell, for the main board (view.js) and the position inset (inset.js):
// floor and obstacles, pieces and stones, value tiles (W / L / T and a number), degree
// counters, move markers and outlines. It only draws what it is told, in the glyph set of
// the cell size it is given (pixels.js glyphSets): the full one, the small one (below CELL:
// glyphs without numbers, no counters, no chevrons, thinner frames), or a large one (the
// numbers, tableau's weights and points, in the font at twice the size).
//
// Pieces are never hidden: a move onto an occupied cell is a frame and a corner badge over
// the piece instead of a tile, and two pieces on one cell (a capture) are both drawn smaller,
// the capturing one on top.
//
// Every tile is rendered once into a small canvas and then copied (one drawImage per cell),
// and the background (floor, obstacles, tableau's weights) once per board: a board redrawn
// every frame costs a few hundred copies, not thousands of pixel rectangles to rasterise.

import { CELL } from '../games/define.js';
import { movesLeft, winnerClass } from '../words/movenames.js';
import { LARGE_CELL, frame, inkSize, miniSize, shortNumber, text, textWidth } from './pixels.js';
import { RecordState } from '../engine/records.js';
import { SHADE_ALPHA } from './shade.js';

const { Win: WIN, Lose: LOSE, Tie: TIE } = RecordState;

/** Record state → colour name of the theme. */
const VALUE_COLOUR = { [WIN]: 'win', [LOSE]: 'lose', [TIE]: 'tie' };
/**
 * The theme's colour of who wins by `outcome`, an outcome for side `toMove` (0 the first;
 * movenames.js winnerClass): the legend's, the first side's win blue, whoever moves.
 * @param {import('../engine/engine.js').Outcome} outcome
 * @param {number} toMove
 */
export const winnerColour = (outcome, toMove) => ({ first: 'win', second: 'lose', tie: 'tie' })[winnerClass(outcome, toMove) || 'tie'];
/** Record state → glyph of the pixel font. */
const GLYPH = { [WIN]: 'W', [LOSE]: 'L', [TIE]: 'T' };
/** An outcome's value word → record state. */
const STATE_OF_VALUE = { win: WIN, lose: LOSE, tie: TIE };

/** Tiles kept per theme before the cache starts afresh. */
const MAX_TILES = 4000;

/**
 * A painter for `board` (`{rows, cols, cells?, a?, b?}`) on `ctx`, `S` art pixels per cell,
 * with the theme `{colours, spritesAt}` (which also holds the painters' tile caches).
 */
export function painter(ctx, theme, board, S) {
  const { colours } = theme;
  const sprites = () => theme.spritesAt(S);
  /** Whether the cells are drawn in the small glyph set. */
  const small = S < CELL;
  /** Font size of the weights and points (tableau's large glyph set: 2, for those that fit with two pixels each side). */
  const inkOf = (label) => (textWidth(label, inkSize(S)) <= S - 4 ? inkSize(S) : 1);
  /** Font size of remoteness and counters (the piece games' large glyph set: 2; the W / L / T glyph stays 1, clear of them). */
  const big = S >= LARGE_CELL ? 2 : 1;
  /** A number in the bottom right corner of a tile (below the glyph's rows), as big as fits. */
  const corner = (g, label) => {
    const k = textWidth(label, big) <= S - 4 ? big : 1;
    text(g, label, S - 2 - textWidth(label, k), S - 2 - 5 * k, k);
  };
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
    inkRight(g, String(a), x, y + 3 * inkSize(S));
    g.fillStyle = colours['second-ink'];
    inkRight(g, String(b), x, y + S - 8 * inkSize(S));
  }

  /** Writes `label` right-aligned in the cell at x, at height y, in the weights' font size. */
  function inkRight(g, label, x, y) {
    const k = inkOf(label);
    text(g, label, x + S - 2 * k - textWidth(label, k), y, k);
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
        g.drawImage(sprites().block, x, y);
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

    /** A piece sprite (`side`: red, black, white, or a colour `#rrggbb`) on `cell`. */
    piece(cell, side, alpha = 1) {
      const [x, y] = at(cell);
      ctx.globalAlpha = alpha;
      ctx.drawImage(sprites().piece(side), x, y);
      ctx.globalAlpha = 1;
    },

    /**
     * The pieces of a position (`cells` in the engine's order, `sides` their sprites). Two
     * on one cell are drawn smaller, apart diagonally, the one of side `onTop` (the capturer)
     * over the other, so both show.
     */
    pieces(cells, sides, onTop) {
      const byCell = new Map();
      cells.forEach((cell, i) => byCell.set(cell, [...(byCell.get(cell) ?? []), sides[i]]));
      for (const [cell, here] of byCell) {
        if (here.length === 1) {
          this.piece(cell, here[0]);
          continue;
        }
        const [x, y] = at(cell);
        const m = miniSize(S);
        const ordered = [...here].sort((a, b) => Number(a === onTop) - Number(b === onTop));
        ordered.forEach((side, i) => {
          const t = ordered.length === 1 ? 0 : i / (ordered.length - 1);
          ctx.drawImage(sprites().piece(side, true), x + Math.round(t * (S - m)), y + Math.round((1 - t) * (S - m)));
        });
      }
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
      inkRight(ctx, label, x - 1, y + S - 8 * inkSize(S));
    },

    /**
     * A value tile: `state` (WIN, LOSE, TIE) with its glyph in colour `name` (a winner's: `winnerColour`), and `label`
     * bottom right (small set: the glyph alone, centred, the colour as faint as step `shade` says: shade.js).
     */
    valueTile(cell, state, label = '', alpha = 1, shade = 0, name = VALUE_COLOUR[state]) {
      if (!name) return;
      const shown = small ? '' : label;
      const faint = small ? shade : 0;
      const canvas = tile(`value|${state}|${name}|${shown}|${faint}`, (g) => {
        g.fillStyle = colours[name];
        g.globalAlpha = SHADE_ALPHA[faint];
        g.fillRect(1, 1, S - 2, S - 2);
        g.globalAlpha = 1;
        // On the fainter shades the floor shows through: the glyph takes the text's colour.
        g.fillStyle = faint >= 2 ? colours.fg : colours[`on-${name}`];
        if (small) centred(g, GLYPH[state]);
        else text(g, GLYPH[state], 2, 2);
        if (shown) corner(g, shown);
      });
      put(cell, canvas, alpha);
    },

    /** An undecided position's degree counter, small and faint in the cell's corner (not in the small set). */
    counter(cell, n, alpha = 1) {
      if (small) return;
      const label = shortNumber(n);
      const canvas = tile(`counter|${label}`, (g) => {
        g.fillStyle = colours.counter;
        corner(g, label);
      });
      put(cell, canvas, alpha);
    },

    /**
     * A move marker on `cell`: a tile of `colour` (theme name) with `glyph` and `label` (pixel
     * font; the glyph is left out when both do not fit; the small set shows the glyph alone), a
     * chevron on the side facing `from` (the cell the piece comes from), drawn at `alpha`.
     * `strong` adds a frame (the best move).
     */
    marker(cell, { colour, glyph = '', label = '', from = null, alpha = 1, strong = false, inset = 2 }) {
      if (small) {
        const canvas = tile(`marker|${colour}|${glyph}|${strong}`, (g) => {
          g.fillStyle = colours[colour];
          g.fillRect(1, 1, S - 2, S - 2);
          if (strong) frame(g, 0, 0, S, colours.fg, 1);
          g.fillStyle = colours[`on-${colour}`] ?? colours.fg;
          centred(g, glyph);
        });
        put(cell, canvas, alpha);
        return;
      }
      const side = from === null || from === cell ? '' : direction(cell, from);
      // A chevron on the left or right takes 4 columns from the text.
      const room = S - 2 * inset - 1 - (side === 'left' || side === 'right' ? 4 : 0);
      // The large set writes the glyph small in the corner and the number big; the others both in one line, if they fit.
      const corner = big === 2 && glyph ? glyph : '';
      const shown = corner ? label : glyph && textWidth(glyph + label) <= room ? glyph + label : label;
      const canvas = tile(`marker|${colour}|${corner}|${shown}|${side}|${strong}|${inset}`, (g) => {
        g.fillStyle = colours[colour];
        g.fillRect(inset, inset, S - 2 * inset, S - 2 * inset);
        if (strong) frame(g, inset, inset, S - 2 * inset, colours.fg, 1);
        g.fillStyle = colours[`on-${colour}`] ?? colours.fg;
        if (corner) text(g, corner, inset + 1, inset + 1);
        if (shown) {
          const k = S >= 24 && textWidth(shown, 2) <= S - 2 * inset - 4 ? 2 : 1;
          const shift = side === 'left' ? 2 : side === 'right' ? -2 : 0;
          text(g, shown, Math.floor((S - textWidth(shown, k)) / 2) + shift, Math.floor((S - 5 * k) / 2) + (corner ? 1 : 0), k);
        }
        if (side) chevron(g, side);
      });
      put(cell, canvas, alpha);
    },

    /**
     * Candidate moves (`{from, to, outcome}`, as Lab.moves gives them), each on its target
     * cell with its value for the mover (`toMove`) and the moves left after it (movenames.js),
     * in the colour of who wins by it, as the legend colours a winner; moves equal to `best` (an
     * outcome) are framed. Worst first, so the best move of a shared target is drawn on top.
     * With `badges`, each is a frame and a corner badge (moves onto a piece: drawn over it).
     */
    moves(moves, best, { alpha = 1, badges = false, toMove = 0 } = {}) {
      for (const move of [...moves].reverse()) {
        const o = move.outcome;
        if (!o) continue;
        const mark = {
          colour: winnerColour(o, toMove),
          glyph: GLYPH[STATE_OF_VALUE[o.value]],
          label: o.value === 'tie' ? '' : shortNumber(movesLeft(o)),
          strong: Boolean(best) && o.value === best.value && o.remoteness === best.remoteness,
        };
        if (badges) this.badge(move.to, mark);
        else this.marker(move.to, { ...mark, from: move.from, alpha, inset: 1 });
      }
    },

    /**
     * A move onto an occupied cell, leaving the piece in view: a one-pixel frame of `colour`
     * around the cell, outside the piece's disc, and a badge in the top right corner with
     * `glyph` and `label` when both fit in half the cell, else `glyph` alone (no glyph: the
     * frame alone); the best move's badge is edged in the text colour.
     */
    badge(cell, { colour, glyph, label = '', strong = false }) {
      const shown = !small && textWidth(glyph + label) <= S / 2 + 1 ? glyph + label : glyph;
      const canvas = tile(`badge|${colour}|${shown}|${strong}`, (g) => {
        frame(g, 0, 0, S, colours[colour], 1);
        if (!shown) return;
        const width = textWidth(shown) + 2;
        if (strong) {
          g.fillStyle = colours.fg;
          g.fillRect(S - width - 1, 0, width + 1, 8);
        }
        g.fillStyle = colours[colour];
        g.fillRect(S - width, 0, width, 7);
        g.fillStyle = colours[`on-${colour}`] ?? colours.fg;
        text(g, shown, S - width + 1, 1);
      });
      put(cell, canvas);
    },

    /** A frame around a cell: solid two pixels (small set: one), or dashed one pixel. */
    outline(cell, colour, dashed = false) {
      if (cell === undefined || cell === null) return;
      const [x, y] = at(cell);
      if (!dashed) {
        frame(ctx, x, y, S, colour, small ? 1 : 2);
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

  /** Draws `glyph` (pixel font, size 1) in the middle of a tile. */
  function centred(g, glyph) {
    text(g, glyph, Math.floor((S - textWidth(glyph)) / 2), Math.floor((S - 5) / 2));
  }

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

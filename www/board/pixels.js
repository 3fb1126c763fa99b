// Pixel art shared by every canvas of the page: the theme's colours, a 3×5 pixel font, and
// the pre-rendered tiles (obstacle block, pieces) at each cell size. Canvases draw at art
// resolution and are scaled up by CSS with `image-rendering: pixelated`, by a whole number
// of device pixels per art pixel (frame.js).

/**
 * Art pixels per cell of the piece games' smallest glyph set, for boards too big for the full
 * one: a value tile shows its W / L / T glyph without the remoteness, counters are left out.
 * The small set is drawn at every cell from this up to the full set's.
 */
export const SMALL_CELL = 10;

/** Art pixels per cell of the piece games' large glyph set: remoteness and counters in the font at size 2. */
export const LARGE_CELL = 24;

/** Art pixels per cell of the scored games' large glyph set: weights and points of up to five digits at font size 2. */
export const LARGE_SCORED_CELL = 48;

/**
 * The font size of a cell's small texts (tableau's weights and points): 1, and 2 in its large glyph set.
 * @param {number} cell
 */
export const inkSize = (cell) => (cell >= LARGE_SCORED_CELL ? 2 : 1);

/**
 * A game's glyph sets, `{cell, reduced}` (art pixels per cell; whether it shows less than the
 * first). Each has a large set, its text at twice the size, whose sizes on screen fall between
 * the whole multiples of the first's (a board fills more of the page). Piece games also have
 * the small set.
 * @param {import('../games/define.js').Game} game
 */
export function glyphSets(game) {
  if (game.kind === 'scored') return [{ cell: game.cell, reduced: false }, { cell: LARGE_SCORED_CELL, reduced: false }];
  // The small set at every cell from SMALL_CELL up to the full one: a big board fills its room
  // (a 32×32 chase in 15-pixel cells, not 10) rather than falling to the smallest.
  const small = Array.from({ length: Math.max(0, game.cell - SMALL_CELL) }, (_, i) => ({ cell: SMALL_CELL + i, reduced: true }));
  return [{ cell: game.cell, reduced: false }, { cell: LARGE_CELL, reduced: false }, ...small];
}

/**
 * 3×5 pixel font for digits, signs and the value glyphs (W is 5 wide).
 * @type {Record<string, string[] | undefined>}
 */
const FONT = {
  0: ['111', '101', '101', '101', '111'],
  1: ['010', '110', '010', '010', '111'],
  2: ['111', '001', '111', '100', '111'],
  3: ['111', '001', '011', '001', '111'],
  4: ['101', '101', '111', '001', '001'],
  5: ['111', '100', '111', '001', '111'],
  6: ['111', '100', '111', '101', '111'],
  7: ['111', '001', '010', '010', '010'],
  8: ['111', '101', '111', '101', '111'],
  9: ['111', '101', '111', '001', '111'],
  '+': ['000', '010', '111', '010', '000'],
  '-': ['000', '000', '111', '000', '000'],
  W: ['10001', '10001', '10101', '10101', '01010'],
  L: ['100', '100', '100', '100', '111'],
  T: ['111', '010', '010', '010', '010'],
};

/**
 * Draws `label` in the pixel font at `x`, `y` (top left), each font pixel `k` × `k`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} label
 * @param {number} x
 * @param {number} y
 */
export function text(ctx, label, x, y, k = 1) {
  for (const ch of label) {
    const glyph = FONT[ch];
    if (!glyph) continue;
    glyph.forEach((line, dy) => {
      for (let dx = 0; dx < line.length; dx++) if (line[dx] === '1') ctx.fillRect(x + dx * k, y + dy * k, k, k);
    });
    x += (glyph[0].length + 1) * k;
  }
}

/**
 * Width in art pixels of `label` in the pixel font at size `k`.
 * @param {string} label
 */
export const textWidth = (label, k = 1) => [...label].reduce((w, ch) => w + ((FONT[ch]?.[0].length ?? 0) + 1) * k, -k);

/**
 * A remoteness or counter as a short label (the font has 3 pixels per digit).
 * @param {number} n
 */
export const shortNumber = (n) => (n > 9999 ? '+' : String(n));

/**
 * Draws a frame `w` pixels thick inside the rectangle.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {string} colour
 */
export function frame(ctx, x, y, size, colour, w = 1, height = size) {
  ctx.fillStyle = colour;
  ctx.fillRect(x, y, size, w);
  ctx.fillRect(x, y + height - w, size, w);
  ctx.fillRect(x, y, w, height);
  ctx.fillRect(x + size - w, y, w, height);
}

const COLOUR_NAMES = [
  'fg', 'muted', 'panel', 'bg',
  'floor-a', 'floor-b', 'block', 'block-hi', 'block-lo', 'win', 'lose', 'tie', 'on-win', 'on-lose', 'on-tie',
  'highlight', 'cursor', 'red', 'red-hi', 'red-lo', 'black', 'black-hi', 'black-lo', 'outline-red', 'outline-black',
  'white', 'white-hi', 'white-lo', 'outline-white', 'first', 'second', 'on-first', 'on-second', 'first-ink', 'second-ink',
  'stone', 'stone-hi', 'stone-lo', 'on-stone', 'counter',
];

/**
 * The theme's colours (CSS custom properties `--name` on `element`), by name.
 * @param {Element} element
 * @returns {Record<string, string>}
 */
export function readColours(element) {
  const style = getComputedStyle(element);
  return Object.fromEntries(COLOUR_NAMES.map((name) => [name, style.getPropertyValue(`--${name}`).trim() || '#888']));
}

/**
 * The tiles drawn many times at `size` art pixels, pre-rendered: the obstacle block, and
 * `piece(side, small)`: the pieces, and each smaller, for two pieces sharing a cell (a capture).
 * @param {Record<string, string>} colours
 * @param {number} size
 */
export function makeSprites(colours, size) {
  /**
   * @param {number} n
   * @param {(g: CanvasRenderingContext2D) => void} paint
   */
  const sprite = (n, paint) => {
    const canvas = document.createElement('canvas');
    canvas.width = n;
    canvas.height = n;
    paint(/** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')));
    return canvas;
  };
  // Mortar lines at the 16-pixel block's places, scaled to the size.
  /** @param {number} x */
  const at = (x) => Math.round((x * size) / 16);
  const block = sprite(size, (g) => {
    const mid = at(8);
    g.fillStyle = colours.block;
    g.fillRect(0, 0, size, size);
    g.fillStyle = colours['block-hi'];
    g.fillRect(0, 0, size, 1);
    g.fillRect(0, 0, 1, size);
    g.fillRect(0, mid, size, 1);
    g.fillStyle = colours['block-lo'];
    g.fillRect(0, size - 1, size, 1);
    g.fillRect(size - 1, 0, 1, size);
    g.fillRect(0, mid - 1, size, 1);
    g.fillRect(at(7), 1, 1, mid - 2);
    g.fillRect(at(3), mid + 1, 1, size - mid - 2);
    g.fillRect(at(11), mid + 1, 1, size - mid - 2);
  });
  /**
   * A round pixel shape `n` wide: `paint(d, h)` picks the colour at distance d from the centre (h from the shine), in 16ths of n.
   * @param {number} n
   * @param {(d: number, h: number) => string | null} paint
   */
  // Each row's runs of one colour in one rectangle: a pixel each would take thousands of
  // calls at the large sizes, in the page's first paint.
  const round = (n, paint) =>
    sprite(n, (g) => {
      const k = 16 / n;
      /**
       * @param {number} x
       * @param {number} y
       */
      const at = (x, y) => paint(Math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) * k, Math.hypot(x + 0.5 - (n * 3) / 8, y + 0.5 - (n * 3) / 8) * k);
      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; ) {
          const colour = at(x, y);
          let end = x + 1;
          while (end < n && at(end, y) === colour) end++;
          if (colour) {
            g.fillStyle = colour;
            g.fillRect(x, y, end - x, 1);
          }
          x = end;
        }
      }
    });
  // A one-pixel rim at any size; small discs drop the inner ring, which would blur into the fill.
  /** @type {(n: number, fill: string, hi: string, lo: string, rim: string) => HTMLCanvasElement} */
  const disc = (n, fill, hi, lo, rim) =>
    round(n, (d, h) => (d > 6.6 ? null : d > 6.6 - 16 / n ? rim : n >= 14 && d > 3.4 && d <= 4.4 ? lo : h < Math.max(1.6, 16 / n) ? hi : fill));
  /** @param {number} n */
  const discs = (n) => ({
    red: disc(n, colours.red, colours['red-hi'], colours['red-lo'], colours['outline-red']),
    black: disc(n, colours.black, colours['black-hi'], colours['black-lo'], colours['outline-black']),
    white: disc(n, colours.white, colours['white-hi'], colours['white-lo'], colours['outline-white']),
  });
  /** @type {Record<string, HTMLCanvasElement>} */
  const full = discs(size);
  /** @type {Record<string, HTMLCanvasElement>} */
  const mini = discs(miniSize(size));
  /**
   * The piece of `side` ('red', 'black', 'white', or a composed game's colour `#rrggbb`, whose
   * disc is shaded from it and made the first time it is asked for), `small` for a shared cell.
   * @param {string} side
   */
  const piece = (side, small = false) => {
    const set = small ? mini : full;
    set[side] ??= disc(small ? miniSize(size) : size, side, mix(side, '#ffffff', 0.55), mix(side, '#ffffff', 0.25), rimOf(side, colours));
    return set[side];
  };
  return { block, piece };
}

/**
 * `a` moved `t` of the way towards `b` (both `#rrggbb`).
 * @param {string} a
 * @param {string} b
 * @param {number} t
 */
function mix(a, b, t) {
  const channel = (/** @type {string} */ hex, /** @type {number} */ i) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const parts = [0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t));
  return `#${parts.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The rim of a disc of `colour`: the theme's rim of dark pieces for a dark colour (light on a dark
 * page, where a darker rim would vanish), else the colour darkened.
 * @param {string} colour
 * @param {Record<string, string>} colours
 */
function rimOf(colour, colours) {
  const [r, g, b] = [0, 1, 2].map((i) => parseInt(colour.slice(1 + 2 * i, 3 + 2 * i), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.25 ? colours['outline-black'] : mix(colour, '#000000', 0.6);
}

/**
 * The size of the smaller piece drawn when two share a cell of `size`: room for both, offset diagonally.
 * @param {number} size
 */
export const miniSize = (size) => Math.round((size * 11) / 16);

/**
 * The theme of a canvas: its colours (readColours), and `spritesAt(size)`, the sprites
 * painted in them at a cell size (made the first time a size is asked for).
 * @param {Element} canvas
 */
export function makeTheme(canvas) {
  const colours = readColours(canvas);
  /** @type {Map<number, ReturnType<typeof makeSprites>>} */
  const bySize = new Map();
  /** @param {number} size */
  const spritesAt = (size) => {
    let sprites = bySize.get(size);
    if (!sprites) {
      sprites = makeSprites(colours, size);
      bySize.set(size, sprites);
    }
    return sprites;
  };
  return { colours, spritesAt };
}

// Pixel art shared by every canvas of the page: the theme's colours, a 3×5 pixel font, and
// the pre-rendered tiles (obstacle block, pieces). Canvases draw at art resolution and are
// scaled up by CSS with `image-rendering: pixelated`.

/** Art pixels per cell of the piece games; piece sprites are this size. */
export const CELL = 16;

/** 3×5 pixel font for digits, signs and the value glyphs (W is 5 wide). */
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

/** Draws `label` in the pixel font at `x`, `y` (top left), each font pixel `k` × `k`. */
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

/** Width in art pixels of `label` in the pixel font at size `k`. */
export const textWidth = (label, k = 1) => [...label].reduce((w, ch) => w + ((FONT[ch]?.[0].length ?? 0) + 1) * k, -k);

/** A remoteness or counter as a short label (the font has 3 pixels per digit). */
export const shortNumber = (n) => (n > 9999 ? '+' : String(n));

/** Draws a frame `w` pixels thick inside the rectangle. */
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

/** The theme's colours (CSS custom properties `--name` on `element`), by name. */
export function readColours(element) {
  const style = getComputedStyle(element);
  return Object.fromEntries(COLOUR_NAMES.map((name) => [name, style.getPropertyValue(`--${name}`).trim() || '#888']));
}

/** The tiles drawn many times, pre-rendered per theme: obstacle block and pieces. */
export function makeSprites(colours) {
  const sprite = (paint) => {
    const canvas = document.createElement('canvas');
    canvas.width = CELL;
    canvas.height = CELL;
    paint(canvas.getContext('2d'));
    return canvas;
  };
  const block = sprite((g) => {
    g.fillStyle = colours.block;
    g.fillRect(0, 0, CELL, CELL);
    g.fillStyle = colours['block-hi'];
    g.fillRect(0, 0, CELL, 1);
    g.fillRect(0, 0, 1, CELL);
    g.fillRect(0, 8, CELL, 1);
    g.fillStyle = colours['block-lo'];
    g.fillRect(0, CELL - 1, CELL, 1);
    g.fillRect(CELL - 1, 0, 1, CELL);
    g.fillRect(0, 7, CELL, 1);
    g.fillRect(7, 1, 1, 6);
    g.fillRect(3, 9, 1, 6);
    g.fillRect(11, 9, 1, 6);
  });
  /** A round pixel shape: `paint(d, h)` picks the colour at distance d from the centre (h from the shine). */
  const round = (paint) =>
    sprite((g) => {
      for (let y = 0; y < CELL; y++) {
        for (let x = 0; x < CELL; x++) {
          const colour = paint(Math.hypot(x + 0.5 - 8, y + 0.5 - 8), Math.hypot(x + 0.5 - 6, y + 0.5 - 6));
          if (!colour) continue;
          g.fillStyle = colour;
          g.fillRect(x, y, 1, 1);
        }
      }
    });
  const disc = (fill, hi, lo, rim) => round((d, h) => (d > 6.6 ? null : d > 5.6 ? rim : d > 3.4 && d <= 4.4 ? lo : h < 1.6 ? hi : fill));
  return {
    block,
    red: disc(colours.red, colours['red-hi'], colours['red-lo'], colours['outline-red']),
    black: disc(colours.black, colours['black-hi'], colours['black-lo'], colours['outline-black']),
    white: disc(colours.white, colours['white-hi'], colours['white-lo'], colours['outline-white']),
  };
}

/** The theme of a canvas: its colours (readColours) and the sprites painted in them. */
export function makeTheme(canvas) {
  const colours = readColours(canvas);
  return { colours, sprites: makeSprites(colours) };
}

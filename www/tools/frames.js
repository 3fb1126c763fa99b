// Pictures of the board for the exports (PNG, video, GIF): the main board's bitmap, which the
// view draws at one pixel per art pixel, scaled up by a whole number with no smoothing (crisp
// pixel art), and a caption band under it, also a whole number of art pixels high: the
// picture is `scale` times (the board's bitmap plus the band), pixel for pixel.

/**
 * The caption band's height in art pixels for a picture `width` pixels wide at `scale`:
 * about 6 % of the width, from 28 to 64 screen pixels.
 */
const bandArt = (width, scale) => Math.ceil(Math.max(28, Math.min(64, width * 0.06)) / scale);

/** The largest scale at which the board's bitmap is at most `width` pixels wide (at least 1). */
export const scaleFor = (board, width) => Math.max(1, Math.floor(width / board.width));

/** The picture of `board` at `scale`: `{width, height, boardHeight}` in pixels. */
function sizeFor(board, scale) {
  const width = board.width * scale;
  return { width, height: (board.height + bandArt(width, scale)) * scale, boardHeight: board.height * scale };
}

/**
 * The theme's colours for the band, from the page's CSS. Reading them forces the page's
 * styles up to date, so a series of pictures (a GIF, a video) reads them once.
 */
export function bandColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name, fallback) => style.getPropertyValue(`--${name}`).trim() || fallback;
  return { background: read('panel', '#fffaf0'), text: read('fg', '#1d1b16'), rule: read('edge', '#1d1b16') };
}

const copy = document.createElement('canvas');
const copyContext = copy.getContext('2d', { willReadFrequently: true });

/**
 * The canvas `board`'s pixels, each repeated `scale` × `scale` times. Done by hand: a scaled
 * `drawImage`, even without smoothing, samples some edges one pixel off at odd scales.
 */
function scaledUp(board, scale) {
  // Read through a copy made for reading (a copy at 1:1 is exact): the board's own context
  // is made for drawing, and the browser warns when it is read again and again.
  if (copy.width !== board.width || copy.height !== board.height) {
    copy.width = board.width;
    copy.height = board.height;
  }
  copyContext.clearRect(0, 0, copy.width, copy.height);
  copyContext.drawImage(board, 0, 0);
  const source = copyContext.getImageData(0, 0, board.width, board.height);
  const from = new Uint32Array(source.data.buffer);
  const width = board.width * scale;
  const out = new ImageData(width, board.height * scale);
  const to = new Uint32Array(out.data.buffer);
  const row = new Uint32Array(width);
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < width; x++) row[x] = from[y * board.width + Math.floor(x / scale)];
    for (let r = 0; r < scale; r++) to.set(row, (y * scale + r) * width);
  }
  return out;
}

/**
 * Draws `board` (the main board's canvas) at `scale` onto `target` (resized to fit) with
 * `caption` in the band under it, in `colours` (bandColours()).
 */
export function compose(target, board, scale, caption, colours = bandColours()) {
  const { width, height, boardHeight } = sizeFor(board, scale);
  if (target.width !== width || target.height !== height) {
    target.width = width;
    target.height = height;
  }
  const g = target.getContext('2d');
  g.putImageData(scaledUp(board, scale), 0, 0);
  const band = height - boardHeight;
  g.fillStyle = colours.background;
  g.fillRect(0, boardHeight, width, band);
  const rule = Math.max(2, Math.round(band * 0.06));
  g.fillStyle = colours.rule;
  g.fillRect(0, boardHeight, width, rule);
  const pad = Math.max(4, Math.round(band * 0.25));
  let size = Math.round(band * 0.45);
  g.font = `bold ${size}px ui-monospace, "DejaVu Sans Mono", monospace`;
  // Shrinks a caption too wide for the band (a small board at a small scale).
  while (size > 6 && g.measureText(caption).width > width - 2 * pad) {
    size -= 1;
    g.font = `bold ${size}px ui-monospace, "DejaVu Sans Mono", monospace`;
  }
  g.fillStyle = colours.text;
  g.textBaseline = 'middle';
  g.fillText(caption, pad, boardHeight + rule + (band - rule) / 2, width - 2 * pad);
}

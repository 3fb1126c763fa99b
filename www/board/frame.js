// The board's frame: how big the board canvas is drawn and which part of it shows. The
// canvas holds the board at art resolution (cell size × cells) and is shown at a whole
// number of *device* pixels per art pixel, so that every art pixel is the same square of
// screen pixels at any devicePixelRatio (1, 1.5, 2, 3, browser zoom): pixel glyphs stay
// whole, and a pointer maps to exactly the cell drawn under it.
//
// Zoom levels run over the glyph sets (pixels.js: small, full, large with the text doubled),
// from small cells to big ones; "fit" picks the biggest level that shows the whole board in
// the frame's width and the viewport's height below the frame's top, less what must stay in
// sight under it (the owner says how much: a phone's docked control bar, the verdict). Art pixels never get
// smaller than one CSS pixel (the pixel font's legible minimum): a board that does not fit
// even so, or one zoomed in, pans inside the frame (a scroll box), never the page. Zoom − /
// Fit / + buttons change the level; input.js pans with two fingers and zooms with a pinch.

import { LABEL_ROOM, createCoords } from './coords.js';
import { glyphSets } from './pixels.js';

/** The least share of its size without coordinates that a board keeps with them, or it goes without. */
const LABELS_MAY_COST = 0.9;

/** @typedef {{fx: number, fy: number, x: number, y: number}} Anchor */

/** The biggest cell, in CSS pixels per art pixel of a game's first glyph set. */
const MAX_CSS_PER_ART = 12;
/** Zoom steps grow the cells by at least this factor (high-density screens have many levels). */
const ZOOM_STEP = 1.2;
/** CSS pixels kept free under the fitted board, to the viewport's bottom. */
const BOTTOM_MARGIN = 16;
/** A fitted board may always be this share of the viewport's height (less what stays in sight under it), however low its top. */
const MIN_HEIGHT_SHARE = 1 / 3;

/** @typedef {{cell: number, pixels: number, size: number, reduced: boolean}} Level */

/**
 * The zoom levels of a board in glyph sets `sets` (pixels.js glyphSets) on a screen of `dpr`
 * device pixels per CSS pixel, by cell size: `{cell, pixels, size}` — the glyph set's art
 * pixels per cell, device pixels per art pixel (a whole number, at least one CSS pixel's
 * worth), CSS pixels per cell. A reduced set only below the smallest cell of the others.
 * @param {{cell: number, reduced: boolean}[]} sets
 * @param {number} dpr
 */
export function zoomLevels(sets, dpr) {
  const least = Math.max(1, Math.ceil(dpr - 1e-6));
  const biggest = MAX_CSS_PER_ART * sets[0].cell;
  /** @type {Level[]} */
  const levels = [];
  for (const { cell, reduced } of sets) {
    for (let pixels = least; (cell * pixels) / dpr <= biggest; pixels++) levels.push({ cell, pixels, size: (cell * pixels) / dpr, reduced });
  }
  const smallestFull = Math.min(...levels.filter((l) => !l.reduced).map((l) => l.size));
  return levels.filter((l) => !l.reduced || l.size < smallestFull).sort((a, b) => a.size - b.size);
}

/**
 * The biggest level (index into `levels`) that shows `rows` × `cols` cells within `room` (CSS pixels); 0 when none does.
 * @param {Level[]} levels
 * @param {number} rows
 * @param {number} cols
 * @param {{width: number, height: number}} room
 */
export function fitLevel(levels, rows, cols, room) {
  let best = 0;
  levels.forEach((l, i) => {
    if (cols * l.size <= room.width + 1e-6 && rows * l.size <= room.height + 1e-6) best = i;
  });
  return best;
}

/**
 * The level one zoom step from `index`: `direction` +1 bigger, −1 smaller (clamped).
 * @param {Level[]} levels
 * @param {number} index
 * @param {number} direction
 */
export function stepLevel(levels, index, direction) {
  const size = levels[index].size;
  if (direction > 0) {
    const next = levels.findIndex((l, i) => i > index && l.size >= size * ZOOM_STEP);
    return next >= 0 ? next : levels.length - 1;
  }
  for (let i = index - 1; i >= 0; i--) if (levels[i].size <= size / ZOOM_STEP) return i;
  return 0;
}

/**
 * The whole number of device pixels per art pixel that draws `art` art pixels at most `css` CSS pixels wide (at least 1).
 * @param {number} art
 * @param {number} css
 * @param {number} dpr
 */
export const devicePixelsFor = (art, css, dpr) => Math.max(1, Math.floor((css * dpr + 1e-6) / art));

/**
 * Sizes `canvas` (art resolution) for a game's board at a level `{cell, pixels}`: CSS size =
 * art size × pixels / devicePixelRatio, content box only (no border to shrink it).
 * @param {HTMLCanvasElement} canvas
 * @param {number} rows
 * @param {number} cols
 * @param {number} cell
 * @param {number} pixels
 */
export function sizeCanvas(canvas, rows, cols, cell, pixels) {
  const dpr = devicePixelRatio;
  canvas.width = cols * cell;
  canvas.height = rows * cell;
  canvas.style.width = `${(cols * cell * pixels) / dpr}px`;
  canvas.style.height = `${(rows * cell * pixels) / dpr}px`;
}

/**
 * The frame around `canvas` (its parent element, a scroll box). `changed()` is called when
 * the layout must be redone (resize, devicePixelRatio, zoom): the owner repaints, and its
 * paint calls `layout`. `below()` is the CSS pixels under the frame that a fitted board leaves
 * in sight, to the viewport's bottom.
 * @param {HTMLCanvasElement} canvas
 * @param {() => void} changed
 * @param {() => number} [below]
 */
export function createFrame(canvas, changed, below = () => 0) {
  const box = /** @type {HTMLElement} */ (canvas.parentElement);
  const wrap = /** @type {HTMLElement} */ (box.parentElement);
  /** @param {string} id */
  const button = (id) => /** @type {HTMLButtonElement | null} */ (wrap.querySelector(`[data-testid="${id}"]`));
  const buttons = { out: button('zoom-out'), fit: button('zoom-fit'), in: button('zoom-in') };
  const hint = button('zoom-hint');
  const coords = createCoords(canvas);
  /**
   * The board laid out: its shape, the levels, the level shown; null until the first layout.
   * @type {{shape: string, rows: number, cols: number, dpr: number, levels: Level[], index: number, fit: number, level: Level, labelled: boolean, labelsFor: string} | null}
   */
  let shown = null;
  /**
   * The cell size (CSS pixels) the person zoomed to, or null to fit the board.
   * @type {number | null}
   */
  let chosen = null;
  let stale = true;
  /**
   * Where the view was before a zoom: a point of the board (fractions) to keep still, at client coordinates.
   * @type {Anchor | null}
   */
  let anchor = null;

  const invalidate = () => {
    stale = true;
    changed();
  };

  const resized = new ResizeObserver(invalidate);
  resized.observe(wrap);
  // What is above the board grows (contest text opened): the board's room below changes.
  for (let above = wrap.previousElementSibling; above; above = above.previousElementSibling) resized.observe(above);
  addEventListener('resize', invalidate);
  /** Browser zoom and moves between screens change devicePixelRatio: lay out again at the new one. */
  const watchResolution = () => {
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener(
      'change',
      () => {
        invalidate();
        watchResolution();
      },
      { once: true },
    );
  };
  watchResolution();

  buttons.in?.addEventListener('click', () => zoom(+1));
  buttons.out?.addEventListener('click', () => zoom(-1));
  buttons.fit?.addEventListener('click', () => {
    anchor = centreAnchor();
    chosen = null;
    invalidate();
  });

  /**
   * The room a fitted board has, in CSS pixels: the frame's width, the viewport below the
   * frame's top; less the zoom buttons, beside the board (wide screens) or under it, and what
   * stays in sight under it — and the coordinates' room when `labelled` (coords.js).
   * @param {boolean} labelled
   */
  function room(labelled) {
    const style = getComputedStyle(box);
    const across = parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth) + (labelled ? LABEL_ROOM.left : 0);
    const down = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth) + (labelled ? LABEL_ROOM.top : 0);
    const layout = getComputedStyle(wrap);
    const beside = layout.flexDirection === 'row';
    const zoom = buttons.in?.parentElement;
    const gap = parseFloat(beside ? layout.columnGap : layout.rowGap) || 0;
    const [zoomWidth, zoomHeight] = zoom ? [zoom.offsetWidth + gap, zoom.offsetHeight + gap] : [0, 0];
    // Where the frame's top stands with nothing scrolled (the board's column scrolls on its own on a desktop, the page on a phone).
    let top = box.getBoundingClientRect().top;
    for (let el = box.parentElement; el; el = el.parentElement) top += el.scrollTop;
    const kept = below();
    const height = Math.max((innerHeight - kept) * MIN_HEIGHT_SHARE, innerHeight - top - down - BOTTOM_MARGIN - (beside ? 0 : zoomHeight) - kept);
    return { width: wrap.clientWidth - across - (beside ? zoomWidth : 0), height: Math.floor(height), across, down };
  }

  /**
   * Lays the board out if anything changed (board shape, game, screen, zoom); returns the
   * art pixels per cell to paint at.
   * @param {import('../games/define.js').Board} board
   * @param {import('../games/define.js').Game} game
   */
  function layout(board, game) {
    const shape = `${game.id}|${board.rows}|${board.cols}`;
    if (shown && shown.shape !== shape) {
      chosen = null;
      stale = true;
    }
    if (shown && shown.dpr !== devicePixelRatio) stale = true;
    if (!stale && shown) return shown.level.cell;
    stale = false;
    const levels = zoomLevels(glyphSets(game), devicePixelRatio);
    // With its coordinates when the board fits its frame with them at about its size without
    // them (they may cost a tenth of a cell, not a glyph set: a 10×10 tableau keeps its big
    // digits). Decided again only when the board's shape, the screen or the room (to 16 CSS
    // pixels) changes, so that an edit that moves the verdict's line a little never makes the
    // board jump.
    const fitted = (/** @type {ReturnType<typeof room>} */ space) => {
      const l = levels[fitLevel(levels, board.rows, board.cols, space)];
      return board.cols * l.size <= space.width + 1e-6 && board.rows * l.size <= space.height + 1e-6 ? l.size : 0;
    };
    const bare = room(false);
    const labelsFor = `${shape}|${devicePixelRatio}|${Math.round(bare.width / 16)}|${Math.round(bare.height / 16)}`;
    const fitsLabelled = () => {
      const size = fitted(room(true));
      return size > 0 && size >= LABELS_MAY_COST * fitted(bare);
    };
    const labelled = shown?.labelsFor === labelsFor ? shown.labelled : fitsLabelled();
    const space = room(labelled);
    const fit = fitLevel(levels, board.rows, board.cols, space);
    let index = fit;
    if (chosen !== null) {
      const size = chosen;
      index = levels.reduce((best, l, i) => (Math.abs(l.size - size) < Math.abs(levels[best].size - size) ? i : best), 0);
    }
    const level = levels[index];
    const before = shown;
    shown = { shape, rows: board.rows, cols: board.cols, dpr: devicePixelRatio, levels, index, fit, level, labelled, labelsFor };
    const resized = !before || before.shape !== shape || before.dpr !== devicePixelRatio || before.level.cell !== level.cell || before.level.pixels !== level.pixels;
    if (resized) sizeCanvas(canvas, board.rows, board.cols, level.cell, level.pixels);
    if (resized || before?.labelled !== labelled) coords.place(board.rows, board.cols, level.size, labelled);
    box.style.maxHeight = `${space.height + space.down}px`;
    if (anchor && resized) restore(anchor);
    anchor = null;
    showButtons(shown);
    if (hint) hint.hidden = board.cols * level.size <= space.width + 1e-6 && board.rows * level.size <= space.height + 1e-6;
    return level.cell;
  }

  /**
   * Zooms one step in (+1) or out (−1), keeping the middle of what shows in place.
   * @param {number} direction
   */
  function zoom(direction) {
    if (!shown) return;
    const index = stepLevel(shown.levels, shown.index, direction);
    anchor = centreAnchor();
    chosen = shown.levels[index].size;
    invalidate();
  }

  /**
   * The board point at the middle of the frame's visible part, as fractions of the board.
   * @returns {Anchor}
   */
  function centreAnchor() {
    const r = canvas.getBoundingClientRect();
    const f = box.getBoundingClientRect();
    const x = (f.left + f.right) / 2;
    const y = (f.top + f.bottom) / 2;
    return { fx: (x - r.left) / r.width, fy: (y - r.top) / r.height, x, y };
  }

  /**
   * Scrolls the frame so that the board point of `anchor` is back at its client coordinates.
   * @param {Anchor} anchor
   */
  function restore({ fx, fy, x, y }) {
    const r = canvas.getBoundingClientRect();
    box.scrollLeft += r.left + fx * r.width - x;
    box.scrollTop += r.top + fy * r.height - y;
  }

  /**
   * The zoom buttons for the board laid out (a frame may have none).
   * @param {NonNullable<typeof shown>} laid
   */
  function showButtons({ index, levels, fit, level }) {
    if (!buttons.in || !buttons.out || !buttons.fit) return;
    buttons.in.disabled = index >= levels.length - 1;
    buttons.out.disabled = index <= 0;
    buttons.fit.disabled = chosen === null || index === fit;
    box.dataset.zoom = chosen === null ? 'fit' : String(Math.round(level.size * 100) / 100);
  }

  return {
    layout,
    zoom,
    /** Lays out again on the next paint (theme switch: the frame's border may differ). */
    invalidate() {
      stale = true;
    },

    /**
     * Zooms one step around client point (x, y) (a pinch): that board point stays under it.
     * @param {number} direction
     * @param {number} x
     * @param {number} y
     */
    zoomAt(direction, x, y) {
      if (!shown) return;
      const r = canvas.getBoundingClientRect();
      const index = stepLevel(shown.levels, shown.index, direction);
      if (index === shown.index) return;
      anchor = { fx: (x - r.left) / r.width, fy: (y - r.top) / r.height, x, y };
      chosen = shown.levels[index].size;
      invalidate();
    },

    /**
     * Scrolls what shows by (dx, dy) CSS pixels (a two-finger pan); nothing when the board fits.
     * @param {number} dx
     * @param {number} dy
     */
    panBy(dx, dy) {
      box.scrollLeft += dx;
      box.scrollTop += dy;
    },

    /**
     * Scrolls the least that brings `cell` into view (the keyboard cursor of a zoomed board).
     * @param {number} cell
     */
    reveal(cell) {
      if (!shown || (box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight)) return;
      const size = shown.level.size;
      const x = canvas.offsetLeft + (cell % shown.cols) * size;
      const y = canvas.offsetTop + Math.floor(cell / shown.cols) * size;
      if (x < box.scrollLeft) box.scrollLeft = x;
      else if (x + size > box.scrollLeft + box.clientWidth) box.scrollLeft = x + size - box.clientWidth;
      if (y < box.scrollTop) box.scrollTop = y;
      else if (y + size > box.scrollTop + box.clientHeight) box.scrollTop = y + size - box.clientHeight;
    },

    /**
     * The cell under client coordinates, or null outside the board. The canvas's edges are
     * taken at whole device pixels, where the browser draws them.
     * @param {number} clientX
     * @param {number} clientY
     * @returns {number | null}
     */
    cellAt(clientX, clientY) {
      if (!shown) return null;
      const dpr = devicePixelRatio;
      const rect = canvas.getBoundingClientRect();
      const device = shown.level.cell * shown.level.pixels;
      const col = Math.floor((clientX * dpr - Math.round(rect.left * dpr)) / device);
      const row = Math.floor((clientY * dpr - Math.round(rect.top * dpr)) / device);
      if (row < 0 || col < 0 || row >= shown.rows || col >= shown.cols) return null;
      return row * shown.cols + col;
    },
  };
}

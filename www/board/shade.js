// Distance as shade, where the board's cells are too small for numbers (the small glyph set,
// below CELL: a 32×32 chase on a phone): each value tile keeps its W / L / T glyph and is
// drawn the fainter the more moves are left, so a solved heatmap still shows where the game
// ends soon and where it drags on. The shades split the board's own tiles of a value into
// SHADES bands of about as many tiles each (not equal spans of moves: most tiles of a big board
// lie far from the end, and equal spans would draw nearly all of them alike). The legend under
// the board gives each band's first number of moves left.

import { t } from '../words/i18n.js';

/** Bands of shade at most: 0 the fewest moves left (the full colour) … SHADES − 1 the most. */
export const SHADES = 5;

/** Opacity of a value tile's colour at each step of shade. */
export const SHADE_ALPHA = [1, 0.8, 0.62, 0.46, 0.32];

/**
 * The bands of one value's tiles: the first moves left of each band, fewest first, and the most.
 * @typedef {{starts: number[], most: number}} Band
 */

/**
 * The ranges of moves left drawn as shade on the board, or null when the board shows its
 * numbers (or has no decided tiles); a value without tiles has no band.
 * @typedef {{win: Band | null, lose: Band | null} | null} Shading
 */

/**
 * The bands of the moves left of one value's tiles (any order), or null when there are none.
 * @param {number[]} movesLeft
 * @returns {Band | null}
 */
export function bandOf(movesLeft) {
  if (movesLeft.length === 0) return null;
  const sorted = Int32Array.from(movesLeft).sort();
  /** @type {number[]} */
  const starts = [];
  for (let k = 0; k < SHADES; k++) {
    const first = sorted[Math.floor((k * sorted.length) / SHADES)];
    if (starts.at(-1) !== first) starts.push(first);
  }
  return { starts, most: sorted[sorted.length - 1] };
}

/**
 * The step of shade (an index into SHADE_ALPHA) of the `i`th of `count` bands: spread from the
 * full colour to the faintest however few bands there are.
 * @param {number} i
 * @param {number} count
 */
const stepOf = (i, count) => (count <= 1 ? 0 : Math.round((i * (SHADES - 1)) / (count - 1)));

/**
 * The step of shade of a tile with `movesLeft` in `band`.
 * @param {number} movesLeft
 * @param {Band} band
 */
export function shadeOf(movesLeft, { starts }) {
  let i = starts.length - 1;
  while (i > 0 && starts[i] > movesLeft) i--;
  return stepOf(i, starts.length);
}

/**
 * The legend under the board (`[data-testid=shade-legend]` under `root`): for each value
 * shaded, its bands from the full colour to the faintest, each with its first number of moves
 * left, and the most (when the last band holds more than one number).
 * @param {ParentNode} root
 * @returns {(shading: Shading) => void}
 */
export function createShadeLegend(root) {
  const box = /** @type {HTMLElement} */ (root.querySelector('[data-testid=shade-legend]'));
  const doc = /** @type {Document} */ (box.ownerDocument);
  /** @type {string | null} */
  let shown = null;
  return (shading) => {
    const key = JSON.stringify(shading);
    if (key === shown) return;
    shown = key;
    box.hidden = shading === null;
    if (!shading) return;
    /** @type {Node[]} */
    const rows = [Object.assign(doc.createElement('span'), { textContent: t('shade.legend') })];
    for (const [value, letter] of /** @type {const} */ ([['win', 'W'], ['lose', 'L']])) {
      const band = shading[value];
      if (!band) continue;
      const row = doc.createElement('span');
      row.className = 'shade-row';
      row.dataset.value = value;
      const scale = doc.createElement('span');
      scale.className = 'shade-scale';
      band.starts.forEach((first, i) => {
        const last = i + 1 < band.starts.length ? band.starts[i + 1] - 1 : band.most;
        const swatch = doc.createElement('span');
        swatch.className = `shade ${value}`;
        swatch.style.setProperty('--alpha', String(SHADE_ALPHA[stepOf(i, band.starts.length)]));
        swatch.textContent = String(first);
        swatch.title = first === last ? `${letter}${first}` : `${letter}${first} to ${letter}${last}`;
        scale.append(swatch);
      });
      // The most, after the last band's first number when it differs from it.
      row.append(`${letter} `, scale, band.most === band.starts.at(-1) ? '' : ` …${band.most}`);
      rows.push(row);
    }
    box.replaceChildren(...rows);
  };
}

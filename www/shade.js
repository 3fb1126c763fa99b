// Distance as shade, where the board's cells are too small for numbers (the small glyph set,
// below CELL: a 32×32 chase on a phone): each value tile keeps its W / L / T glyph and is
// drawn the fainter the more moves are left, in SHADES steps of the board's own range, so a
// solved heatmap still shows where the game ends soon and where it drags on. The legend under
// the board says what the shades mean.

/** Steps of shade: 0 the fewest moves left (the full colour) … SHADES − 1 the most. */
export const SHADES = 5;

/** Opacity of a value tile's colour at each step of shade. */
export const SHADE_ALPHA = [1, 0.8, 0.62, 0.46, 0.32];

/**
 * The step of shade of `remoteness` when the most moves left among the tiles of its value is `most`.
 * @param {number} remoteness
 * @param {number} most
 */
export const shadeOf = (remoteness, most) => Math.min(SHADES - 1, Math.floor((remoteness * SHADES) / (most + 1)));

/**
 * The range of moves left of each value drawn as shade on the board, or null when the board
 * shows its numbers (or has no decided tiles).
 * @typedef {{win: number | null, lose: number | null} | null} Shading
 */

/**
 * The legend under the board (`[data-testid=shade-legend]` under `root`): for each value
 * shaded, its steps from the full colour to the faintest, with the moves left at both ends.
 * @param {ParentNode} root
 * @returns {(shading: Shading) => void}
 */
export function createShadeLegend(root) {
  const box = /** @type {HTMLElement} */ (root.querySelector('[data-testid=shade-legend]'));
  /** @type {string | null} */
  let shown = null;
  return (shading) => {
    const key = JSON.stringify(shading);
    if (key === shown) return;
    shown = key;
    box.hidden = shading === null;
    if (!shading) return;
    const doc = /** @type {Document} */ (box.ownerDocument);
    /** @type {(Node | string)[]} */
    const parts = ['Cells too small for numbers: the fainter, the more moves left. '];
    for (const [value, letter] of /** @type {const} */ ([['win', 'W'], ['lose', 'L']])) {
      const most = shading[value];
      if (most === null) continue;
      const scale = doc.createElement('span');
      scale.className = 'shade-scale';
      scale.dataset.value = value;
      for (const alpha of SHADE_ALPHA) {
        const swatch = doc.createElement('span');
        swatch.className = `shade ${value}`;
        swatch.style.opacity = String(alpha);
        scale.append(swatch);
      }
      parts.push(`${letter} `, doc.createTextNode(`${value === 'win' ? 1 : 0} `), scale, ` ${most} `);
    }
    box.replaceChildren(...parts);
  };
}

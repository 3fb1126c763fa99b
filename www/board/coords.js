// The board's coordinates on its edges: column numbers along the top, row numbers down the left,
// both from 1 and rows from the top, as the contest statements number them and as the page
// names cells in moves, "(row,column)" (words/movenames.js). The labels stand in the frame's
// padding (style.css), inside its scroll box, so that a zoomed board pans with them; where cells
// are too small for every number, every fifth (or tenth) is written, and the first.

/** CSS pixels per cell under which only every fifth number is written; a tenth under half of it. */
const EVERY_NUMBER = 14;

/**
 * Labels the edges of the board `canvas` in its frame (its parent element) and marks the board
 * `data-coords=on`. Returns `{place(rows, cols, size)}`, which lays the labels out for a board
 * of `rows` × `cols` cells of `size` CSS pixels.
 * @param {HTMLCanvasElement} canvas
 */
export function createCoords(canvas) {
  const box = /** @type {HTMLElement} */ (canvas.parentElement);
  const doc = canvas.ownerDocument;
  const layer = doc.createElement('div');
  layer.className = 'coords';
  layer.setAttribute('aria-hidden', 'true');
  box.append(layer);
  canvas.dataset.coords = 'on';

  /**
   * One edge's numbers: `count` labels, `axis` 'col' (along the top) or 'row' (down the left).
   * @param {'col' | 'row'} axis
   * @param {number} count
   * @param {number} size
   * @param {number} start  the CSS pixels before the first cell (the frame's padding)
   */
  function edge(axis, count, size, start) {
    const step = size >= EVERY_NUMBER ? 1 : size >= EVERY_NUMBER / 2 ? 5 : 10;
    const labels = [];
    for (let n = 1; n <= count; n++) {
      if (step > 1 && n !== 1 && n % step !== 0) continue;
      const label = doc.createElement('span');
      label.className = axis;
      label.dataset[axis] = String(n);
      label.textContent = String(n);
      const centre = `${start + (n - 0.5) * size}px`;
      if (axis === 'col') label.style.left = centre;
      else label.style.top = centre;
      labels.push(label);
    }
    return labels;
  }

  return {
    /**
     * @param {number} rows
     * @param {number} cols
     * @param {number} size
     */
    place(rows, cols, size) {
      const style = getComputedStyle(box);
      layer.replaceChildren(...edge('col', cols, size, parseFloat(style.paddingLeft)), ...edge('row', rows, size, parseFloat(style.paddingTop)));
    },
  };
}

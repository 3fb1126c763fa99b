// The board's coordinates on its edges: column numbers along the top, row numbers down the left,
// both from 1 and rows from the top, as the contest statements number them and as the page
// names cells in moves, "(row,column)" (words/movenames.js). The labels stand in the frame's
// padding, inside its scroll box, so that a zoomed board pans with them; where cells are too
// small for every number, every fifth (or tenth) is written, and the first. They take room:
// where the board would not fit its frame with them, it is drawn without (frame.js decides).

/** CSS pixels a digit of the labels takes (their font, style.css `.coords`: bold 11 px monospace). */
const DIGIT = 7;

/** The CSS pixels the labels take: a line of column numbers above, a column of row numbers to the left. */
export const LABEL_ROOM = { top: 16, left: 20 };

/**
 * Labels the edges of the board `canvas` in its frame (its parent element). Returns
 * `{place(rows, cols, size, shown)}`, which lays the labels out for a board of `rows` × `cols`
 * cells of `size` CSS pixels, or takes them away (`shown` false); the board says which in
 * `data-coords` (`on` / `off`).
 * @param {HTMLCanvasElement} canvas
 */
export function createCoords(canvas) {
  const box = /** @type {HTMLElement} */ (canvas.parentElement);
  const doc = canvas.ownerDocument;
  const layer = doc.createElement('div');
  layer.className = 'coords';
  layer.setAttribute('aria-hidden', 'true');
  box.append(layer);

  /**
   * One edge's numbers: `count` labels, `axis` 'col' (along the top) or 'row' (down the left).
   * @param {'col' | 'row'} axis
   * @param {number} count
   * @param {number} size
   * @param {number} start  the CSS pixels before the first cell (the frame's padding)
   */
  function edge(axis, count, size, start) {
    // Every number where the widest fits its cell, else every fifth, else every tenth.
    const wide = String(count).length * DIGIT + 3;
    const step = size >= wide ? 1 : size * 5 >= wide ? 5 : 10;
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
     * @param {boolean} shown
     */
    place(rows, cols, size, shown) {
      canvas.dataset.coords = shown ? 'on' : 'off';
      box.style.padding = shown ? `${LABEL_ROOM.top}px 0 0 ${LABEL_ROOM.left}px` : '';
      layer.replaceChildren(...(shown ? [...edge('col', cols, size, LABEL_ROOM.left), ...edge('row', rows, size, LABEL_ROOM.top)] : []));
    },
  };
}

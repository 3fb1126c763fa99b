// A heatmap cell's value in words, where the cells are too small for numbers (the small glyph
// set, whose tiles show W / L / T and a shade: shade.js). Pointing at a cell, or moving the
// keyboard cursor onto it, writes under the board what the cell holds — "(12,7) L68, the black
// piece there: Black wins in 68 moves, White to move" — so that a big board's values stay
// readable without zooming in. On a touch screen a tap with "ask why" says the same and where
// it came from (provenance.js).

import { cellName, pieceName } from '../words/movenames.js';
import { RecordState, remotenessOf, stateOf } from '../engine/records.js';
import { t } from '../words/i18n.js';

/**
 * The words for a heatmap record (`record` < 0: no position there) of the game whose first
 * side moves in the heatmap's positions: `{badge, words}` or null.
 * @param {number} record
 * @param {string[]} sides
 */
export function heatWords(record, sides) {
  if (record < 0) return null;
  const value = stateOf(record);
  if (value === RecordState.Tie) return { badge: 'T', words: t('readout.tie') };
  if (value !== RecordState.Win && value !== RecordState.Lose) return { badge: '', words: t('readout.undecided') };
  const left = remotenessOf(record);
  const winner = value === RecordState.Win ? sides[0] : sides[1];
  return { badge: `${value === RecordState.Win ? 'W' : 'L'}${left}`, words: t('readout.wins', { winner, count: left, mover: sides[0] }) };
}

/**
 * Writes the value of the cell pointed at (or under the focused board's cursor) into
 * `[data-testid=cell-readout]`, while the heatmap is drawn in shades (`legend` shown).
 * @param {HTMLCanvasElement} canvas
 * @param {{cellAt: (x: number, y: number) => number | null}} view
 * @param {{state: import('../machine/state.js').State}} controller
 */
export function attachReadout(canvas, view, controller) {
  const doc = canvas.ownerDocument;
  const out = /** @type {HTMLElement} */ (doc.querySelector('[data-testid=cell-readout]'));
  const legend = /** @type {HTMLElement} */ (doc.querySelector('[data-testid=shade-legend]'));
  const HINT = t('readout.hint');

  /** @param {number | null} cell */
  function show(cell) {
    out.hidden = legend.hidden;
    if (out.hidden) return;
    const { editor, analysis } = controller.state;
    const said = cell === null || !analysis.heat ? null : heatWords(analysis.heat[cell], editor.game.sides);
    out.dataset.cell = cell === null || !said ? '' : String(cell);
    if (!said || cell === null || !('cells' in editor.board)) {
      out.textContent = HINT;
      return;
    }
    // The heatmap's cell is the position with the varying piece there (games/*.js legend).
    const piece = pieceName(editor.game, editor.board.cells[editor.pieces[editor.varying]]);
    out.textContent = `${cellName(editor.board.cols, cell)} ${said.badge}, the ${piece} there: ${said.words}`;
  }

  canvas.addEventListener('pointermove', (event) => show(view.cellAt(event.clientX, event.clientY)));
  canvas.addEventListener('pointerleave', () => show(null));
  // The keyboard cursor (view.js writes it as "row,column" from 1).
  new MutationObserver(() => {
    if (doc.activeElement !== canvas || !canvas.dataset.cursor) return;
    const [row, col] = canvas.dataset.cursor.split(',').map(Number);
    show((row - 1) * controller.state.editor.board.cols + (col - 1));
  }).observe(canvas, { attributes: true, attributeFilter: ['data-cursor'] });
  // The legend comes and goes with the shades: the readout with it.
  new MutationObserver(() => show(null)).observe(legend, { attributes: true, attributeFilter: ['hidden'] });
}

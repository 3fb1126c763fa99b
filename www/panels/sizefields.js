// The Rows and Columns fields of the toolbar. A whole number resizes the board (square games:
// both sides); one outside the game's limits is clamped, and the field shows the clamp; text
// that is not a whole number (an empty field, `abc`) leaves the board alone. Either way a note
// under the fields says what happened, until the board changes.

import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/**
 * Binds the fields under `root` to `controller`; returns `{render(state)}`.
 * @param {import('../machine/api.js').Controller} controller
 */
export function createSizeFields(root, controller) {
  const rows = $(root, 'rows');
  const cols = $(root, 'cols');
  const note = $(root, 'size-note');
  const { editor } = controller.state;
  /** What the note says, and the board it was said about: it goes once the board changes. */
  let said = null;

  /** The field's whole number clamped to its limits, or null; `said` explains a clamp or a refusal. */
  function read(input, name) {
    const [lo, hi] = [Number(input.min), Number(input.max)];
    const text = input.value.trim();
    if (input.validity.badInput || !/^-?\d+$/.test(text)) {
      said = { text: t('sizes.not-whole', { name, lo, hi }), board: editor.board };
      return null;
    }
    const wanted = Number(text);
    const value = Math.max(lo, Math.min(hi, wanted));
    const clamped = value === hi ? t('sizes.at-most', { name, hi, wanted }) : t('sizes.at-least', { name, lo, wanted });
    said = value === wanted ? null : { text: clamped, board: editor.board };
    return value;
  }

  function changed(input, name) {
    const value = read(input, name);
    if (value !== null) {
      const square = editor.game.square;
      if (input === rows) controller.resize(value, square ? value : editor.board.cols);
      else controller.resize(square ? value : editor.board.rows, value);
      if (said) said.board = editor.board;
    }
    render(controller.state, { force: true });
  }
  rows.addEventListener('change', () => changed(rows, t('html.rows')));
  cols.addEventListener('change', () => changed(cols, t('html.cols')));

  /**
   * Shows the board's size (leaving a field being typed in alone unless `force`) and the note.
   * @param {import('../machine/state.js').State} state
   */
  function render({ editor: { game, board } }, { force = false } = {}) {
    rows.min = game.minRows;
    rows.max = game.maxRows;
    cols.min = game.minCols;
    cols.max = Math.min(game.maxCols, Math.floor(game.maxCells / board.rows));
    for (const [input, value] of [[rows, board.rows], [cols, board.cols]]) {
      if (force || root.activeElement !== input || Number(input.value) !== value) input.value = value;
    }
    const text = said && said.board === board ? said.text : '';
    note.hidden = text === '';
    if (note.textContent !== text) note.textContent = text;
  }

  return { render };
}

// The board's contest text `[data-testid=contest-text]` (the toolbar's "Contest text"): the
// board on show as the contest's input, and text pasted there read as boards ("Use this text").
// A text of several boards belongs in the batch, which solves them all: the box says so as
// soon as it holds several `[data-testid=contest-text-note]`, and offers to open them all there
// `[data-testid=contest-text-batch]`, moving the text. "Use this text" still shows them on the
// board one at a time (chooser.js), and the box keeps the whole text meanwhile, every board
// of it, until another board is shown. Beside it, "Copy link" (copylink.js).

import { copyLinkButton } from './copylink.js';
import { t } from '../words/i18n.js';

/** Milliseconds of quiet after typing before the box's boards are counted. */
const COUNT_AFTER_MS = 150;

const $ = (/** @type {ParentNode} */ root, /** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`[data-testid="${id}"]`));

/**
 * Binds the contest text box under `root` to `controller`; `openInBatch(text)` opens the batch
 * view on `text` and solves it. Returns `render(state)`.
 * @param {Document} root
 * @param {import('../machine/api.js').Controller} controller
 * @param {(text: string) => void} openInBatch
 */
export function createContestText(root, controller, openInBatch) {
  const box = /** @type {HTMLTextAreaElement} */ ($(root, 'contest-text'));
  const use = $(root, 'use-text');
  const note = $(root, 'contest-text-note');
  const words = $(root, 'contest-text-count');
  const toBatch = $(root, 'contest-text-batch');
  const details = /** @type {HTMLDetailsElement} */ (box.closest('details'));
  details.after(copyLinkButton(root, () => controller.state, t('contesttext.copy-title')));

  /** The text on show, as last written into the box. */
  let shownText = /** @type {string | null} */ (null);
  /** A text of several boards read by "Use this text", and its boards: kept in the box while one of them is on show. */
  let held = /** @type {{text: string, boards: readonly unknown[]} | null} */ (null);
  let timer = 0;

  /** Says how many boards the box holds when they are several, with the way to the batch. */
  function describe() {
    const { boards } = controller.state.editor.game.fromText(box.value);
    const several = boards !== undefined && boards.length > 1;
    note.hidden = !several;
    if (!several) return;
    words.textContent = t('contesttext.holds', { count: boards.length });
    toBatch.textContent = t('contesttext.to-batch', { count: boards.length });
  }

  box.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(describe, COUNT_AFTER_MS);
  });
  use.addEventListener('click', () => {
    const text = box.value;
    controller.loadText(text);
    const { choices } = controller.state.editor;
    held = choices && choices.boards.length > 1 ? { text, boards: choices.boards } : null;
    render(controller.state);
  });
  toBatch.addEventListener('click', () => {
    const text = box.value;
    held = null;
    shownText = null;
    details.open = false;
    render(controller.state);
    openInBatch(text);
  });

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const { choices, board } = state.editor;
    if (held && !(choices?.boards === held.boards && choices.boards[choices.index] === board)) held = null;
    const text = held?.text ?? state.editor.text ?? '';
    if (text === shownText || root.activeElement === box) return;
    shownText = text;
    box.value = text;
    clearTimeout(timer);
    // The board's own text is one board: only a held text is counted again.
    if (held) describe();
    else note.hidden = true;
  }
  return render;
}

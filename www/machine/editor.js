// The editor's actions: what an edit of the board (a command of edits.js), an undo or redo
// step (undo.js) or a board loaded from a link asks of the state machine, sent to it as an
// event (`edit`, `move` or `notice`, controller.js); and how those events' boards are taken
// in, checked (`take`, run by the controller's actions). The engine reads a board once per
// edit, here: the event carries its verdict, and the reading (a `Start`) is kept for the
// memory committed ahead and for the analysis (`takeStart`). While the person draws, memory
// for the board's analysis is committed in idle time (`commitAhead`).

import { sameGround } from '../games/grid.js';
import { commitWhenIdle } from '../engine/engine.js';
import { createSteps, snapshotOf } from './undo.js';
import { errorText } from '../words/text.js';

/**
 * @typedef {import('./state.js').State} State
 * @typedef {import('./state.js').Editor} Editor
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {import('./edits.js').Edit} Edit
 * @typedef {import('./undo.js').Undo} Undo
 */

/**
 * The payload of the `edit` and `move` events: the board to show and what goes with it.
 * `move` keeps the analysis (only pieces moved, on a legal board), `edit` drops it.
 * @typedef {object} Shown
 * @property {Board} board
 * @property {Game} [game]            a new game (edit only)
 * @property {import('./state.js').Choices | null} [choices]  the boards of the text (default: unchanged)
 * @property {number} [varying]       the heatmap's varying piece starts over here (a board from elsewhere: one more
 *   of the editor's `arrivals`)
 * @property {string | null} error    the engine's objection to the board, or null when it is a legal start
 * @property {string | null} text     the board's contest text, from the same reading; null when it is not a legal start
 * @property {number | null} bytes    the memory its analysis allocates at once (the engine's `Start.bytes`, from the
 *   same reading); null when it is not a legal start
 * @property {Undo} undo              the undo stacks after this edit
 * @property {boolean} deliberate     a change the person chose as a whole: an entry of the browser's history
 * @property {import('./state.js').Notice | null} notice  what was wrong with the link the board came from, or what it
 *   showed instead of the saved board
 */

/**
 * Sets the editor's `error`, `text`, `pieces`, `varying` and `cursor` for its board, `error` and
 * `text` being the engine's reading of it (from the event that showed it).
 * @param {Editor} editor
 * @param {{error: string | null, text: string | null}} reading
 */
function validate(editor, { error, text }) {
  editor.error = error;
  editor.text = text;
  editor.pieces = error ? null : editor.game.pieceCells(editor.board);
  if (!editor.pieces || editor.varying >= editor.pieces.length) editor.varying = editor.game.defaultVarying;
  editor.cursor = Math.min(editor.cursor, editor.board.rows * editor.board.cols - 1);
}

/**
 * Shows the board of an `edit` or `move` event on the editor, checked (validate). Run by the
 * controller's actions.
 * @param {Editor} editor
 * @param {Shown} shown
 */
export function take(editor, { game = editor.game, board, choices = editor.choices, varying, error, text, bytes, undo, deliberate, notice }) {
  editor.game = game;
  editor.board = board;
  editor.bytes = bytes;
  editor.choices = choices;
  if (varying !== undefined) {
    editor.varying = varying;
    editor.arrivals += 1;
  }
  editor.undo = undo;
  if (deliberate) editor.landmark += 1;
  editor.notice = notice;
  editor.marked = null;
  validate(editor, { error, text });
}

/**
 * The editor of `state`'s board, sending its events to `dispatch` (the controller's).
 * @param {import('../engine/engine.js').Engine} engine
 * @param {State} state
 * @param {import('./phases.js').Dispatch} dispatch
 */
export function createEditor(engine, state, dispatch) {
  const { editor } = state;
  const steps = createSteps();
  /** Stops committing memory ahead for the board being drawn, or null. */
  let stopCommitting = /** @type {(() => void) | null} */ (null);

  /**
   * The board on show as the engine read it (a `Start`: its check, its contest text, its memory
   * and its analysis from one reading), while it is a legal start that no analysis has taken;
   * else null.
   * @type {import('../pkg/retrolab.js').Start | null}
   */
  let start = null;

  /**
   * Reads `board` of `game` (the one reading of this edit, kept in `start`): the engine's
   * objection to it, or its contest text and the memory its analysis allocates (a game that
   * cannot say it ahead is built to say it, and the analysis then takes the game built; one
   * whose tables the tab cannot hold is objected to).
   * @param {Game} game
   * @param {Board} board
   * @returns {{error: string | null, text: string | null, bytes: number | null}}
   */
  function read(game, board) {
    start?.free();
    start = null;
    try {
      start = new engine.Start(game.id, board, game.rulesText || undefined);
      return { error: null, text: start.contestText, bytes: start.bytes() };
    } catch (error) {
      start?.free();
      start = null;
      return { error: errorText(error), text: null, bytes: null };
    }
  }

  /**
   * Shows an edit's board: a new board from elsewhere starts the heatmap's varying piece over;
   * a piece move on a legal board keeps the analysis (and its size); any other change drops it.
   * @param {import('./edits.js').BoardEdit} edit
   * @param {Undo} undo
   * @param {import('./state.js').Notice | null} [notice]
   */
  function show(edit, undo, notice = null) {
    const deliberate = Boolean(edit.deliberate);
    if ('fresh' in edit) {
      const game = edit.game ?? editor.game;
      const reading = read(game, edit.board);
      /** @type {Shown} */
      const shown = { game, board: edit.board, choices: edit.choices ?? null, varying: game.defaultVarying, ...reading, undo, deliberate, notice };
      dispatch('edit', shown);
    } else {
      const reading = read(editor.game, edit.board);
      const moved = edit.piecesOnly && reading.error === null && !editor.error;
      /** @type {Shown} */
      const shown = { board: edit.board, choices: edit.choices, ...reading, bytes: moved ? editor.bytes : reading.bytes, undo, deliberate, notice };
      dispatch(moved ? 'move' : 'edit', shown);
    }
  }

  /**
   * Carries out an edit (edits.js, null: nothing to do) as one undo step (a stroke's edits
   * are one together); an edit that only says why nothing changed shows its notice.
   * @param {Edit | null} edit
   */
  function apply(edit) {
    if (!edit) return;
    if ('notice' in edit) dispatch('notice', { notice: edit.notice, cell: edit.cell ?? null });
    else show(edit, steps.before(editor.undo, snapshotOf(editor)));
  }

  /**
   * Undo (`step` back) or redo (forth): shows the board it returns to, keeping the analysis
   * when only pieces moved.
   * @param {(undo: Undo, now: import('./undo.js').Snapshot) => import('./undo.js').Moved | null} step
   */
  function travel(step) {
    const moved = step(editor.undo, snapshotOf(editor));
    if (!moved) return;
    const { game, board, choices } = moved.snapshot;
    show(game === editor.game ? { board, choices, piecesOnly: sameGround(editor.board, board) } : { game, board, choices, fresh: true }, moved.undo);
  }

  /**
   * Shows `board` of `game` from a link or the browser's Back, with `notice` saying what was
   * wrong with the link (not an undo step: the browser's history has it).
   * @param {Game} game
   * @param {Board} board
   * @param {import('./state.js').Notice | null} notice
   */
  function load(game, board, notice) {
    show({ game, board, fresh: true }, editor.undo, notice);
  }

  /**
   * While the person draws, commits in idle time the memory the board's analysis will take,
   * so that Solve starts on memory the browser has already handed over (engine.js).
   */
  function commitAhead() {
    stopCommitting?.();
    stopCommitting = start && commitWhenIdle(engine, start);
  }

  /**
   * The board on show as the engine read it, for its analysis to take: the edit's reading, or,
   * when an analysis took that one already (the board solved again), a new one. Throws the
   * engine's objection for a board that is not a legal start.
   */
  function takeStart() {
    const taken = start ?? new engine.Start(editor.game.id, editor.board, editor.game.rulesText || undefined);
    start = null;
    return taken;
  }

  /** Stops committing memory ahead (the analysis starts: it takes what was committed). */
  function stopCommit() {
    stopCommitting?.();
    stopCommitting = null;
  }

  /**
   * The board and undo steps from before the piece being dragged first slid, in the stroke
   * under way, or null.
   * @type {{board: Board, undo: Undo} | null}
   */
  let slidFrom = null;

  /**
   * A piece dragged over a cell (input.js) slides there when `edit` (edits.movePiece) only
   * moves it and the board stays a legal start: a `move`, which the analysis answers, so the
   * verdict and heatmap follow the pointer. Anything else — a piece or obstacle there, an
   * illegal start — is left to the drop, and nothing is said. Returns whether it slid.
   * @param {Edit | null} edit
   */
  function slide(edit) {
    if (!edit || 'notice' in edit || 'fresh' in edit || !edit.piecesOnly || editor.error) return false;
    const reading = read(editor.game, edit.board);
    if (reading.error !== null) return false;
    slidFrom ??= { board: editor.board, undo: editor.undo };
    const undo = steps.before(editor.undo, snapshotOf(editor));
    dispatch('move', { board: edit.board, ...reading, bytes: editor.bytes, undo, deliberate: false, notice: null });
    return true;
  }

  /**
   * The dragged piece goes back where the drag began, with the undo steps of then (a drop
   * the rules refuse leaves no step); the stroke goes on, so a drop after it is one step.
   */
  function unslide() {
    if (!slidFrom) return;
    const { board, undo } = slidFrom;
    slidFrom = null;
    steps.begin();
    dispatch('move', { board, ...read(editor.game, board), bytes: editor.bytes, undo, deliberate: false, notice: null });
  }

  /** A pointer stroke begins or ends: its edits are one undo step. */
  const stroke = (/** @type {() => void} */ mark) => () => {
    slidFrom = null;
    mark();
  };

  return { apply, travel, load, commitAhead, stopCommit, takeStart, slide, unslide, beginStroke: stroke(steps.begin), endStroke: stroke(steps.end) };
}

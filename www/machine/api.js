// The controller: what the views may ask of the page's state machine, and the only way they
// ask it. Each method turns a person's action (a button, a key, a drag, a tool) into an event of
// the machine (controller.js) or a question to the analysis it holds; `state` is for reading.
// Buttons are enabled exactly when the transition table lists their control's event for the
// phase (`enabled`, phases.js `eventFor`). Kept apart from the machine so that the machine's
// workings (its actions, its entry hooks, the Lab) stay out of every view's reach.

import { createMachine } from './controller.js';
import * as edits from './edits.js';
import { eventFor } from './phases.js';
import { previewKey } from './readouts.js';
import { DEFAULT_ORDER, DEFAULT_SPEED, ORDERS } from './settings.js';
import { back, forth } from './undo.js';

/**
 * @typedef {import('./state.js').State} State
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {import('./state.js').Provenance} Provenance
 * @typedef {import('./settings.js').Order} Order
 * @typedef {import('./phases.js').Control} Control
 */

/**
 * The controller of the page. `engine` holds the engine's classes (engine.js), `games` the
 * game descriptors (the first is shown at first), `random` draws the random presets; `speed`
 * and `order` are the settings to start with (settings.js), `undo` the undo steps (the last
 * visit's, saved.js; none when left out). Listeners registered with `subscribe` run after
 * every change.
 * @param {{engine: Engine, games: Game[], random?: () => number, speed?: number, order?: Order, undo?: import('./undo.js').Undo,
 *   teaching?: import('./state.js').Teaching}} options
 */
export function createController({ engine, games, random = Math.random, speed = DEFAULT_SPEED, order = DEFAULT_ORDER, undo, teaching }) {
  const machine = createMachine({ engine, game: games[0], speed, order, undo, teaching });
  const { state, dispatch, press, readouts, tracing, editing } = machine;
  const { editor } = state;

  /**
   * Replay: plays `move` (one of `state.replay.here.moves`).
   * @param {import('../engine/engine.js').Move} move
   */
  const replayMove = (move) => dispatch('replay', { op: 'move', move });

  /**
   * A board-editing command of edits.js, applied to the board as drawn.
   * @template {unknown[]} A
   * @param {(editor: import('./state.js').Editor, ...args: A) => edits.Edit | null} edit
   */
  const command = (edit) => (/** @type {A} */ ...args) => editing.apply(edit(editor, ...args));

  return {
    state,

    /**
     * Calls `listener(state)` after every change.
     * @param {(state: State) => void} listener
     */
    subscribe: machine.subscribe,

    /**
     * Loads a game and board (from a link, or the browser's Back); solves at once when `solve` is set and legal.
     * @param {{game: Game, board: Board, solve?: boolean, notice?: import('./state.js').Notice | null}} link
     */
    load({ game, board, solve, notice }) {
      editing.load(game, board, notice ?? null);
      if (solve && !editor.error) press('solveNow');
    },

    press,

    /**
     * Whether a control is enabled now.
     * @param {Control} control
     */
    enabled: (control) => eventFor(control, state) !== null,

    /**
     * How the person follows the algorithm: the code's language, what the board shows while the
     * analysis is under way, whether the page asks before each decision (state.teaching).
     * @param {Partial<import('./state.js').Teaching>} choices
     */
    teach: (choices) => dispatch('teach', choices),
    /**
     * Chooses what a tap on an empty cell does: draw (an obstacle) or inspect (where its value
     * came from, once analysed); the board says it (phases.js tapMeaning).
     * @param {import('./state.js').TapMode} mode
     */
    setTap: (mode) => dispatch('tap', { mode }),
    /**
     * Says `text` under the board, as the board's notice (what a gesture could not do).
     * @param {string} text
     */
    notice: (text) => dispatch('notice', { notice: text, cell: null }),

    /**
     * Predict: the person's guess for the parent on show — won, lost, or still open; the next
     * line shows what it is, and the guess is graded (state.analysis.quiz).
     * @param {'win' | 'lose' | 'open'} guess
     */
    answer: (guess) => dispatch('answer', { guess }),

    /**
     * Sets the order of the analysis (one of ORDERS); an analysis under way or done starts again in it.
     * @param {string} order
     */
    setOrder(order) {
      const chosen = ORDERS.find((o) => o === order);
      if (chosen && chosen !== state.order) dispatch('order', { order: chosen });
    },

    /**
     * Sets the speed (index into SPEEDS); `faster` and `slower` move it a notch.
     * @param {number} index
     */
    setSpeed(index) {
      dispatch('speed', { speed: index });
    },
    faster: () => dispatch('speed', { speed: state.speed + 1 }),
    slower: () => dispatch('speed', { speed: state.speed - 1 }),

    /**
     * Replay: goes to move number `index`, plays a move (one of `state.replay.here.moves`), leaves.
     * @param {number} index
     */
    replayTo: (index) => dispatch('replay', { op: 'to', index }),
    replayMove,
    leaveReplay: () => dispatch('leave', {}),

    /**
     * Play mode and drills (tools/play.js, drill.js): replays from `position` (null: the board's
     * start), `blind` hiding the moves' values and any line ahead, so the person chooses alone.
     * @param {number | null} position
     * @param {boolean} blind
     */
    replayFrom: (position, blind) => dispatch('replay', { op: 'from', position, blind }),
    /**
     * Shows or hides the moves' values of a blind replay (a drill's answer revealed).
     * @param {boolean} blind
     */
    setBlind(blind) {
      if (state.replay.blind !== blind) dispatch('blind', { blind });
    },
    /**
     * Replay: plays the best move onto `cell` (of the piece picked, if one is), else shows only the moves of the piece there.
     * @param {number} cell
     */
    replayAt(cell) {
      const { here, pick } = state.replay;
      if (!here) return;
      const move = here.moves.find((m) => m.to === cell && (pick === null || m.from === here.pieces[pick]));
      if (move) replayMove(move);
      else if (here.moves.some((m) => m.from === cell)) dispatch('select', { index: here.pieces.indexOf(cell) });
    },

    /**
     * Shows an example position of a histogram bar (again: the next one).
     * @param {number} bucket
     * @param {number} value
     */
    showExample(bucket, value) {
      dispatch('example', { bucket, value });
    },

    /**
     * The timeline: shows the analysis as it was after step `step` (0 … the furthest reached,
     * `state.analysis.timeline`), re-running it from the start if it is past it, in slices.
     * @param {number} step
     */
    rewind(step) {
      const lab = machine.lab();
      if (!lab) return;
      const { timeline } = state.analysis;
      const to = Math.max(0, Math.min(timeline.reached, Math.round(step)));
      if (state.phase !== 'rewinding' && lab.progress().step === to) return;
      dispatch('rewind', { step: to });
    },

    /**
     * Where the value of `position` came from: the step that decided it and the child that did
     * (state.analysis.provenance, worded by provenance.js). For the heatmap, the replay and the
     * proof view; null closes it. Resolves to the provenance once found, or null.
     * @param {number | null} position
     * @returns {Promise<Provenance | null>}
     */
    provenance(position) {
      const lab = machine.lab();
      const asked = lab && position !== null ? tracing.start(lab, position) : null;
      if (!asked) tracing.stop();
      dispatch('trace', { provenance: asked?.model ?? null });
      return asked?.done ?? Promise.resolve(null);
    },

    /**
     * The engine's checksum of the table as it stands (Lab.checksum), carried from `hash` (the
     * records before `from`; undefined to start) over the records `from` to `to`; undefined
     * without an analysis.
     * @param {number | undefined} hash
     * @param {number} from
     * @param {number} to
     */
    checksum: (hash, from, to) => machine.lab()?.checksum(hash, from, to),

    /**
     * The position of the heatmap on `cell`, or undefined (none there, or no heatmap).
     * @param {number} cell
     */
    cellPosition: (cell) => readouts.cellPosition(cell),

    /** The solved analysis (the engine's Lab) once every position is decided, else null: what the explanations and drills read (never step). */
    solvedLab: () => (state.phase === 'solved' || state.phase === 'replaying' ? machine.lab() : null),

    /** The position the board shows once solved: the replay's, else the board as drawn; undefined before. */
    shownPosition: () =>
      state.phase === 'replaying' && state.replay.here ? state.replay.here.position : state.phase === 'solved' && machine.lab() ? readouts.startPosition() : undefined,

    /**
     * Shows `position` of the solved analysis on the board, over everything, with `move`
     * (`{from, to}`) drawn as the move into it — until `preview(null)`. The one way another
     * position reaches the main board (explanations).
     * @param {number | null} position
     * @param {{from: number, to: number} | null} [move]
     */
    preview(position, move = null) {
      const key = position === null ? null : previewKey(position, move);
      if (key !== (state.preview?.key ?? null)) dispatch('preview', { position, move });
    },

    /** The board-editing commands (edits.js). */
    loadText: command(edits.loadText),
    paint: command(edits.paint),
    movePiece: command(edits.movePiece),
    placePiece: command(edits.placePiece),
    erase: command(edits.erase),
    resize: command(edits.resize),
    /** @param {number} index */
    preset: (index) => editing.apply(edits.preset(editor, index, random)),
    choose: command(edits.choose),
    clear: command(edits.clear),
    setWeights: command(edits.setWeights),
    /** @param {string} id */
    setGame: (id) => editing.apply(edits.setGame(editor, games.find((g) => g.id === id))),

    /**
     * A piece dragged from `from` over `to` slides there when the board stays a legal start
     * (answered from the same table: the verdict and heatmap follow the pointer); returns whether it did.
     * @param {number} from
     * @param {number} to
     */
    slide: (from, to) => editing.slide(edits.movePiece(editor, from, to)),
    /** The dragged piece goes back where the drag began (its drop is refused, or it is cancelled). */
    unslide: () => editing.unslide(),

    /** Undoes / redoes the last board edit (a pointer stroke is one). */
    undo: () => editing.travel(back),
    redo: () => editing.travel(forth),
    /** A pointer stroke on the board begins / ends: the cells it draws are one undo step. */
    beginStroke: editing.beginStroke,
    endStroke: editing.endStroke,

    /**
     * Makes the piece on `cell` the one that varies in the heatmap (replay: whose moves are shown).
     * @param {number} cell
     */
    select(cell) {
      const cells = state.phase === 'replaying' ? state.replay.here?.pieces : editor.pieces;
      const index = cells?.indexOf(cell) ?? -1;
      if (index >= 0) dispatch('select', { index });
    },

    /**
     * Moves the keyboard cursor / records focus and drag feedback (drawing only).
     * @param {number} cell
     */
    setCursor: (cell) => dispatch('cursor', { cell }),
    /** @param {boolean} focused */
    setFocus: (focused) => dispatch('focus', { focused }),
    /** @param {{from: number, over: number | null} | null} drag */
    setDrag: (drag) => dispatch('drag', { drag }),
  };
}

/** @typedef {ReturnType<typeof createController>} Controller */

// The page's state and its one state machine. Phases:
//   editing  the board is being drawn; nothing is analysed (or the analysis was dropped)
//   solving  the analysis runs in time slices; moving a piece keeps it (same positions)
//   solved   every position is decided: verdict and heatmap are shown
// Every change goes through `dispatch(event)`, which looks the next phase up in TRANSITIONS,
// runs the event's action, then the entry hook of the phase when it changes. The view and the
// panel only read `state`.

import * as B from './board.js';
import { NO_POSITION, startAnalysis } from './engine.js';

/** phase → event → next phase. Events not listed are ignored in that phase. */
export const TRANSITIONS = {
  editing: { edit: 'editing', move: 'editing', select: 'editing', solve: 'solving' },
  solving: { edit: 'editing', move: 'solving', select: 'solving', tick: 'solving', finish: 'solved', fail: 'editing' },
  solved: { edit: 'editing', move: 'solved', select: 'solved' },
};

/**
 * The controller of the page. `engine` holds the engine's classes `{Lab, Reserve}`, `games`
 * the game descriptors. Listeners registered with `subscribe` run after every change.
 */
export function createController({ engine, games, random = Math.random }) {
  const { Lab } = engine;
  const listeners = [];
  let lab = null;
  let stopRun = null;

  const state = {
    phase: 'editing',
    game: games[0],
    board: games[0].defaultBoard(),
    /** Why the board is not a legal start (the engine's message), or null. */
    error: null,
    /** What was wrong with the link the page was opened with, or null. */
    notice: null,
    /** Why the last analysis failed, or null. */
    failure: null,
    /** Solve at full speed (the link said `solve=1`) rather than on animation frames. */
    fullSpeed: false,
    progress: null,
    /** `{solveMs, maxSliceMs, slices}` of the analysis. */
    stats: null,
    /** Pieces' cells in the engine's order, or null when the board is not legal. */
    pieces: null,
    /** Index (into `pieces`) of the piece that varies in the heatmap. */
    varying: games[0].defaultVarying,
    /** Outcome `{value, remoteness}` and contest answer of the board as drawn, once solved. */
    outcome: null,
    answer: null,
    /** Per board cell: the record of the heatmap's position there, 0 for none (piece games). */
    heat: null,
    /** The optimal line from the start, as `Lab.optimalLine` gives it (scored games). */
    line: null,
    /** Keyboard cursor cell, and whether the board has the focus (to show it). */
    cursor: 0,
    focused: false,
    /** A piece being dragged: `{from, over}` cells, or null. */
    drag: null,
  };

  const actions = {
    edit({ board, game = state.game }) {
      state.game = game;
      state.board = board;
      state.failure = null;
      state.notice = null;
      validate();
    },
    move({ board }) {
      state.board = board;
      state.notice = null;
      validate();
      if (state.phase === 'solved') readSolution();
    },
    select({ index }) {
      state.varying = index;
      if (state.phase === 'solved') readSolution();
    },
    solve({ fullSpeed }) {
      state.fullSpeed = fullSpeed;
      state.failure = null;
    },
    tick({ progress, stats }) {
      state.progress = progress;
      state.stats = { ...stats };
    },
    finish({ progress, stats }) {
      state.progress = progress;
      state.stats = { ...stats };
      stopRun = null;
      readSolution();
    },
    fail({ message }) {
      state.failure = message;
    },
  };

  const onEnter = {
    editing() {
      stopRun?.();
      stopRun = null;
      lab?.free();
      lab = null;
      state.progress = null;
      state.stats = null;
      state.outcome = null;
      state.answer = null;
      state.heat = null;
      state.line = null;
    },
    solving() {
      state.progress = { phase: 'memory', total: 0, decided: 0, done: false };
      stopRun = startAnalysis(engine, state.game.id, state.game.engineText(state.board), {
        fullSpeed: state.fullSpeed,
        onLab: (created) => (lab = created),
        onTick: (progress, stats) => dispatch('tick', { progress, stats }),
        onDone: (progress, stats) => dispatch('finish', { progress, stats }),
        onError: (error) => dispatch('fail', { message: error.message }),
      });
    },
  };

  function dispatch(event, payload = {}) {
    const next = TRANSITIONS[state.phase][event];
    if (!next) return false;
    actions[event](payload);
    const entered = next !== state.phase || event === 'edit';
    state.phase = next;
    if (entered) onEnter[next]?.();
    for (const listener of listeners) listener(state);
    return true;
  }

  /** Checks the board with the engine's parser; keeps `error`, `pieces`, `varying` in step. */
  function validate() {
    state.error = Lab.check(state.game.id, state.game.engineText(state.board)) ?? null;
    state.pieces = state.error ? null : state.game.pieceCells(state.board);
    if (!state.pieces || state.varying >= state.pieces.length) state.varying = state.game.defaultVarying;
    state.cursor = Math.min(state.cursor, state.board.rows * state.board.cols - 1);
  }

  /** Outcome, contest answer and heatmap of the board as drawn, from the finished analysis. */
  function readSolution() {
    if (!lab || !state.pieces) return;
    const start = lab.position(Uint16Array.from(state.pieces), 0);
    if (start === undefined) return;
    state.outcome = lab.outcome(start);
    state.answer = lab.answer(start) ?? null;
    if (state.game.kind === 'scored') {
      state.line = lab.optimalLine(start);
      return;
    }
    const positions = lab.slice(start, state.varying);
    const records = lab.records();
    state.heat = positions.map((pos) => (pos === NO_POSITION ? 0 : records[pos]));
  }

  const isPiece = (ch) => state.game.pieces.some((p) => p.ch === ch);
  const change = (board, changes) => B.withCells(board, changes);

  /** A new board: an obstacle change drops the analysis, a piece move keeps it. */
  function commit(board, piecesOnly) {
    const legal = Lab.check(state.game.id, state.game.engineText(board)) === undefined;
    dispatch(piecesOnly && legal && !state.error ? 'move' : 'edit', { board });
  }

  return {
    state,

    /** Calls `listener(state)` after every change. */
    subscribe(listener) {
      listeners.push(listener);
    },

    /** Loads a game and board (from a link); solves at once when `solve` is set and legal. */
    load({ game, board, solve, notice }) {
      state.varying = game.defaultVarying;
      dispatch('edit', { game, board });
      state.notice = notice;
      if (solve && !state.error) dispatch('solve', { fullSpeed: true });
      else for (const listener of listeners) listener(state);
    },

    /** Starts the analysis, watched on animation frames. */
    solve() {
      if (!state.error) dispatch('solve', { fullSpeed: false });
    },

    /** Puts (`on`) or removes an obstacle on a cell without a piece. */
    paint(cell, on) {
      const ch = on ? '#' : '.';
      if (!state.game.obstacles || isPiece(state.board.cells[cell]) || state.board.cells[cell] === ch) return;
      commit(change(state.board, [[cell, ch]]), false);
    },

    /** Moves the piece on `from` to `to` (a free cell or an obstacle, which it replaces). */
    movePiece(from, to) {
      const ch = state.board.cells[from];
      if (from === to || !isPiece(ch) || isPiece(state.board.cells[to])) return;
      const onObstacle = state.board.cells[to] === '#';
      commit(change(state.board, [[from, '.'], [to, ch]]), !onObstacle);
    },

    /** Puts a piece `ch` on `cell`: a new one while some are missing, else the nearest one moves. */
    placePiece(ch, cell) {
      const piece = state.game.pieces.find((p) => p.ch === ch);
      const here = state.board.cells[cell];
      if (!piece || here === ch || isPiece(here)) return;
      const existing = B.find(state.board, ch);
      if (existing.length < piece.count) {
        commit(change(state.board, [[cell, ch]]), false);
        return;
      }
      const [row, col] = B.coord(state.board, cell);
      const distance = (c) => {
        const [r, k] = B.coord(state.board, c);
        return Math.abs(r - row) + Math.abs(k - col);
      };
      const from = existing.reduce((best, c) => (distance(c) < distance(best) ? c : best));
      commit(change(state.board, [[from, '.'], [cell, ch]]), here !== '#');
    },

    /** Empties a cell (obstacle or piece). */
    erase(cell) {
      if (state.game.kind !== 'pieces' || state.board.cells[cell] === '.') return;
      commit(change(state.board, [[cell, '.']]), false);
    },

    /** Changes the board's size (the game keeps what fits and puts pieces that fall off back on). */
    resize(rows, cols) {
      const { game, board } = state;
      const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, Math.round(v) || lo));
      rows = clamp(rows, game.minRows, game.maxRows);
      cols = game.square ? rows : clamp(cols, game.minCols, Math.min(game.maxCols, Math.floor(game.maxCells / rows)));
      if (rows === board.rows && cols === board.cols) return;
      commit(game.resize(board, rows, cols), false);
    },

    /** Loads preset number `index` of the game. */
    preset(index) {
      const preset = state.game.presets[index];
      if (preset) commit(preset.board(random), false);
    },

    /** Empties the board as the game understands it (river: removes every obstacle). */
    clear() {
      const cleared = state.game.clear(state.board);
      if (cleared !== state.board) commit(cleared, false);
    },

    /** Sets the weights of a cell (tableau). */
    setWeights(cell, a, b) {
      const next = state.game.withWeights?.(state.board, cell, a, b);
      if (next && next !== state.board) commit(next, false);
    },

    /** Switches to another game, on its default board. */
    setGame(id) {
      const game = games.find((g) => g.id === id);
      if (!game || game === state.game) return;
      state.varying = game.defaultVarying;
      dispatch('edit', { game, board: game.defaultBoard() });
    },

    /** Makes the piece on `cell` the one that varies in the heatmap. */
    select(cell) {
      const index = state.pieces?.indexOf(cell) ?? -1;
      if (index >= 0) dispatch('select', { index });
    },

    /** Moves the keyboard cursor / records focus and drag feedback (drawing only). */
    setCursor(cell) {
      state.cursor = cell;
      for (const listener of listeners) listener(state);
    },
    setFocus(focused) {
      state.focused = focused;
      for (const listener of listeners) listener(state);
    },
    setDrag(drag) {
      state.drag = drag;
      for (const listener of listeners) listener(state);
    },
  };
}

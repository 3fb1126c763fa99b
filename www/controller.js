// The page's state and its one state machine. Phases:
//   editing    the board is being drawn; nothing is analysed
//   ready      an analysis is prepared (memory, Lab) and nothing is decided yet
//   running    the analysis plays on animation frames at the chosen speed
//   paused     it waits; Step and Step layer move it on, then it waits again
//   solving    "Solve instantly": to the end at full speed, without animation
//   solved     every position is decided: verdict, heatmap, histogram
//   replaying  play from the start, optimal or the person's moves, a move at a time
// Editing the board returns to editing. Every change goes through `dispatch(event)`, which
// looks the next phase up in TRANSITIONS, runs the event's action, then the entry hook of the
// phase when it changes. Buttons are enabled exactly when `eventFor` finds their event in the
// table. The view and the panel only read `state`.

import * as B from './board.js';
import { commitWhenIdle, prepareLab } from './engine.js';
import { NO_POSITION, stateOf } from './record.js';
import { exampleOf, frontierOf } from './frontier.js';
import { atEnd, current, goTo, play, startReplay } from './replay.js';
import { createRunner } from './runner.js';

/** phase → event → next phase. Events not listed are ignored in that phase. */
export const TRANSITIONS = {
  editing: { edit: 'editing', move: 'editing', select: 'editing', speed: 'editing', prepare: 'ready' },
  ready: {
    edit: 'editing', move: 'ready', select: 'ready', speed: 'ready', prepare: 'ready', prepared: 'ready', fail: 'editing',
    play: 'running', step: 'paused', solveNow: 'solving',
  },
  running: {
    edit: 'editing', move: 'running', select: 'running', speed: 'running', tick: 'running', fail: 'editing',
    pause: 'paused', step: 'paused', solveNow: 'solving', restart: 'ready', finish: 'solved',
  },
  paused: {
    edit: 'editing', move: 'paused', select: 'paused', speed: 'paused', tick: 'paused', idle: 'paused', fail: 'editing',
    play: 'running', pause: 'paused', step: 'paused', solveNow: 'solving', restart: 'ready', finish: 'solved',
  },
  solving: {
    edit: 'editing', move: 'solving', select: 'solving', speed: 'solving', tick: 'solving', fail: 'editing',
    pause: 'paused', restart: 'ready', finish: 'solved',
  },
  solved: { edit: 'editing', move: 'solved', select: 'solved', speed: 'solved', restart: 'ready', replay: 'replaying' },
  replaying: {
    edit: 'editing', move: 'solved', select: 'replaying', speed: 'replaying', replay: 'replaying',
    play: 'replaying', pause: 'replaying', restart: 'ready', leave: 'solved',
  },
};

/** Speeds of the slider: queue entries (tableau: positions scored) per second; the last is "max". */
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, Infinity];
export const DEFAULT_SPEED = 2;
/** Replay moves per second at most (the slider's rate, capped). */
const MAX_REPLAY_RATE = 8;
/**
 * Solve instantly shows its progress at most this often (milliseconds): every redraw of the
 * page competes with the solver for the processor, and there is no animation to show.
 */
const SOLVING_REFRESH_MS = 100;

/**
 * The event a control (`play`, `step`, `stepLayer`, `restart`, `solveNow`, `replayStart`,
 * `replayPrev`, `replayNext`) sends in `state`, or null when it is disabled. Pressing Step,
 * Play or Solve instantly while editing first prepares the analysis (`prepare`).
 */
function eventFor(control, state) {
  const { phase, replay } = state;
  if (phase === 'editing') return ['play', 'step', 'stepLayer', 'solveNow'].includes(control) && !state.error ? 'prepare' : null;
  let event = {
    play: playing(state) ? 'pause' : phase === 'solved' ? 'replay' : 'play',
    step: 'step',
    stepLayer: 'step',
    restart: 'restart',
    solveNow: 'solveNow',
    replayStart: 'replay',
    replayPrev: replay && replay.index > 0 ? 'replay' : null,
    replayNext: (replay ? !atEnd(replay) : state.line?.length > 0) ? 'replay' : null,
  }[control];
  if (phase === 'ready' && state.working === 'preparing' && ['play', 'step', 'solveNow'].includes(event)) event = 'prepare';
  return event && TRANSITIONS[phase][event] ? event : null;
}

/** True while something plays: the analysis on frames or at full speed, a long step, or the replay. */
export function playing(state) {
  return (
    state.phase === 'running' ||
    state.phase === 'solving' ||
    (state.phase === 'paused' && state.working !== null) ||
    (state.phase === 'replaying' && state.autoplay)
  );
}

/**
 * The controller of the page. `engine` holds the engine's classes `{Lab, Reserve}`, `games`
 * the game descriptors. Listeners registered with `subscribe` run after every change.
 */
export function createController({ engine, games, random = Math.random, speed = DEFAULT_SPEED }) {
  const { Lab } = engine;
  const listeners = [];
  let lab = null;
  let runner = null;
  let cancelPrepare = null;
  /** Stops committing memory ahead for the board being drawn (engine.js), or null. */
  let stopCommitting = null;
  let autoplayTimer = null;
  /** The heatmap's positions, for the start and varying piece they were computed for. */
  let slice = { key: null, positions: null };
  let previousHeat = null;
  let frontierSeq = 0;
  let flashSeq = 0;
  /** When the listeners last ran (performance.now()). */
  let notified = -Infinity;
  /** `[time, decided]` of the last second, for positions per second. */
  let samples = [];

  const state = {
    phase: 'editing',
    game: games[0],
    board: games[0].defaultBoard(),
    /** Why the board is not a legal start (the engine's message), or null. */
    error: null,
    /** What was wrong with the link (or pasted text) the board came from, or null. */
    notice: null,
    /** Why the last analysis failed, or null. */
    failure: null,
    /** What the analysis is busy with while it is not running: 'preparing', 'step', 'layer' or null. */
    working: null,
    /** The control to press once the analysis is prepared (Play, Step, … pressed while editing). */
    intent: null,
    /** Index into SPEEDS. */
    speed,
    progress: null,
    /** `{solveMs, maxSliceMs, slices}`: time spent in the solver's slices. */
    stats: null,
    /** Decided positions per second while the analysis runs, or null. */
    rate: null,
    /** `Lab.layers()` after the last slice: the histogram's data. */
    layers: null,
    /** What the last unit of work did (frontier.js), with a sequence number `seq`. */
    frontier: null,
    /** Where that work touches the heatmap: `{popped, parents: [{cell, kind}]}` cells, or null. */
    frontierCells: null,
    /** An example position picked from the histogram (frontier.js), or null. */
    example: null,
    /** Heatmap cells newly decided in the last slice: `{seq, cells}`. */
    flash: null,
    /** Pieces' cells in the engine's order, or null when the board is not legal. */
    pieces: null,
    /** Index (into `pieces`) of the piece that varies in the heatmap. */
    varying: games[0].defaultVarying,
    /** Outcome `{value, remoteness}` or `{score}` and contest answer of the board as drawn, once solved. */
    outcome: null,
    answer: null,
    /** Per board cell: the record of the heatmap's position there, -1 for none (piece games). */
    heat: null,
    /** The optimal line from the start, as `Lab.optimalLine` gives it. */
    line: null,
    /** The replay (replay.js) and what its current position looks like. */
    replay: null,
    /** `{pieces, toMove, outcome, moves}` of the replay's current position. */
    here: null,
    autoplay: false,
    /** Replay: index of the piece whose moves alone are shown, or null for all. */
    pick: null,
    /** Keyboard cursor cell, and whether the board has the focus (to show it). */
    cursor: 0,
    focused: false,
    /** A piece being dragged: `{from, over}` cells, or null. */
    drag: null,
  };

  const scored = () => state.game.kind === 'scored';

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
      if (state.phase === 'editing') commitAhead();
      if (lab) readLive();
      if (state.phase === 'solved' || state.phase === 'replaying') readSolution();
    },
    select({ index }) {
      if (state.phase === 'replaying') {
        state.pick = state.pick === index ? null : index;
        return;
      }
      state.varying = index;
      if (lab) readLive();
    },
    prepare({ then }) {
      state.intent = then;
    },
    prepared({ lab: created, stats }) {
      lab = created;
      cancelPrepare = null;
      state.working = null;
      state.stats = { ...stats };
      runner = createRunner(lab, {
        onSlice: (report) => dispatch('tick', { report }),
        onIdle: (report) => dispatch('idle', { report }),
        onDone: (report) => dispatch('finish', { report }),
        onError: (error) => dispatch('fail', { message: error.message }),
      });
      state.progress = lab.progress();
      state.layers = lab.layers();
      readLive();
    },
    play() {
      if (state.phase === 'replaying') {
        if (atEnd(state.replay)) state.replay = goTo(state.replay, 0);
        state.autoplay = true;
        readReplay();
        return;
      }
      state.working = null;
      samples = [];
      runner.run({ kind: 'rate', rate: SPEEDS[state.speed] });
    },
    pause() {
      state.autoplay = false;
      clearTimeout(autoplayTimer);
      state.working = null;
      runner?.run(null);
    },
    step({ unit }) {
      state.working = unit;
      runner.run({ kind: unit });
    },
    solveNow() {
      state.working = null;
      samples = [];
      runner.run({ kind: 'instant' });
    },
    speed({ speed: index }) {
      state.speed = Math.max(0, Math.min(SPEEDS.length - 1, index));
      if (state.phase === 'running') runner.run({ kind: 'rate', rate: SPEEDS[state.speed] });
      if (state.autoplay) scheduleAutoplay();
    },
    tick({ report }) {
      absorb(report);
    },
    idle({ report }) {
      state.working = null;
      absorb(report);
    },
    finish({ report }) {
      absorb(report);
      state.working = null;
      state.rate = null;
      runner = null;
      readSolution();
    },
    fail({ message }) {
      state.failure = message;
    },
    restart() {},
    /** `op`: start, next, prev, to (`index`), move (`move`); a person's op stops the autoplay. */
    replay({ op, index, move, autoplay = false }) {
      const replay = state.replay ?? startReplay(lab, startPosition());
      if (op === 'start') state.replay = goTo(replay, 0);
      else if (op === 'next') state.replay = goTo(replay, replay.index + 1);
      else if (op === 'prev') state.replay = goTo(replay, replay.index - 1);
      else if (op === 'to') state.replay = goTo(replay, index);
      else if (op === 'move') state.replay = play(lab, replay, move);
      state.autoplay = autoplay && !atEnd(state.replay);
      state.pick = null;
      readReplay();
    },
    leave() {},
  };

  const onEnter = {
    editing() {
      dropAnalysis();
      state.intent = null;
      commitAhead();
    },
    ready() {
      stopCommitting?.();
      stopCommitting = null;
      dropAnalysis();
      state.working = 'preparing';
      state.progress = { phase: 'memory', total: 0, decided: 0, done: false };
      cancelPrepare = prepareLab(engine, state.game.id, state.game.engineText(state.board), {
        fast: state.intent === 'solveNow',
        onLab: (created, stats) => {
          dispatch('prepared', { lab: created, stats });
          const then = state.intent;
          state.intent = null;
          if (then) press(then);
        },
        onError: (error) => dispatch('fail', { message: error.message }),
      });
    },
    solved() {
      state.replay = null;
      state.here = null;
      state.autoplay = false;
      clearTimeout(autoplayTimer);
    },
  };

  function dispatch(event, payload = {}) {
    const next = TRANSITIONS[state.phase][event];
    if (!next) return false;
    actions[event](payload);
    const entered = next !== state.phase || event === 'edit' || event === 'restart';
    state.phase = next;
    if (entered) onEnter[next]?.();
    if (event !== 'tick' || next !== 'solving' || performance.now() - notified >= SOLVING_REFRESH_MS) notify();
    return true;
  }

  const notify = () => {
    notified = performance.now();
    for (const listener of listeners) listener(state);
  };

  /** Drops the analysis and everything read from it. */
  function dropAnalysis() {
    cancelPrepare?.();
    cancelPrepare = null;
    runner?.run(null);
    runner = null;
    lab?.free();
    lab = null;
    clearTimeout(autoplayTimer);
    slice = { key: null, positions: null };
    previousHeat = null;
    samples = [];
    Object.assign(state, {
      working: null, progress: null, stats: null, rate: null, layers: null, frontier: null, frontierCells: null, example: null, flash: null,
      outcome: null, answer: null, heat: null, line: null, replay: null, here: null, autoplay: false, pick: null,
    });
  }

  /**
   * While the person draws, commits in idle time the memory the board's analysis will take, so
   * that Solve starts on memory the browser has already handed over (engine.js).
   */
  function commitAhead() {
    stopCommitting?.();
    stopCommitting = state.error ? null : commitWhenIdle(engine, state.game.id, state.game.engineText(state.board));
  }

  /** Checks the board with the engine's parser; keeps `error`, `pieces`, `varying` in step. */
  function validate() {
    state.error = Lab.check(state.game.id, state.game.engineText(state.board)) ?? null;
    state.pieces = state.error ? null : state.game.pieceCells(state.board);
    if (!state.pieces || state.varying >= state.pieces.length) state.varying = state.game.defaultVarying;
    state.cursor = Math.min(state.cursor, state.board.rows * state.board.cols - 1);
  }

  /** The position of the board as drawn, or undefined. */
  const startPosition = () => (lab && state.pieces ? lab.position(Uint16Array.from(state.pieces), 0) : undefined);

  /** Takes in a slice of work: progress, timing, histogram, the frontier and the heatmap. */
  function absorb(report) {
    state.progress = report.progress;
    const stats = state.stats;
    stats.solveMs += report.spentMs;
    stats.maxSliceMs = Math.max(stats.maxSliceMs, report.spentMs);
    stats.slices += 1;
    state.layers = lab.layers();
    const model = frontierOf(lab, scored(), report);
    if (model) {
      state.frontier = { ...model, seq: ++frontierSeq };
      state.example = null;
    }
    readLive();
    measureRate();
  }

  /** Decided positions per second over the last second, while the analysis runs. */
  function measureRate() {
    const now = performance.now();
    samples.push([now, state.progress.decided]);
    while (samples.length > 2 && now - samples[0][0] > 1000) samples.shift();
    const [t0, d0] = samples[0];
    state.rate = state.phase === 'running' || state.phase === 'solving' ? (now - t0 > 50 ? ((state.progress.decided - d0) * 1000) / (now - t0) : null) : null;
  }

  /** The heatmap of the board as drawn, live; which of its cells were just decided; where the frontier touches it. */
  function readLive() {
    state.heat = null;
    state.frontierCells = null;
    const start = startPosition();
    if (scored() || start === undefined) return;
    const key = `${start}:${state.varying}`;
    if (slice.key !== key) {
      slice = { key, positions: lab.slice(start, state.varying) };
      previousHeat = null;
    }
    const { positions } = slice;
    const records = lab.records();
    const heat = new Int32Array(positions.length);
    const newly = [];
    for (let cell = 0; cell < positions.length; cell++) {
      heat[cell] = positions[cell] === NO_POSITION ? -1 : records[positions[cell]];
      if (previousHeat && heat[cell] >= 0 && stateOf(heat[cell]) !== 0 && stateOf(previousHeat[cell]) === 0) newly.push(cell);
    }
    previousHeat = heat;
    state.heat = heat;
    if (newly.length > 0) state.flash = { seq: ++flashSeq, cells: newly };
    const f = state.frontier;
    if (f?.kind === 'pop') {
      const cellOf = (pos) => {
        const cell = positions.indexOf(pos);
        return cell < 0 ? null : cell;
      };
      state.frontierCells = {
        popped: cellOf(f.position),
        parents: f.parents.map((p) => ({ cell: cellOf(p.position), kind: p.kind })).filter((p) => p.cell !== null),
      };
    }
  }

  /** Outcome, contest answer, heatmap and optimal line of the board as drawn, from the finished analysis. */
  function readSolution() {
    const start = startPosition();
    if (start === undefined) return;
    state.outcome = lab.outcome(start);
    state.answer = lab.answer(start) ?? null;
    state.line = lab.optimalLine(start);
    readLive();
  }

  /** What the replay's current position looks like, and the next autoplay move. */
  function readReplay() {
    const pos = current(state.replay);
    state.here = { position: pos, pieces: [...lab.pieces(pos)], toMove: lab.toMove(pos), outcome: lab.outcome(pos), moves: lab.moves(pos) };
    scheduleAutoplay();
  }

  function scheduleAutoplay() {
    clearTimeout(autoplayTimer);
    if (!state.autoplay) return;
    const rate = Math.min(MAX_REPLAY_RATE, SPEEDS[state.speed]);
    autoplayTimer = setTimeout(() => dispatch('replay', { op: 'next', autoplay: true }), 1000 / rate);
  }

  /** Presses a control (see eventFor). */
  function press(control) {
    const event = eventFor(control, state);
    if (!event) return;
    if (event === 'prepare') {
      dispatch('prepare', { then: control });
      return;
    }
    const payload = {
      step: { unit: 'step' },
      stepLayer: { unit: 'layer' },
      replayStart: { op: 'start' },
      replayPrev: { op: 'prev' },
      replayNext: { op: 'next' },
      play: event === 'replay' ? { op: 'start', autoplay: true } : {},
    }[control];
    dispatch(event, payload ?? {});
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
      if (solve && !state.error) press('solveNow');
      else notify();
    },

    press,

    /** Whether a control is enabled now. */
    enabled: (control) => eventFor(control, state) !== null,

    /** Sets the speed (index into SPEEDS); `by` moves it that many notches instead. */
    setSpeed(index) {
      dispatch('speed', { speed: index });
    },
    faster: () => dispatch('speed', { speed: state.speed + 1 }),
    slower: () => dispatch('speed', { speed: state.speed - 1 }),

    /** Replay: goes to move number `index`, plays a move (one of `state.here.moves`), leaves. */
    replayTo: (index) => dispatch('replay', { op: 'to', index }),
    replayMove: (move) => dispatch('replay', { op: 'move', move }),
    leaveReplay: () => dispatch('leave'),

    /** Shows an example position of a histogram bar (again: the next one). */
    showExample(bucket, value) {
      if (!lab || state.phase === 'ready') return;
      const same = state.example?.bucket === bucket && state.example?.value === value;
      state.example = exampleOf(lab, scored(), bucket, value, same ? state.example.position : -1);
      notify();
    },

    /** Reads a board from contest text; a problem becomes the notice. */
    loadText(text) {
      const { board, error } = state.game.fromText(text);
      if (error) {
        state.notice = `The text could not be read: ${error}.`;
        notify();
        return;
      }
      state.varying = state.game.defaultVarying;
      dispatch('edit', { board });
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

    /** Makes the piece on `cell` the one that varies in the heatmap (replay: whose moves are shown). */
    select(cell) {
      const cells = state.phase === 'replaying' ? state.here?.pieces : state.pieces;
      const index = cells?.indexOf(cell) ?? -1;
      if (index >= 0) dispatch('select', { index });
    },

    /** Moves the keyboard cursor / records focus and drag feedback (drawing only). */
    setCursor(cell) {
      state.cursor = cell;
      notify();
    },
    setFocus(focused) {
      state.focused = focused;
      notify();
    },
    setDrag(drag) {
      state.drag = drag;
      notify();
    },
  };
}

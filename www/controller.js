// The page's one state machine, and the only writer of its state (state.js). Phases:
//   editing    the board is being drawn; nothing is analysed
//   preparing  the analysis is being prepared (memory, Lab); Play, Step, … pressed now wait for it
//   ready      the analysis is prepared and nothing is decided yet
//   running    the analysis plays on animation frames at the chosen speed
//   stepping   Step or Step layer works towards its end, then the analysis waits
//   paused     it waits; Step and Step layer move it on
//   solving    "Solve instantly": to the end at full speed, without animation
//   solved     every position is decided: verdict, heatmap, histogram
//   replaying  play from the start, optimal or the person's moves, a move at a time
//   rewinding  the timeline: the analysis re-runs from the start to the step asked for, then waits
// Editing the board returns to editing; Restart to preparing. Every change goes through
// `dispatch(event)`, which looks the next phase up in TRANSITIONS, runs the event's action,
// then the entry hook of the phase when it changes (or when the event starts the phase
// afresh: an edit, a restart). Buttons are enabled exactly when `eventFor` finds their event
// in the table. The board-editing commands are edits.js (each applied as one undo step, undo.js;
// a pointer stroke is one step); the view and the panel only read `state`.

import { sameGround } from './board.js';
import * as edits from './edits.js';
import { FULL_SPEED_SLICE_MS, commitWhenIdle, prepareLab, scheduler } from './engine.js';
import { exampleOf, frontierOf } from './frontier.js';
import { NO_POSITION, stateOf } from './record.js';
import { atEnd, current, forward, goTo, play, startReplay } from './replay.js';
import { createRunner } from './runner.js';
import { defaults, noAnalysis, noReplay } from './state.js';
import { back, forth, remember } from './undo.js';

/** phase → event → next phase. Events not listed are ignored in that phase. */
export const TRANSITIONS = {
  editing: { edit: 'editing', move: 'editing', select: 'editing', speed: 'editing', prepare: 'preparing' },
  preparing: {
    edit: 'editing', move: 'preparing', select: 'preparing', speed: 'preparing', prepare: 'preparing', prepared: 'ready', fail: 'editing',
  },
  ready: { edit: 'editing', move: 'ready', select: 'ready', speed: 'ready', play: 'running', step: 'stepping', solveNow: 'solving', rewind: 'rewinding' },
  running: {
    edit: 'editing', move: 'running', select: 'running', speed: 'running', tick: 'running', fail: 'editing',
    pause: 'paused', step: 'stepping', solveNow: 'solving', restart: 'preparing', finish: 'solved', rewind: 'rewinding',
  },
  stepping: {
    edit: 'editing', move: 'stepping', select: 'stepping', speed: 'stepping', tick: 'stepping', idle: 'paused', fail: 'editing',
    pause: 'paused', step: 'stepping', solveNow: 'solving', restart: 'preparing', finish: 'solved', rewind: 'rewinding',
  },
  paused: {
    edit: 'editing', move: 'paused', select: 'paused', speed: 'paused',
    play: 'running', step: 'stepping', solveNow: 'solving', restart: 'preparing', rewind: 'rewinding',
  },
  solving: {
    edit: 'editing', move: 'solving', select: 'solving', speed: 'solving', tick: 'solving', fail: 'editing',
    pause: 'paused', restart: 'preparing', finish: 'solved', rewind: 'rewinding',
  },
  solved: { edit: 'editing', move: 'solved', select: 'solved', speed: 'solved', restart: 'preparing', replay: 'replaying', rewind: 'rewinding' },
  replaying: {
    edit: 'editing', move: 'solved', select: 'replaying', speed: 'replaying', replay: 'replaying',
    play: 'replaying', pause: 'replaying', restart: 'preparing', leave: 'solved', rewind: 'rewinding',
  },
  rewinding: {
    edit: 'editing', move: 'rewinding', select: 'rewinding', speed: 'rewinding', tick: 'rewinding', idle: 'paused', fail: 'editing',
    pause: 'paused', play: 'running', step: 'stepping', solveNow: 'solving', restart: 'preparing', finish: 'solved', rewind: 'rewinding',
  },
};

// The order of the analysis (tier by tier, or one queue by remoteness): while editing it only
// says what the next analysis will do; an analysis under way or done starts again in it.
for (const [phase, events] of Object.entries(TRANSITIONS)) events.order = phase === 'editing' ? 'editing' : 'preparing';

/** Events that start their phase afresh (its entry hook runs) even when the phase stays. */
const AFRESH = ['edit', 'restart', 'order'];

/**
 * Speeds of the slider, slowest first, each a `rate` per second in a `unit`: positions taken
 * from the queue (tableau: positions scored), slow enough to follow one at a time; then whole
 * remoteness layers (tableau: stone layers), each spread over its share of the second, so
 * that small layers still show one position at a time while a board of 100,000 positions
 * ends in under a minute; the last is "max", as fast as the machine goes. The "per second"
 * counter measures in the unit of the speed chosen.
 */
export const SPEEDS = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((rate) => ({ rate, unit: 'positions' })),
  ...[1, 2, 3, 5, 10, 20].map((rate) => ({ rate, unit: 'layers' })),
  { rate: Infinity, unit: 'positions' },
];
/** 3 layers a second: the default board (river sample 5: 115,248 positions, 129 remoteness layers) in under a minute (51 s measured). */
export const DEFAULT_SPEED = SPEEDS.findIndex((s) => s.unit === 'layers' && s.rate === 3);
/** How far back the "per second" counter looks (milliseconds): layers come a few a second. */
const RATE_WINDOW_MS = 2000;
/**
 * The orders of an analysis of a game with tiers (river): 'tiers' solves black's rows one after
 * the other, from the top (the heatmap fills row by row, and the panel says which row); 'global'
 * works through one queue by remoteness over the whole board. Both end with the same table.
 * Tier by tier is the default: from 16×16 on it is the faster (one row's records stay in the
 * processor's caches) and its queue holds one row's positions at most, which is what lets a
 * 24×24 board fit in half a gigabyte; on small boards the two take about as long.
 */
export const ORDERS = ['tiers', 'global'];
export const DEFAULT_ORDER = 'tiers';
/** Replay moves per second at most (the slider's rate in positions, capped; speeds in layers play at this rate). */
const MAX_REPLAY_RATE = 8;
/**
 * Solve instantly shows its progress at most this often (milliseconds): every redraw of the
 * page competes with the solver for the processor, and there is no animation to show.
 */
const SOLVING_REFRESH_MS = 100;

/** The controls that start an analysis: pressed while editing or preparing, they wait for it (`prepare`). */
const STARTERS = ['play', 'step', 'stepLayer', 'solveNow'];

/**
 * The event a control (`play`, `step`, `stepLayer`, `restart`, `solveNow`, `replayStart`,
 * `replayPrev`, `replayNext`) sends in `state`, or null when it is disabled.
 */
function eventFor(control, state) {
  const { phase } = state;
  const { line } = state.replay;
  let event;
  if (phase === 'editing' || phase === 'preparing') {
    event = STARTERS.includes(control) && !state.editor.error ? 'prepare' : null;
  } else {
    event = {
      play: playing(state) ? 'pause' : phase === 'solved' ? 'replay' : 'play',
      step: 'step',
      stepLayer: 'step',
      restart: 'restart',
      solveNow: 'solveNow',
      replayStart: 'replay',
      replayPrev: line && line.index > 0 ? 'replay' : null,
      replayNext: (line ? !atEnd(line) : state.analysis.optimalLine?.length > 0) ? 'replay' : null,
    }[control];
  }
  return event && TRANSITIONS[phase][event] ? event : null;
}

/** The phases of an analysis that is under way: prepared or being prepared, and not yet complete. */
export const UNDER_WAY = ['preparing', 'ready', 'running', 'stepping', 'paused', 'solving', 'rewinding'];

/** True while something plays: the analysis on frames, at full speed or towards a step's end, or the replay. */
export function playing(state) {
  const { phase } = state;
  return phase === 'running' || phase === 'solving' || phase === 'stepping' || phase === 'rewinding' || (phase === 'replaying' && state.replay.autoplay);
}

/**
 * The controller of the page. `engine` holds the engine's classes `{Lab, Reserve}`, `games`
 * the game descriptors (the first is shown at first), `undo` the undo steps to start with (the
 * last visit's, saved.js; none when left out). Listeners registered with `subscribe` run after every change.
 */
export function createController({ engine, games, random = Math.random, speed = DEFAULT_SPEED, order = DEFAULT_ORDER, undo }) {
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
  /** `[time, count]` of the last RATE_WINDOW_MS, counted in the speed's unit, for the "per second" counter. */
  let samples = [];
  /** The slices of the provenance being traced (`trace`), or null. */
  let tracing = null;
  /** A stroke of the pointer on the board, whose edits are one undo step (`remembered`: taken), or null. */
  let stroke = null;

  /** @type {import('./state.js').State} */
  const state = defaults(games[0], speed, order, undo);
  const { editor } = state;

  const scored = () => editor.game.kind === 'scored';

  const actions = {
    edit({ board, game = editor.game, choices = editor.choices }) {
      editor.game = game;
      editor.board = board;
      editor.choices = choices;
      state.failure = null;
      editor.notice = null;
      validate();
    },
    move({ board, choices = editor.choices }) {
      editor.board = board;
      editor.choices = choices;
      editor.notice = null;
      validate();
      if (state.phase === 'editing') commitAhead();
      if (lab) readLive();
      if (state.phase === 'solved' || state.phase === 'replaying') readSolution();
    },
    select({ index }) {
      if (state.phase === 'replaying') {
        state.replay.pick = state.replay.pick === index ? null : index;
        return;
      }
      editor.varying = index;
      if (lab) readLive();
    },
    prepare({ then }) {
      state.intent = then;
    },
    prepared({ lab: created, stats }) {
      lab = created;
      cancelPrepare = null;
      const { analysis } = state;
      analysis.stats = { ...stats };
      runner = runnerOf(lab);
      analysis.progress = lab.progress();
      analysis.layers = lab.layers();
      readLive();
    },
    play() {
      if (state.phase === 'replaying') {
        if (atEnd(state.replay.line)) state.replay.line = goTo(state.replay.line, 0);
        state.replay.autoplay = true;
        readReplay();
        return;
      }
      samples = [];
      runner.run({ kind: 'rate', ...SPEEDS[state.speed] });
    },
    pause() {
      state.replay.autoplay = false;
      clearTimeout(autoplayTimer);
      runner?.run(null);
    },
    step({ unit }) {
      runner.run({ kind: unit });
    },
    solveNow() {
      samples = [];
      runner.run({ kind: 'instant' });
    },
    speed({ speed: index }) {
      state.speed = Math.max(0, Math.min(SPEEDS.length - 1, index));
      samples = [];
      if (state.phase === 'running') runner.run({ kind: 'rate', ...SPEEDS[state.speed] });
      if (state.replay.autoplay) scheduleAutoplay();
    },
    tick({ report }) {
      absorb(report);
    },
    idle({ report }) {
      absorb(report);
    },
    finish({ report }) {
      absorb(report);
      state.analysis.rate = null;
      runner = null;
      readSolution();
    },
    /** The timeline: the analysis as it was after step `step` (re-run from the start if it is past it). */
    rewind({ step }) {
      const { analysis } = state;
      analysis.timeline = { ...analysis.timeline, target: step, began: performance.now(), ms: null };
      if (lab.progress().step > step) {
        lab.reset();
        previousHeat = null;
        analysis.frontier = null;
      }
      Object.assign(analysis, { progress: lab.progress(), layers: lab.layers(), rate: null, example: null, outcome: null, answer: null, optimalLine: null });
      state.replay = noReplay();
      clearTimeout(autoplayTimer);
      readLive();
      runner ??= runnerOf(lab);
      runner.run({ kind: 'to', step });
    },
    fail({ message }) {
      state.failure = message;
    },
    restart() {},
    order({ order }) {
      state.order = order;
    },
    /**
     * `op`: start, next, prev, to (`index`), move (`move`), from (`position`, `blind`: a new
     * line from there); a person's op stops the autoplay.
     */
    replay({ op, index, move, position, blind, autoplay = false }) {
      const replay = state.replay;
      if (op === 'from') {
        replay.blind = blind;
        replay.line = startReplay(lab, position ?? startPosition(), !blind);
      }
      const line = replay.line ?? startReplay(lab, startPosition());
      if (op === 'start' || op === 'from') replay.line = goTo(line, 0);
      else if (op === 'next') replay.line = forward(line);
      else if (op === 'prev') replay.line = goTo(line, line.index - 1);
      else if (op === 'to') replay.line = goTo(line, index);
      else if (op === 'move') replay.line = play(lab, line, move, !replay.blind);
      replay.autoplay = autoplay && !atEnd(replay.line);
      replay.pick = null;
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
    preparing() {
      stopCommitting?.();
      stopCommitting = null;
      dropAnalysis();
      state.analysis.progress = { phase: 'memory', total: 0, decided: 0, done: false };
      cancelPrepare = prepareLab(engine, editor.game.id, editor.game.engineText(editor.board), {
        fast: state.intent === 'solveNow',
        order: state.order,
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
      state.replay = noReplay();
      clearTimeout(autoplayTimer);
    },
  };

  function dispatch(event, payload = {}) {
    const next = TRANSITIONS[state.phase][event];
    if (!next) return false;
    actions[event](payload);
    const entered = next !== state.phase || AFRESH.includes(event);
    state.phase = next;
    if (entered) onEnter[next]?.();
    const unwatched = next === 'solving' || next === 'rewinding';
    if (event !== 'tick' || !unwatched || performance.now() - notified >= SOLVING_REFRESH_MS) notify();
    return true;
  }

  const notify = () => {
    notified = performance.now();
    for (const listener of listeners) listener(state);
  };

  /** A runner of `created` reporting to the transition table. */
  function runnerOf(created) {
    return createRunner(created, {
      onSlice: (report) => dispatch('tick', { report }),
      onIdle: (report) => dispatch('idle', { report }),
      onDone: (report) => dispatch('finish', { report }),
      onError: (error) => dispatch('fail', { message: error.message }),
    });
  }

  /** Drops the analysis and everything read from it. */
  function dropAnalysis() {
    stopTracing();
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
    state.analysis = noAnalysis();
    state.replay = noReplay();
    state.preview = null;
  }

  /**
   * While the person draws, commits in idle time the memory the board's analysis will take, so
   * that Solve starts on memory the browser has already handed over (engine.js).
   */
  function commitAhead() {
    stopCommitting?.();
    stopCommitting = editor.error ? null : commitWhenIdle(engine, editor.game.id, editor.game.engineText(editor.board));
  }

  /** Checks the board with the engine's parser; keeps `error`, `pieces`, `varying` in step. */
  function validate() {
    editor.error = Lab.check(editor.game.id, editor.game.engineText(editor.board)) ?? null;
    editor.pieces = editor.error ? null : editor.game.pieceCells(editor.board);
    if (!editor.pieces || editor.varying >= editor.pieces.length) editor.varying = editor.game.defaultVarying;
    editor.cursor = Math.min(editor.cursor, editor.board.rows * editor.board.cols - 1);
  }

  /** The position of the board as drawn, or undefined. */
  const startPosition = () => (lab && editor.pieces ? lab.position(Uint16Array.from(editor.pieces), 0) : undefined);

  /** Takes in a slice of work: progress, timing, histogram, the frontier and the heatmap. */
  function absorb(report) {
    const { analysis } = state;
    analysis.progress = report.progress;
    const { timeline } = analysis;
    timeline.reached = Math.max(timeline.reached, report.progress.step);
    if (report.progress.done) timeline.steps = report.progress.step;
    if (state.phase === 'rewinding') {
      // Re-running is not solving: the verdict keeps the solve's own time.
      if (timeline.target !== null && report.progress.step >= timeline.target) {
        analysis.timeline = { ...timeline, target: null, ms: performance.now() - timeline.began };
      }
    } else {
      const stats = analysis.stats;
      stats.solveMs += report.spentMs;
      stats.maxSliceMs = Math.max(stats.maxSliceMs, report.spentMs);
      stats.slices += 1;
    }
    analysis.layers = lab.layers();
    const model = frontierOf(lab, scored(), report);
    if (model) {
      analysis.frontier = { ...model, seq: ++frontierSeq };
      analysis.example = null;
    }
    readLive();
    measureRate();
  }

  /**
   * Positions taken from the queue (tableau: scored) per second, or layers per second when the
   * speed is in layers, over the last RATE_WINDOW_MS, while the analysis runs.
   */
  function measureRate() {
    const { analysis } = state;
    const { progress } = analysis;
    const { unit } = SPEEDS[state.speed];
    const now = performance.now();
    samples.push([now, unit === 'layers' ? (progress.remoteness ?? progress.layer) : progress.units]);
    while (samples.length > 2 && now - samples[0][0] > RATE_WINDOW_MS) samples.shift();
    const [t0, c0] = samples[0];
    const runs = state.phase === 'running' || state.phase === 'solving';
    // Tableau scores its layers from the full board down: its layer number falls.
    analysis.rate = runs && now - t0 > 50 ? { value: (Math.abs(samples.at(-1)[1] - c0) * 1000) / (now - t0), unit } : null;
  }

  /** The heatmap of the board as drawn, live; which of its cells were just decided; where the frontier touches it. */
  function readLive() {
    const { analysis } = state;
    analysis.heat = null;
    analysis.frontierCells = null;
    const start = startPosition();
    if (scored() || start === undefined) return;
    const key = `${start}:${editor.varying}`;
    if (slice.key !== key) {
      slice = { key, positions: lab.slice(start, editor.varying) };
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
    analysis.heat = heat;
    if (newly.length > 0) analysis.flash = { seq: ++flashSeq, cells: newly };
    const f = analysis.frontier;
    if (f?.kind === 'pop') {
      const cellOf = (pos) => {
        const cell = positions.indexOf(pos);
        return cell < 0 ? null : cell;
      };
      analysis.frontierCells = {
        popped: cellOf(f.position),
        parents: f.parents.map((p) => ({ cell: cellOf(p.position), kind: p.kind })).filter((p) => p.cell !== null),
      };
    }
  }

  /** Outcome, contest answer, heatmap and optimal line of the board as drawn, from the finished analysis. */
  function readSolution() {
    const start = startPosition();
    if (start === undefined) return;
    const { analysis } = state;
    analysis.outcome = lab.outcome(start);
    analysis.answer = lab.answer(start) ?? null;
    analysis.optimalLine = lab.optimalLine(start);
    readLive();
  }

  /** What the replay's current position looks like, and the next autoplay move. */
  function readReplay() {
    const pos = current(state.replay.line);
    state.replay.here = { position: pos, pieces: [...lab.pieces(pos)], toMove: lab.toMove(pos), outcome: lab.outcome(pos), moves: lab.moves(pos) };
    scheduleAutoplay();
  }

  function scheduleAutoplay() {
    clearTimeout(autoplayTimer);
    if (!state.replay.autoplay) return;
    const { rate, unit } = SPEEDS[state.speed];
    const perSecond = unit === 'positions' ? Math.min(MAX_REPLAY_RATE, rate) : MAX_REPLAY_RATE;
    autoplayTimer = setTimeout(() => dispatch('replay', { op: 'next', autoplay: true }), 1000 / perSecond);
  }

  /** Stops tracing a provenance; its promise resolves to null. */
  function stopTracing() {
    tracing?.close();
    tracing = null;
  }

  /** What the page shows of a position: its pieces, who moves, its outcome. */
  const positionOf = (position) => ({ position, pieces: [...lab.pieces(position)], toMove: lab.toMove(position), outcome: lab.outcome(position) ?? null });

  /**
   * Finds where the value of `position` came from (state.analysis.provenance), re-running a copy
   * of the analysis in slices (Lab.trace); resolves to the provenance once found, or null.
   */
  function trace(position) {
    stopTracing();
    const { analysis } = state;
    if (!lab || !Number.isInteger(position) || position < 0 || position >= lab.numPositions()) {
      analysis.provenance = null;
      notify();
      return Promise.resolve(null);
    }
    const model = { ...positionOf(position), working: null, found: null, undecided: false };
    analysis.provenance = model;
    /** The copy of `model` on show: each change shows a new one, so that views see it changed. */
    let shown = model;
    return new Promise((resolve) => {
      const slices = scheduler(true);
      const close = slices.close;
      slices.close = () => {
        close();
        resolve(null);
      };
      tracing = slices;
      const slice = () => {
        const answer = lab.trace(position, FULL_SPEED_SLICE_MS);
        if (answer?.found === false) {
          model.working = { step: answer.step, to: answer.to };
          slices.schedule(slice);
        } else {
          model.working = null;
          if (answer) model.found = { step: answer.step, how: answer.how, arrived: answer.arrived, child: answer.child === undefined ? null : positionOf(answer.child) };
          else model.undecided = true;
          resolve(model);
          stopTracing();
        }
        if (state.analysis.provenance === shown) {
          shown = { ...model };
          state.analysis.provenance = shown;
          notify();
        }
      };
      slices.schedule(slice);
    });
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

  /**
   * Carries out an edit (edits.js) as one undo step (a stroke's edits are one together); a
   * deliberate one counts as a landmark (a browser-history entry, main.js).
   */
  function apply(edit) {
    if (!edit) return;
    if (edit.notice) {
      editor.notice = edit.notice;
      notify();
      return;
    }
    if (!stroke?.remembered) editor.undo = remember(editor.undo, snapshot());
    if (stroke) stroke.remembered = true;
    if (edit.deliberate) editor.landmark += 1;
    show(edit);
  }

  /**
   * Shows an edit's board: a new board from elsewhere starts the heatmap's varying piece over;
   * a piece move on a legal board keeps the analysis; any other change drops it.
   */
  function show(edit) {
    const { board, choices } = edit;
    if (edit.fresh) {
      editor.arrivals += 1;
      editor.varying = (edit.game ?? editor.game).defaultVarying;
      dispatch('edit', { game: edit.game, board, choices: choices ?? null });
    } else {
      const legal = Lab.check(editor.game.id, editor.game.engineText(board)) === undefined;
      dispatch(edit.piecesOnly && legal && !editor.error ? 'move' : 'edit', { board, choices });
    }
  }

  /** What undo keeps of the board as drawn. */
  const snapshot = () => ({ game: editor.game, board: editor.board, choices: editor.choices });

  /** Undo (`step` back) or redo (forth): shows the board it returns to, keeping the analysis when only pieces moved. */
  function travel(step) {
    const moved = step(editor.undo, snapshot());
    if (!moved) return;
    editor.undo = moved.undo;
    const { game, board, choices } = moved.snapshot;
    show(game === editor.game ? { board, choices, piecesOnly: sameGround(editor.board, board) } : { game, board, choices, fresh: true });
  }

  const replayMove = (move) => dispatch('replay', { op: 'move', move });

  /** A board-editing command of edits.js, applied to the board as drawn. */
  const command = (edit) => (...args) => apply(edit(editor, ...args));

  return {
    state,

    /** Calls `listener(state)` after every change. */
    subscribe(listener) {
      listeners.push(listener);
    },

    /** Loads a game and board (from a link, or the browser's Back); solves at once when `solve` is set and legal. */
    load({ game, board, solve, notice }) {
      show({ game, board, fresh: true });
      editor.notice = notice;
      if (solve && !editor.error) press('solveNow');
      else notify();
    },

    press,

    /** Whether a control is enabled now. */
    enabled: (control) => eventFor(control, state) !== null,

    /** Sets the order of the analysis (one of ORDERS); an analysis under way or done starts again in it. */
    setOrder(order) {
      if (ORDERS.includes(order) && order !== state.order) dispatch('order', { order });
    },

    /** Sets the speed (index into SPEEDS); `faster` and `slower` move it a notch. */
    setSpeed(index) {
      dispatch('speed', { speed: index });
    },
    faster: () => dispatch('speed', { speed: state.speed + 1 }),
    slower: () => dispatch('speed', { speed: state.speed - 1 }),

    /** Replay: goes to move number `index`, plays a move (one of `state.replay.here.moves`), leaves. */
    replayTo: (index) => dispatch('replay', { op: 'to', index }),
    replayMove,
    leaveReplay: () => dispatch('leave'),

    /**
     * Play mode and drills (tools/play.js, drill.js): replays from `position` (null: the board's
     * start), `blind` hiding the moves' values and any line ahead, so the person chooses alone.
     */
    replayFrom: (position, blind) => dispatch('replay', { op: 'from', position, blind }),
    /** Shows or hides the moves' values of a blind replay (a drill's answer revealed). */
    setBlind(blind) {
      if (state.replay.blind === blind) return;
      state.replay.blind = blind;
      notify();
    },
    /** Replay: plays the best move onto `cell` (of the piece picked, if one is), else shows only the moves of the piece there. */
    replayAt(cell) {
      const { here, pick } = state.replay;
      if (!here) return;
      const move = here.moves.find((m) => m.to === cell && (pick === null || m.from === here.pieces[pick]));
      if (move) replayMove(move);
      else if (here.moves.some((m) => m.from === cell)) dispatch('select', { index: here.pieces.indexOf(cell) });
    },

    /** Shows an example position of a histogram bar (again: the next one). */
    showExample(bucket, value) {
      if (!lab || state.phase === 'ready') return;
      const { analysis } = state;
      const same = analysis.example?.bucket === bucket && analysis.example?.value === value;
      analysis.example = exampleOf(lab, scored(), bucket, value, same ? analysis.example.position : -1);
      notify();
    },

    /**
     * The timeline: shows the analysis as it was after step `step` (0 … the furthest reached,
     * `state.analysis.timeline`), re-running it from the start if it is past it, in slices.
     */
    rewind(step) {
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
     */
    provenance(position) {
      if (position === null) {
        stopTracing();
        state.analysis.provenance = null;
        notify();
        return Promise.resolve(null);
      }
      return trace(position);
    },

    /**
     * The engine's checksum of the table as it stands (Lab.checksum), carried from `hash` (the
     * records before `from`; undefined to start) over the records `from` to `to`; undefined
     * without an analysis.
     */
    checksum: (hash, from, to) => lab?.checksum(hash, from, to),

    /** The position of the heatmap on `cell`, or undefined (none there, or no heatmap). */
    cellPosition(cell) {
      const position = slice.positions?.[cell];
      return state.analysis.heat && position !== undefined && position !== NO_POSITION ? position : undefined;
    },

    /** The solved analysis (the engine's Lab) once every position is decided, else null: what the explanations and drills read (never step). */
    solvedLab: () => (state.phase === 'solved' || state.phase === 'replaying' ? lab : null),

    /** The position the board shows once solved: the replay's, else the board as drawn; undefined before. */
    shownPosition: () => (state.phase === 'replaying' && state.replay.here ? state.replay.here.position : state.phase === 'solved' ? startPosition() : undefined),

    /**
     * Shows `position` of the solved analysis on the board, over everything, with `move`
     * (`{from, to}`) drawn as the move into it — until `preview(null)`. The one way another
     * position reaches the main board (explanations).
     */
    preview(position, move = null) {
      const key = position === null || !lab ? null : `${position}:${move?.from}:${move?.to}`;
      if (key === (state.preview?.key ?? null)) return;
      state.preview = key && { key, position, pieces: [...lab.pieces(position)], move: move && { from: move.from, to: move.to } };
      notify();
    },

    /** The board-editing commands (edits.js). */
    loadText: command(edits.loadText),
    paint: command(edits.paint),
    movePiece: command(edits.movePiece),
    placePiece: command(edits.placePiece),
    erase: command(edits.erase),
    resize: command(edits.resize),
    preset: (index) => apply(edits.preset(editor, index, random)),
    choose: command(edits.choose),
    clear: command(edits.clear),
    setWeights: command(edits.setWeights),
    setGame: (id) => apply(edits.setGame(editor, games.find((g) => g.id === id))),

    /** Undoes / redoes the last board edit (a pointer stroke is one). */
    undo: () => travel(back),
    redo: () => travel(forth),
    /** A pointer stroke on the board begins / ends: the cells it draws are one undo step. */
    beginStroke() {
      stroke = { remembered: false };
    },
    endStroke() {
      stroke = null;
    },

    /** Makes the piece on `cell` the one that varies in the heatmap (replay: whose moves are shown). */
    select(cell) {
      const cells = state.phase === 'replaying' ? state.replay.here?.pieces : editor.pieces;
      const index = cells?.indexOf(cell) ?? -1;
      if (index >= 0) dispatch('select', { index });
    },

    /** Moves the keyboard cursor / records focus and drag feedback (drawing only). */
    setCursor(cell) {
      editor.cursor = cell;
      notify();
    },
    setFocus(focused) {
      editor.focused = focused;
      notify();
    },
    setDrag(drag) {
      editor.drag = drag;
      notify();
    },
  };
}

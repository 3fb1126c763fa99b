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
// Editing the board returns to editing; Restart to preparing. Live solving: a board whose
// analysis is small (the engine's memory for it at most LIVE_BYTES) is solved at once when it
// is shown — loaded or edited, each cell of a stroke — on the next animation frame (the edits
// of one frame are solved once), in slices as Solve instantly does, so the heatmap and verdict
// follow the pointer; bigger boards wait for Solve. A board solved live (`state.live`) has
// not been watched: its main button animates the analysis from the empty table, and Step
// steps it from the start (both restart, then press). Every change of the state goes
// through `dispatch(event, payload)`, which looks the next phase up in TRANSITIONS (an event
// not listed for the phase is ignored), runs the event's action, then the entry hook of the
// phase when it changes (or when the event starts the phase afresh: an edit, a restart), then
// tells the listeners. Buttons are enabled exactly when `eventFor` finds their event in the
// table. The actions are short: what they read out of the engine is readouts.js, the
// provenance of a value tracing.js, the board's edits and their checks editor.js (edits.js
// the commands, undo.js the steps back), the running of an analysis runner.js and engine.js.
// The views and the panel only read `state`, and call the controller's methods below.

import { prepareLab, scheduler } from '../engine/engine.js';
import { createEditor, take } from './editor.js';
import * as edits from './edits.js';
import { createReadouts, previewKey } from './readouts.js';
import { atEnd, forward, goTo, play, startReplay } from './replay.js';
import { createRunner } from './runner.js';
import { DEFAULT_ORDER, DEFAULT_SPEED, ORDERS, SPEEDS, replayDelayMs } from './settings.js';
import { defaults, noAnalysis, noReplay } from './state.js';
import { createTracing } from './tracing.js';
import { back, forth } from './undo.js';

/**
 * @typedef {import('./state.js').State} State
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {import('./runner.js').Report} Report
 * @typedef {import('./state.js').Provenance} Provenance
 * @typedef {import('./settings.js').Order} Order
 */

/**
 * The controller's phases: the keys of TRANSITIONS (the table must list every one).
 * @typedef {'editing' | 'preparing' | 'ready' | 'running' | 'stepping' | 'paused' | 'solving' | 'solved' | 'replaying' | 'rewinding'} Phase
 */

/**
 * The controls whose buttons the transition table enables (`press`, `enabled`).
 * @typedef {'play' | 'step' | 'stepLayer' | 'restart' | 'solveNow' | 'replayStart' | 'replayPrev' | 'replayNext'} Control
 */

/**
 * The events of the state machine and their payloads (what `dispatch` takes with each).
 * @typedef {object} Payloads
 * @property {import('./editor.js').Shown} edit   a new board: the analysis is dropped
 * @property {import('./editor.js').Shown} move   only pieces moved on a legal board: the analysis answers it
 * @property {{notice: string, cell: number | null}} notice  an edit changed nothing, and says why (about `cell`)
 * @property {{index: number}} select             the heatmap's varying piece (replay: whose moves are shown)
 * @property {{then: Control}} prepare            prepare the analysis, then press `then`
 * @property {{}} live                            live solving: prepare the analysis, then solve it (a small board)
 * @property {{lab: Lab, stats: import('../engine/engine.js').Stats}} prepared
 * @property {{}} play
 * @property {{}} pause
 * @property {{unit: 'step' | 'layer'}} step
 * @property {{}} solveNow
 * @property {{speed: number}} speed              an index into SPEEDS (clamped)
 * @property {{report: Report}} tick              a slice of work was done
 * @property {{report: Report}} idle              a step's or layer's end was reached
 * @property {{report: Report}} finish            every position is decided
 * @property {{step: number}} rewind              the timeline: back (or on) to step `step`
 * @property {{message: string}} fail
 * @property {{then: Control | null}} restart     the analysis starts again from the empty table, then `then` is pressed
 * @property {{order: Order}} order
 * @property {ReplayOp} replay
 * @property {{}} leave                           the replay is left
 * @property {{blind: boolean}} blind             the replay's moves' values are hidden or shown
 * @property {{bucket: number, value: number}} example  a histogram bar's example position (again: the next)
 * @property {{position: number | null, move: {from: number, to: number} | null}} preview  a position over the board, or none
 * @property {{provenance: Provenance | null}} trace   a provenance asked for (tracing.js), or none
 * @property {{from: Provenance, to: Provenance}} traced  a trace went on: `to` replaces `from` if `from` is on show
 * @property {{cell: number}} cursor              the keyboard cursor moved
 * @property {{focused: boolean}} focus           the board got or lost the focus
 * @property {{drag: {from: number, over: number | null} | null}} drag  a piece is being dragged, or no longer
 */

/**
 * A replay event's operation: start, next, prev, to (`index`), move (`move`), from
 * (`position`, `blind`: a new line from there); a person's op stops the autoplay.
 * @typedef {object} ReplayOp
 * @property {'start' | 'next' | 'prev' | 'to' | 'move' | 'from'} op
 * @property {number} [index]
 * @property {import('../engine/engine.js').Move} [move]
 * @property {number | null} [position]
 * @property {boolean} [blind]
 * @property {boolean} [autoplay]
 */

/** @typedef {keyof Payloads} Event */

/**
 * The controller's `dispatch`, as the modules that send it events (editor.js) see it.
 * @typedef {<E extends Event>(event: E, payload: Payloads[E]) => boolean} Dispatch
 */

/**
 * phase → event → next phase. Events not listed are ignored in that phase; the events listed
 * after the table (EVERYWHERE, ANALYSED) are added to it there.
 * @type {Record<Phase, Partial<Record<Event, Phase>>>}
 */
export const TRANSITIONS = {
  editing: { edit: 'editing', move: 'editing', select: 'editing', speed: 'editing', prepare: 'preparing', live: 'preparing' },
  preparing: {
    edit: 'editing', move: 'preparing', select: 'preparing', speed: 'preparing', prepare: 'preparing', prepared: 'ready', fail: 'editing',
  },
  ready: { edit: 'editing', move: 'ready', select: 'ready', speed: 'ready', play: 'running', step: 'stepping', solveNow: 'solving', rewind: 'rewinding' },
  running: {
    edit: 'editing', move: 'running', select: 'running', speed: 'running', tick: 'running', fail: 'editing',
    pause: 'paused', step: 'stepping', solveNow: 'solving', restart: 'preparing', finish: 'solved', rewind: 'rewinding', example: 'running',
  },
  stepping: {
    edit: 'editing', move: 'stepping', select: 'stepping', speed: 'stepping', tick: 'stepping', idle: 'paused', fail: 'editing',
    pause: 'paused', step: 'stepping', solveNow: 'solving', restart: 'preparing', finish: 'solved', rewind: 'rewinding', example: 'stepping',
  },
  paused: {
    edit: 'editing', move: 'paused', select: 'paused', speed: 'paused',
    play: 'running', step: 'stepping', solveNow: 'solving', restart: 'preparing', rewind: 'rewinding', example: 'paused',
  },
  solving: {
    edit: 'editing', move: 'solving', select: 'solving', speed: 'solving', tick: 'solving', fail: 'editing',
    pause: 'paused', restart: 'preparing', finish: 'solved', rewind: 'rewinding', example: 'solving',
  },
  solved: { edit: 'editing', move: 'solved', select: 'solved', speed: 'solved', restart: 'preparing', replay: 'replaying', rewind: 'rewinding', example: 'solved' },
  replaying: {
    edit: 'editing', move: 'solved', select: 'replaying', speed: 'replaying', replay: 'replaying', blind: 'replaying',
    play: 'replaying', pause: 'replaying', restart: 'preparing', leave: 'solved', rewind: 'rewinding', example: 'replaying',
  },
  rewinding: {
    edit: 'editing', move: 'rewinding', select: 'rewinding', speed: 'rewinding', tick: 'rewinding', idle: 'paused', fail: 'editing',
    pause: 'paused', play: 'running', step: 'stepping', solveNow: 'solving', restart: 'preparing', finish: 'solved', rewind: 'rewinding', example: 'rewinding',
  },
};

/** The phases, in the table's order. */
const PHASES = /** @type {Phase[]} */ (Object.keys(TRANSITIONS));

/** The phases of an analysis that is under way: prepared or being prepared, and not yet complete. */
export const UNDER_WAY = /** @type {Phase[]} */ (['preparing', 'ready', 'running', 'stepping', 'paused', 'solving', 'rewinding']);

/** Events that keep the phase, whatever it is: what the board's drawing shows and says. */
const EVERYWHERE = /** @type {Event[]} */ (['notice', 'cursor', 'focus', 'drag']);
/** Events that keep the phase in every phase with an analysis (a Lab): what it is asked. */
const ANALYSED = /** @type {Event[]} */ (['preview', 'trace', 'traced']);

for (const phase of PHASES) {
  const events = TRANSITIONS[phase];
  for (const event of EVERYWHERE) events[event] = phase;
  if (phase !== 'editing' && phase !== 'preparing') for (const event of ANALYSED) events[event] = phase;
  // The order of the analysis (tier by tier, or one queue by remoteness): while editing it only
  // says what the next analysis will do; an analysis under way or done starts again in it.
  events.order = phase === 'editing' ? 'editing' : 'preparing';
}

/** Events that start their phase afresh (its entry hook runs) even when the phase stays. */
const AFRESH = /** @type {Event[]} */ (['edit', 'restart', 'order']);

/**
 * Solve instantly shows its progress at most this often (milliseconds): every redraw of the
 * page competes with the solver for the processor, and there is no animation to show.
 */
const SOLVING_REFRESH_MS = 100;

/**
 * Live solving: a board whose analysis allocates at most this many bytes at once (the
 * engine's `Start.bytes`: 2 a position of a win/lose game, 8 of a scored one) is solved as
 * soon as it is shown. A fact of the board, not a timing, so the same board is always solved
 * live or never. About a million river or chase positions, a quarter million tableau ones:
 * the default board (sample 5, 230 KB) solves in about 5 ms, an open 9×9 river board (1 MB)
 * or the contest's largest chase (20×20, 640 KB) in about 20, an open 10×10 river board
 * (1.98 MB) in about 25, each in slices of at most FULL_SPEED_SLICE_MS; a 12×12 river board
 * (5.9 MB) takes a few hundred and a 16×16 one (33 MB) a second or more: they wait for Solve.
 * Under engine.js's 4 MiB from which memory is cleared ahead in slices: a live board's analysis
 * is prepared in one slice.
 */
export const LIVE_BYTES = 2 << 20;

/** The controls that start an analysis: pressed while editing or preparing, they wait for it (`prepare`). */
const STARTERS = /** @type {Control[]} */ (['play', 'step', 'stepLayer', 'solveNow']);

/**
 * The event a control sends in `state`, or null when it is disabled.
 * @param {Control} control
 * @param {State} state
 * @returns {Event | null}
 */
function eventFor(control, state) {
  const { phase } = state;
  const { line } = state.replay;
  /** @type {Event | null} */
  let event;
  if (phase === 'editing' || phase === 'preparing') {
    event = STARTERS.includes(control) && !state.editor.error ? 'prepare' : null;
  } else {
    // Complete, the analysis steps again from the start. Solved live (unwatched), it animates
    // from there, and Solve solves it again as asked for (then replayed, its cells inspected).
    const complete = phase === 'solved' || phase === 'replaying';
    const unwatched = phase === 'solved' && state.live;
    /** @type {Record<Control, Event | null>} */
    const events = {
      play: playing(state) ? 'pause' : unwatched ? 'restart' : phase === 'solved' ? 'replay' : 'play',
      step: complete ? 'restart' : 'step',
      stepLayer: complete ? 'restart' : 'step',
      restart: 'restart',
      solveNow: unwatched ? 'restart' : 'solveNow',
      replayStart: 'replay',
      replayPrev: line && line.index > 0 ? 'replay' : null,
      replayNext: (line ? !atEnd(line) : (state.analysis.optimalLine?.length ?? 0) > 0) ? 'replay' : null,
    };
    event = events[control];
  }
  return event && TRANSITIONS[phase][event] ? event : null;
}

/**
 * True while something plays: the analysis on frames, at full speed or towards a step's end, or the replay.
 * @param {State} state
 */
export function playing(state) {
  const { phase } = state;
  return phase === 'running' || phase === 'solving' || phase === 'stepping' || phase === 'rewinding' || (phase === 'replaying' && state.replay.autoplay);
}

/**
 * The controller of the page. `engine` holds the engine's classes (engine.js), `games` the
 * game descriptors (the first is shown at first), `random` draws the random presets; `speed`
 * and `order` are the settings to start with (settings.js), `undo` the undo steps (the last
 * visit's, saved.js; none when left out). Listeners registered with `subscribe` run after
 * every change.
 * @param {{engine: Engine, games: Game[], random?: () => number, speed?: number, order?: Order, undo?: import('./undo.js').Undo}} options
 */
export function createController({ engine, games, random = Math.random, speed = DEFAULT_SPEED, order = DEFAULT_ORDER, undo }) {
  /** @type {((state: State) => void)[]} */
  const listeners = [];
  /** The analysis: the engine's Lab, once prepared. */
  let lab = /** @type {Lab | null} */ (null);
  let runner = /** @type {ReturnType<typeof createRunner> | null} */ (null);
  let cancelPrepare = /** @type {(() => void) | null} */ (null);
  let autoplayTimer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
  /** When the listeners last ran (performance.now()). */
  let notified = -Infinity;
  /** Whether a live solve of the board on show is asked for (on the next frame). */
  let liveFrame = false;
  /**
   * Whether the page has solved a board live yet. The first live solve runs in a task of its
   * own after the page's first frame, not in it: that frame paints the board for the first
   * time (20 – 26 ms) and the solve (12 – 17 ms) with it made a task near 50 ms. Later edits
   * are solved in the frame that draws them, so a stroke's cells never show unsolved.
   */
  let solvedLive = false;

  /** @type {State} */
  const state = defaults(games[0], speed, order, undo);
  const { editor } = state;
  const readouts = createReadouts(state, () => /** @type {Lab} */ (lab));
  const tracing = createTracing((from, to) => dispatch('traced', { from, to }));
  const editing = createEditor(engine, state, dispatch);

  /**
   * What each event does to the state (its phase is dispatch's).
   * @type {{[E in Event]: (payload: Payloads[E]) => void}}
   */
  const actions = {
    edit(shown) {
      state.failure = null;
      state.live = false;
      take(editor, shown);
      if (small() && !liveFrame) {
        liveFrame = true;
        if (solvedLive) requestAnimationFrame(solveLive);
        else scheduler(false).schedule(solveLive);
      }
    },
    move(shown) {
      take(editor, shown);
      if (state.phase === 'editing') editing.commitAhead();
      if (lab) readouts.live();
      if (state.phase === 'solved' || state.phase === 'replaying') readouts.solution();
    },
    notice({ notice, cell }) {
      editor.notice = notice;
      editor.marked = cell;
    },
    select({ index }) {
      if (state.phase === 'replaying') {
        state.replay.pick = state.replay.pick === index ? null : index;
        return;
      }
      editor.varying = index;
      if (lab) readouts.live();
    },
    prepare({ then }) {
      state.intent = then;
      state.live = false;
    },
    live() {
      state.intent = 'solveNow';
      state.live = true;
    },
    prepared({ lab: created, stats }) {
      lab = created;
      cancelPrepare = null;
      state.intent = null;
      const { analysis } = state;
      analysis.stats = { ...stats };
      runner = runnerOf(lab);
      analysis.progress = lab.progress();
      analysis.layers = lab.layers();
      readouts.live();
    },
    play() {
      if (state.phase === 'replaying') {
        const { replay } = state;
        if (replay.line && atEnd(replay.line)) replay.line = goTo(replay.line, 0);
        replay.autoplay = true;
        readReplay();
        return;
      }
      state.live = false;
      readouts.restartRate();
      theRunner().run({ kind: 'rate', ...SPEEDS[state.speed] });
    },
    pause() {
      state.live = false;
      state.replay.autoplay = false;
      clearTimeout(autoplayTimer);
      runner?.run(null);
    },
    step({ unit }) {
      state.live = false;
      theRunner().run({ kind: unit });
    },
    solveNow() {
      readouts.restartRate();
      theRunner().run({ kind: 'instant' });
    },
    speed({ speed: index }) {
      state.speed = Math.max(0, Math.min(SPEEDS.length - 1, index));
      readouts.restartRate();
      if (state.phase === 'running') theRunner().run({ kind: 'rate', ...SPEEDS[state.speed] });
      if (state.replay.autoplay) scheduleAutoplay();
    },
    tick({ report }) {
      readouts.absorb(report);
    },
    idle({ report }) {
      readouts.absorb(report);
    },
    finish({ report }) {
      readouts.absorb(report);
      state.analysis.rate = null;
      runner = null;
      readouts.solution();
    },
    /** The timeline: the analysis as it was after step `step` (re-run from the start if it is past it). */
    rewind({ step }) {
      const { analysis } = state;
      const analysed = theLab();
      analysis.timeline = { ...analysis.timeline, target: step, began: performance.now(), ms: null };
      if (analysed.progress().step > step) {
        analysed.reset();
        readouts.forgetHeat();
        analysis.frontier = null;
      }
      Object.assign(analysis, { progress: analysed.progress(), layers: analysed.layers(), rate: null, example: null, outcome: null, answer: null, optimalLine: null, start: null, moves: null });
      state.replay = noReplay();
      clearTimeout(autoplayTimer);
      readouts.live();
      runner ??= runnerOf(analysed);
      runner.run({ kind: 'to', step });
    },
    fail({ message }) {
      state.failure = message;
      state.live = false;
    },
    restart({ then }) {
      state.live = false;
      state.intent = then;
    },
    order({ order }) {
      state.order = order;
      // A board solved live is solved again in the new order; another analysis starts again in it.
      if (state.live) state.intent = 'solveNow';
    },
    replay({ op, index = 0, move, position, blind = false, autoplay = false }) {
      const { replay } = state;
      const analysed = theLab();
      if (op === 'from') {
        replay.blind = blind;
        replay.line = startReplay(analysed, position ?? startPosition(), !blind);
      }
      const line = replay.line ?? startReplay(analysed, startPosition());
      if (op === 'start' || op === 'from') replay.line = goTo(line, 0);
      else if (op === 'next') replay.line = forward(line);
      else if (op === 'prev') replay.line = goTo(line, line.index - 1);
      else if (op === 'to') replay.line = goTo(line, index);
      else if (op === 'move' && move) replay.line = play(analysed, line, move, !replay.blind);
      else replay.line = line;
      replay.autoplay = autoplay && !atEnd(replay.line);
      replay.pick = null;
      readReplay();
    },
    leave() {},
    blind({ blind }) {
      state.replay.blind = blind;
    },
    example({ bucket, value }) {
      state.analysis.example = readouts.example(bucket, value);
    },
    preview({ position, move }) {
      state.preview = position === null ? null : readouts.preview(position, move);
    },
    trace({ provenance }) {
      state.analysis.provenance = provenance;
    },
    traced({ from, to }) {
      if (state.analysis.provenance === from) state.analysis.provenance = to;
    },
    cursor({ cell }) {
      editor.cursor = cell;
    },
    focus({ focused }) {
      editor.focused = focused;
    },
    drag({ drag }) {
      editor.drag = drag;
    },
  };

  /**
   * What a phase does on entry (see AFRESH).
   * @type {Partial<Record<Phase, () => void>>}
   */
  const onEnter = {
    editing() {
      dropAnalysis();
      state.intent = null;
      editing.commitAhead();
    },
    preparing() {
      editing.stopCommit();
      dropAnalysis();
      state.analysis.progress = { phase: 'memory', total: 0, decided: 0, done: false };
      let start;
      try {
        start = editing.takeStart();
      } catch (error) {
        queueMicrotask(() => dispatch('fail', { message: /** @type {Error} */ (error).message }));
        return;
      }
      cancelPrepare = prepareLab(engine, start, {
        fast: state.intent === 'solveNow',
        order: state.order,
        onLab: (created, stats) => {
          const then = state.intent;
          dispatch('prepared', { lab: created, stats }, then !== null);
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

  /**
   * Carries out `event`: the next phase from TRANSITIONS, the event's action, the phase's entry
   * hook, then the listeners — unless the event is `passing`: another follows in the same task
   * (a control pressed once prepared, the solver's first slice), and the listeners draw both
   * at once (live solving draws each cell of a stroke twice, not five times). Returns false
   * when the phase ignores the event.
   * @template {Event} E
   * @param {E} event
   * @param {Payloads[E]} payload
   * @param {boolean} [passing]
   */
  function dispatch(event, payload, passing = false) {
    const next = TRANSITIONS[state.phase][event];
    if (!next) return false;
    actions[event](payload);
    const entered = next !== state.phase || AFRESH.includes(event);
    state.phase = next;
    if (entered) onEnter[next]?.();
    const unwatched = next === 'solving' || next === 'rewinding';
    if (passing) notified = -Infinity; // the next event is drawn, even a tick of Solve instantly
    else if (event !== 'tick' || !unwatched || performance.now() - notified >= SOLVING_REFRESH_MS) notify();
    return true;
  }

  /** Whether the board on show is solved live: a legal start whose analysis is small (LIVE_BYTES). */
  const small = () => editor.bytes !== null && editor.bytes <= LIVE_BYTES;

  /**
   * Live solving, on the animation frame after an edit: the board on show, if it is still
   * waiting (an edit since is solved in its place; a control pressed since has prepared it).
   * Asked for in the edit's action, before the listeners draw, this frame callback runs before
   * the view's: the solve's first slice follows at once (a microtask, engine.js `scheduler`),
   * so a small board is drawn solved in the very frame, never blank in between.
   */
  function solveLive() {
    liveFrame = false;
    solvedLive = true;
    // Passing: a small board needs no memory cleared ahead, its analysis is prepared in the next microtask.
    if (small()) dispatch('live', {}, true);
  }

  function notify() {
    notified = performance.now();
    for (const listener of listeners) listener(state);
  }

  /** The analysis, in an action of a phase that has one (the table sees to it). */
  function theLab() {
    if (!lab) throw new Error(`controller: no analysis in phase ${state.phase}`);
    return lab;
  }

  /** The runner of the analysis, in an action of a phase that runs it (the table sees to it). */
  function theRunner() {
    if (!runner) throw new Error(`controller: nothing to run in phase ${state.phase}`);
    return runner;
  }

  /**
   * A runner of `created` reporting to the transition table.
   * @param {Lab} created
   */
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
    tracing.stop();
    cancelPrepare?.();
    cancelPrepare = null;
    runner?.run(null);
    runner = null;
    lab?.free();
    lab = null;
    clearTimeout(autoplayTimer);
    readouts.drop();
    state.analysis = noAnalysis();
    state.replay = noReplay();
    state.preview = null;
  }

  /** The position of the board as drawn, in an action of a phase whose analysis answers it. */
  function startPosition() {
    const start = lab ? readouts.startPosition() : undefined;
    if (start === undefined) throw new Error('controller: the board as drawn has no position in the analysis');
    return start;
  }

  /** What the replay's current position looks like, and the next autoplay move. */
  function readReplay() {
    const { replay } = state;
    if (replay.line) replay.here = readouts.replayHere(replay.line);
    scheduleAutoplay();
  }

  function scheduleAutoplay() {
    clearTimeout(autoplayTimer);
    if (!state.replay.autoplay) return;
    autoplayTimer = setTimeout(() => dispatch('replay', { op: 'next', autoplay: true }), replayDelayMs(state.speed));
  }

  /**
   * Presses a control (see eventFor).
   * @param {Control} control
   */
  function press(control) {
    const event = eventFor(control, state);
    if (!event) return;
    if (event === 'prepare') {
      dispatch('prepare', { then: control });
      return;
    }
    if (event === 'replay') {
      /** @type {Partial<Record<Control, ReplayOp>>} */
      const ops = { replayStart: { op: 'start' }, replayPrev: { op: 'prev' }, replayNext: { op: 'next' }, play: { op: 'start', autoplay: true } };
      dispatch('replay', ops[control] ?? { op: 'start' });
    } else if (event === 'step') {
      dispatch('step', { unit: control === 'stepLayer' ? 'layer' : 'step' });
    } else if (event === 'restart') {
      dispatch('restart', { then: control === 'restart' ? null : control });
    } else {
      // Solve instantly's first slice follows in a microtask (runner.js): it draws the start.
      dispatch(/** @type {'play' | 'pause' | 'solveNow'} */ (event), {}, event === 'solveNow');
    }
  }

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
    subscribe(listener) {
      listeners.push(listener);
    },

    /**
     * Loads a game and board (from a link, or the browser's Back); solves at once when `solve` is set and legal.
     * @param {{game: Game, board: Board, solve?: boolean, notice?: import('../keep/url.js').Notice | null}} link
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
    checksum: (hash, from, to) => lab?.checksum(hash, from, to),

    /**
     * The position of the heatmap on `cell`, or undefined (none there, or no heatmap).
     * @param {number} cell
     */
    cellPosition: (cell) => readouts.cellPosition(cell),

    /** The solved analysis (the engine's Lab) once every position is decided, else null: what the explanations and drills read (never step). */
    solvedLab: () => (state.phase === 'solved' || state.phase === 'replaying' ? lab : null),

    /** The position the board shows once solved: the replay's, else the board as drawn; undefined before. */
    shownPosition: () =>
      state.phase === 'replaying' && state.replay.here ? state.replay.here.position : state.phase === 'solved' && lab ? readouts.startPosition() : undefined,

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

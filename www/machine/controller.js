// The page's one state machine, and the only writer of its state (state.js). Every change of
// the state goes through `dispatch(event, payload)`, which looks the next phase up in the
// transition table (phases.js: an event not listed for the phase is ignored), runs the event's
// action, then the entry hook of the phase when it changes (or when the event starts the phase
// afresh: an edit, a restart), then tells the listeners. The actions are short: what they read
// out of the engine is readouts.js, the provenance of a value tracing.js, the board's edits and
// their checks editor.js (edits.js the commands, undo.js the steps back), the running of an
// analysis runner.js and engine.js. Live solving: a board whose analysis is small (the
// engine's memory for it at most LIVE_BYTES) is solved at once when it is shown — loaded or
// edited, each cell of a stroke — on the next animation frame (the edits of one frame are
// solved once), in slices as Solve instantly does, so the heatmap and verdict follow the
// pointer; bigger boards wait for Solve. The start first: a bigger board whose start reaches
// far fewer positions than every placement (the engine's `Start.takeFromStart`) is solved
// instantly from those, as the command line does — verdict, moves, replay and explanations at
// its speed — then its whole table is analysed in the background (background.js) and takes
// their place once done, its positions found by their pieces. The views never hold the
// machine: they call the controller (api.js), which turns their calls into events.
// Why one module: the actions, the entry hooks and `dispatch` share the analysis (the Lab, its
// runner, the timers) in one closure, which is what keeps every other module from changing the
// state; the table of actions is most of its length, one short function an event.

import { prepareLab, scheduler } from '../engine/engine.js';
import { analyseInBackground } from './background.js';
import { createEditor, take } from './editor.js';
import { AFRESH, TRANSITIONS, eventFor } from './phases.js';
import { eventCount, lessonAt } from './lesson.js';
import { createReadouts } from './readouts.js';
import { atEnd, carried, forward, goTo, play, startReplay } from './replay.js';
import { createRunner } from './runner.js';
import { SPEEDS, replayDelayMs } from './settings.js';
import { defaults, noAnalysis, noReplay } from './state.js';
import { createTracing } from './tracing.js';
import { errorText } from '../words/text.js';

/**
 * @typedef {import('./state.js').State} State
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('./phases.js').Control} Control
 * @typedef {import('./phases.js').Event} Event
 * @typedef {import('./phases.js').Payloads} Payloads
 * @typedef {import('./phases.js').Phase} Phase
 * @typedef {import('./phases.js').ReplayOp} ReplayOp
 * @typedef {import('./settings.js').Order} Order
 */

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
 * the default board (sample 5, 230 KB), an open 9×9 or 10×10 river board (1.98 MB) and the
 * contest's largest chase (20×20, 640 KB) are solved live, each in slices of at most
 * FULL_SPEED_SLICE_MS; a 12×12 river board (5.9 MB) and bigger ones wait for Solve (their
 * times: docs/PERFORMANCE.md). Under engine.js's 4 MiB from which memory is cleared ahead in
 * slices: a live board's analysis is prepared in one slice.
 */
export const LIVE_BYTES = 2 << 20;

/**
 * The machine of the page. `engine` holds the engine's classes (engine.js), `game` is the game
 * shown at first; `speed` and `order` are the settings to start with (settings.js), `undo` the
 * undo steps (the last visit's, saved.js; none when left out). Listeners registered with
 * `subscribe` run after every change. What it returns is for the controller (api.js) alone.
 * @param {{engine: Engine, game: Game, speed: number, order: Order, undo?: import('./undo.js').Undo, teaching?: import('./state.js').Teaching}} options
 */
export function createMachine({ engine, game, speed, order, undo, teaching }) {
  /** @type {((state: State) => void)[]} */
  const listeners = [];
  /** The analysis: the engine's Lab, once prepared. */
  let lab = /** @type {Lab | null} */ (null);
  let runner = /** @type {ReturnType<typeof createRunner> | null} */ (null);
  let cancelPrepare = /** @type {(() => void) | null} */ (null);
  let autoplayTimer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
  /** The board's whole game (a board read), waiting while the analysis on show is of what its start reaches. */
  let whole = /** @type {import('../pkg/retrolab.js').Start | null} */ (null);
  /** Stops the whole table's analysis in the background, while there is one. */
  let stopBackground = /** @type {(() => void) | null} */ (null);
  /** The whole table, analysed, waiting for the analysis on show to be complete again (a rewind under way). */
  let wholeLab = /** @type {Payloads['tabled'] | null} */ (null);
  /** When the listeners last ran (performance.now()). */
  let notified = -Infinity;
  /** Which line of a unit the next one the engine does shows first: its first after a line step, else its last. */
  let unitEntry = /** @type {'first' | 'last'} */ ('last');
  /** Whether a live solve of the board on show is asked for (on the next frame). */
  let liveFrame = false;
  /**
   * Whether the page has solved a board live yet. The first live solve runs in a task of its
   * own after the page's first frame, not in it: that frame paints the board for the first
   * time, and the solve with it made a long task. Later edits are solved in the frame that
   * draws them, so a stroke's cells never show unsolved.
   */
  let solvedLive = false;

  /** @type {State} */
  const state = defaults(game, speed, order, undo, teaching);
  const { editor } = state;
  const readouts = createReadouts(state, () => /** @type {Lab} */ (lab));
  const tracing = createTracing((from, to) => dispatch('traced', { from, to }));
  // A piece moved out of what the start's analysis holds (the whole table not there yet) is an
  // edit: that analysis cannot answer the board.
  /** @type {import('./phases.js').Dispatch} */
  const editorDispatch = (event, payload) => {
    const shown = /** @type {Payloads['move']} */ (payload);
    return event === 'move' && !holds(shown) ? dispatch('edit', shown) : dispatch(event, payload);
  };
  const editing = createEditor(engine, state, editorDispatch);

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
      state.analysis.quiz.last = null;
      unitEntry = unit === 'line' ? 'first' : 'last';
      theRunner().run({ kind: unit === 'layer' ? 'layer' : 'step' });
    },
    line({ dir }) {
      const { unit, quiz } = state.analysis;
      if (!unit) return;
      quiz.last = null;
      unit.line = Math.max(0, Math.min(eventCount(unit) - 1, unit.line + dir));
    },
    back({ unit }) {
      const analysed = theLab();
      const progress = analysed.progress();
      const scored = state.editor.game.kind === 'scored';
      unitEntry = 'last';
      state.analysis.quiz.last = null;
      if (unit === 'layer') rewindTo({ step: progress.layerBegan });
      // A scored game's timeline steps are layers: back a position is back a unit (none: the scan).
      else if (scored && progress.units > 1) rewindTo({ units: progress.units - 1 });
      else if (scored && progress.units === 1) rewindTo({ step: 1 });
      else rewindTo({ step: Math.max(0, progress.step - 1) });
    },
    answer({ guess }) {
      const { unit, quiz } = state.analysis;
      const truth = unit ? lessonAt(unit).answer : null;
      if (!unit || !truth) return;
      quiz.asked += 1;
      if (guess === truth) quiz.right += 1;
      quiz.last = { guess, truth, parent: unit.events[3 * unit.line + 1], line: unit.line + 1 };
      unit.line += 1;
    },
    teach(choices) {
      state.teaching = { ...state.teaching, ...choices };
    },
    tap({ mode }) {
      state.tap = mode;
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
      readouts.absorb(report, unitEntry);
    },
    idle({ report }) {
      readouts.absorb(report, unitEntry);
      unitEntry = 'last';
    },
    finish({ report }) {
      readouts.absorb(report);
      unitEntry = 'last';
      state.analysis.rate = null;
      runner = null;
      if (wholeLab) takeWholeTable(wholeLab);
      else readouts.solution();
      if (whole) analyseWhole(whole);
    },
    table(progress) {
      state.analysis.table = progress;
    },
    tabled(analysed) {
      stopBackground = null;
      // A rewind of the start's analysis under way: the whole table waits for its end.
      if (state.phase === 'solved' || state.phase === 'replaying') takeWholeTable(analysed);
      else wholeLab = analysed;
    },
    /** The timeline: the analysis as it was after step `step` (re-run from the start if it is past it). */
    rewind({ step }) {
      unitEntry = 'last';
      rewindTo({ step });
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
      /** @type {import('../pkg/retrolab.js').Start | undefined} */
      let first;
      try {
        start = editing.takeStart();
        // A board solved live is small: its whole table takes a frame or so.
        first = small() ? undefined : start.takeFromStart();
      } catch (error) {
        queueMicrotask(() => dispatch('fail', { message: errorText(error) }));
        return;
      }
      state.analysis.span = first ? 'whole' : null;
      // Solve instantly answers from the start first; an animation shows the analysis asked for, the whole table.
      if (first && state.intent === 'solveNow') {
        whole = start;
        start = first;
        state.analysis.span = 'start';
      } else first?.free();
      cancelPrepare = prepareLab(engine, start, {
        fast: state.intent === 'solveNow',
        order: state.order,
        aside: whole !== null,
        onLab: (created, stats) => {
          const then = state.intent;
          dispatch('prepared', { lab: created, stats }, then !== null);
          if (then) press(then);
        },
        onError: (error) => dispatch('fail', { message: errorText(error) }),
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

  /**
   * The analysis as it was after timeline step `step`, or at the end of unit `units` (a
   * scored game's position, back within a layer): re-run from the start if it is past it, in
   * slices (runner.js).
   * @param {{step: number} | {units: number}} to
   */
  function rewindTo(to) {
    const { analysis } = state;
    const analysed = theLab();
    const now = analysed.progress();
    const target = 'step' in to ? to.step : null;
    analysis.timeline = { ...analysis.timeline, target, began: performance.now(), ms: null };
    if ('step' in to ? now.step > to.step : now.units >= to.units) {
      analysed.reset();
      readouts.forgetHeat();
      analysis.frontier = null;
    }
    Object.assign(analysis, { progress: analysed.progress(), layers: analysed.layers(), rate: null, example: null, outcome: null, answer: null, optimalLine: null, start: null, moves: null, unit: null });
    state.replay = noReplay();
    clearTimeout(autoplayTimer);
    readouts.live();
    runner ??= runnerOf(analysed);
    runner.run('step' in to ? { kind: 'to', step: to.step } : { kind: 'unit', units: to.units });
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
      onError: (error) => dispatch('fail', { message: errorText(error) }),
    });
  }

  /**
   * Analyses the board's whole game (`start`, taken) in the background, its progress in
   * `state.analysis.table`; done, it takes the place of the start's analysis (takeWholeTable).
   * @param {import('../pkg/retrolab.js').Start} start
   */
  function analyseWhole(start) {
    whole = null;
    state.analysis.table = { progress: null, failure: null };
    stopBackground = analyseInBackground(engine, start, state.order, {
      onProgress: (progress) => dispatch('table', { progress, failure: null }),
      onDone: (analysed, stats) => dispatch('tabled', { lab: analysed, stats }),
      onError: (error) => {
        stopBackground = null;
        dispatch('table', { progress: null, failure: errorText(error) });
      },
    });
  }

  /**
   * The whole table `analysed` takes the place of the start's analysis: the verdict, moves and
   * heatmap are read again from it, and the replay's line goes on in it, found by the pieces and
   * the side to move of its positions (the two tables agree on every position the start reaches).
   * What was asked of the start's analysis alone — where a value came from, a preview, the last
   * step's unit, the timeline — starts over with the whole table's; the time spent solving is
   * the whole table's.
   * @param {Payloads['tabled']} analysed
   */
  function takeWholeTable({ lab: table, stats }) {
    const answered = theLab();
    const { analysis, replay } = state;
    tracing.stop();
    readouts.drop();
    lab = table;
    wholeLab = null;
    const progress = lab.progress();
    Object.assign(analysis, {
      span: 'whole', table: null, progress, stats: { ...stats }, layers: lab.layers(), frontier: null, frontierCells: null, example: null, flash: null,
      provenance: null, unit: null, timeline: { reached: progress.step, steps: progress.step, target: null, began: 0, ms: null },
    });
    state.preview = null;
    readouts.solution();
    if (replay.line) {
      replay.line = carried(replay.line, answered, lab);
      readReplay();
    }
    answered.free();
  }

  /**
   * Whether the analysis on show answers the board of `shown` (only its pieces moved): the
   * start's analysis holds only what the start reaches.
   * @param {Payloads['move']} shown
   */
  function holds(shown) {
    if (!lab || state.analysis.span !== 'start') return true;
    return lab.position(Uint16Array.from(state.editor.game.pieceCells(shown.board) ?? []), 0) !== undefined;
  }

  /** Drops the analysis and everything read from it. */
  function dropAnalysis() {
    stopBackground?.();
    stopBackground = null;
    whole?.free();
    whole = null;
    wholeLab?.lab.free();
    wholeLab = null;
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
      dispatch('step', { unit: control === 'stepLayer' ? 'layer' : control === 'stepLine' ? 'line' : 'step' });
    } else if (event === 'line') {
      dispatch('line', { dir: control === 'stepLineBack' ? -1 : 1 });
    } else if (event === 'back') {
      dispatch('back', { unit: control === 'stepLayerBack' ? 'layer' : control === 'stepLineBack' ? 'line' : 'step' });
    } else if (event === 'restart') {
      dispatch('restart', { then: control === 'restart' ? null : control });
    } else {
      // Solve instantly's first slice follows in a microtask (runner.js): it draws the start.
      dispatch(/** @type {'play' | 'pause' | 'solveNow'} */ (event), {}, event === 'solveNow');
    }
  }


  return {
    state,
    dispatch,
    press,

    /**
     * Calls `listener(state)` after every change.
     * @param {(state: State) => void} listener
     */
    subscribe(listener) {
      listeners.push(listener);
    },

    /** The analysis (the engine's Lab) once prepared, else null. */
    lab: () => lab,
    readouts,
    tracing,
    editing,
  };
}

/** @typedef {ReturnType<typeof createMachine>} Machine */

// The state machine as data: its phases, its events and their payloads, the transition table
// (phase → event → next phase), and the pure functions the views ask of a state — which event
// a control sends now (`eventFor`: a button is enabled exactly when it finds one), whether
// something plays, whether an analysis is under way. No DOM, no engine, nothing that runs:
// the machine (controller.js) carries the events out, and the views import this module, not
// the machine, for a phase helper. The phases:
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
// Editing the board returns to editing; Restart to preparing. A board solved live
// (`state.live`, controller.js) has not been watched: its main button animates the analysis
// from the empty table, and Step steps it from the start (both restart, then press).

import { eventCount } from './lesson.js';
import { atEnd } from './replay.js';
import { FOLLOW_RATE, SPEEDS } from './settings.js';

/**
 * @typedef {import('./state.js').State} State
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
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
 * @typedef {'play' | 'stepLine' | 'step' | 'stepLayer' | 'stepLineBack' | 'stepBack' | 'stepLayerBack' | 'restart' | 'solveNow'
 *   | 'replayStart' | 'replayPrev' | 'replayNext'} Control
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
 * @property {{unit: 'line' | 'step' | 'layer'}} step  the engine takes one unit (a line step begins at its first line), or a layer
 * @property {{dir: 1 | -1}} line                  the next or the previous line of the unit on show (lesson.js)
 * @property {{unit: 'line' | 'step' | 'layer'}} back  back before the unit on show (a line step back ends at its last line), or the layer
 * @property {{guess: 'win' | 'lose' | 'open'}} answer  predict: the person's guess for the parent looked at; the next line shows it
 * @property {Partial<import('./state.js').Teaching>} teach  how the person follows the algorithm
 * @property {{mode: import('./state.js').TapMode}} tap  what a tap on an empty cell does
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
 * @property {import('./state.js').TableProgress} table  how the whole table's analysis in the background goes
 * @property {{lab: Lab, stats: import('../engine/engine.js').Stats}} tabled  the whole table is analysed (in
 *   `stats.solveMs` of its slices): it takes the place of the start's
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
    edit: 'editing', move: 'paused', select: 'paused', speed: 'paused', line: 'paused', answer: 'paused',
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

/** Events that keep the phase, whatever it is: what the board's drawing shows and says, how the algorithm is followed. */
const EVERYWHERE = /** @type {Event[]} */ (['notice', 'cursor', 'focus', 'drag', 'teach', 'tap']);
/** Events that keep the phase in every phase with an analysis (a Lab): what it is asked, and the whole table behind it. */
const ANALYSED = /** @type {Event[]} */ (['preview', 'trace', 'traced', 'table', 'tabled']);

for (const phase of PHASES) {
  const events = TRANSITIONS[phase];
  for (const event of EVERYWHERE) events[event] = phase;
  if (phase !== 'editing' && phase !== 'preparing') for (const event of ANALYSED) events[event] = phase;
  // Back a line, a step or a layer: the timeline's rewind, wherever it goes.
  if (events.rewind && phase !== 'ready') events.back = events.rewind;
  // The order of the analysis (tier by tier, or one queue by remoteness): while editing it only
  // says what the next analysis will do; an analysis under way or done starts again in it.
  events.order = phase === 'editing' ? 'editing' : 'preparing';
}

/** Events that start their phase afresh (its entry hook runs) even when the phase stays. */
export const AFRESH = /** @type {Event[]} */ (['edit', 'restart', 'order']);

/** The controls that start an analysis: pressed while editing or preparing, they wait for it (`prepare`). */
const STARTERS = /** @type {Control[]} */ (['play', 'stepLine', 'step', 'stepLayer', 'solveNow']);

/**
 * The event a control sends in `state`, or null when it is disabled.
 * @param {Control} control
 * @param {State} state
 * @returns {Event | null}
 */
export function eventFor(control, state) {
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
    // A line step moves through the unit on show while it has lines left (paused on it).
    const { unit, progress } = state.analysis;
    const lines = phase === 'paused' && unit?.step === 'unit' ? { left: eventCount(unit) - 1 - unit.line, done: unit.line } : { left: 0, done: 0 };
    const back = progress && progress.phase !== 'memory' && progress.step > 0 ? 'back' : null;
    /** @type {Record<Control, Event | null>} */
    const events = {
      play: playing(state) ? 'pause' : unwatched ? 'restart' : phase === 'solved' ? 'replay' : 'play',
      stepLine: complete ? 'restart' : lines.left > 0 ? 'line' : 'step',
      step: complete ? 'restart' : 'step',
      stepLayer: complete ? 'restart' : 'step',
      stepLineBack: lines.done > 0 ? 'line' : back,
      stepBack: back,
      stepLayerBack: back,
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
 * What the main board shows of an analysis under way: the position the last unit took, its
 * parent looked at and the move taken back (`position`), or the heatmap (`slice`). The
 * person's choice (state.teaching.shows), or, left to the page, the position whenever a
 * person can follow it — stepping, paused, or animating at FOLLOW_RATE or slower — and the
 * heatmap when the analysis runs faster, is solved live, or has taken no unit yet.
 * @param {State} state
 * @returns {'position' | 'slice'}
 */
export function boardShows(state) {
  const { phase, analysis, teaching } = state;
  const { unit } = analysis;
  if (!unit || unit.step !== 'unit' || state.live || state.preview || !UNDER_WAY.includes(phase) || phase === 'preparing') return 'slice';
  if (teaching.shows !== 'auto') return teaching.shows;
  const fast = phase === 'solving' || (phase === 'running' && SPEEDS[state.speed].rate > FOLLOW_RATE);
  return fast ? 'slice' : 'position';
}

/**
 * What a tap on the board does now, one meaning the board shows (`data-tap`) and the person
 * chooses: in a replay it plays the move tapped; on a game without obstacles there is nothing
 * to draw, so a tap asks where a cell's value came from; otherwise the person's choice, drawing
 * or asking. Dragging a piece moves it whatever the choice.
 * @param {import('./state.js').State} state
 * @returns {'move' | import('./state.js').TapMode}
 */
export function tapMeaning(state) {
  if (state.phase === 'replaying') return 'move';
  if (!state.editor.game.obstacles) return 'inspect';
  return state.tap;
}

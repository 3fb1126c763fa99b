// The page's state, one typed value grouped by what it is about (as chessground's state.ts):
// the board being drawn (`editor`), what the analysis of it has found (`analysis`) and the
// replay of a solved game (`replay`), with the phase of the controller's state machine on top.
// Only the machine's `dispatch` changes it (controller.js: its actions, and the functions of
// readouts.js and editor.js they call); everything else reads it. The analysis and the replay
// are replaced whole when the analysis is dropped, so a reader never sees half of an old one.

import { noUndo } from './undo.js';

/**
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {import('../engine/engine.js').Outcome} Outcome
 * @typedef {import('../engine/engine.js').Move} Move
 */

/**
 * The machine's phase: a key of its transition table (phases.js, TRANSITIONS).
 * @typedef {import('./phases.js').Phase} Phase
 */

/**
 * A notice about the board a link or text brought: its words, or its words and the query of the
 * saved board to go back to (`back`), which the message offers as a link (outcome.js).
 * @typedef {string | {text: string, back: string}} Notice
 */

/**
 * The boards of the contest text last read when it held several, and which of them was chosen last.
 * @typedef {{boards: Board[], index: number}} Choices
 */

/**
 * The board as drawn, and the drawing of it.
 * @typedef {object} Editor
 * @property {Game} game
 * @property {Board} board
 * @property {string | null} error     why the board is not a legal start (the engine's message)
 * @property {string | null} text      the contest's text of the board (the engine's, from the same reading); null when it is not legal
 * @property {number | null} bytes     the memory its analysis allocates at once (the engine's, from the same reading): what
 *   decides live solving (controller.js, LIVE_BYTES); null when it is not legal
 * @property {Notice | null} notice  what was wrong with the link or pasted text the board came from,
 *   or what a link showed instead of the saved board
 * @property {number | null} marked    the cell a refused edit was about (marked on the board until the next edit)
 * @property {number[] | null} pieces  the pieces' cells in the engine's order; null when the board is not legal
 * @property {number} varying          index into `pieces` of the piece that varies in the heatmap
 * @property {number} cursor           the keyboard cursor's cell
 * @property {boolean} focused         whether the board has the focus (the cursor shows)
 * @property {{from: number, over: number | null} | null} drag  a piece being dragged
 * @property {Choices | null} choices  the boards of the contest text last read when it held several
 * @property {import('./undo.js').Undo} undo  the boards to go back and forth to (undo.js)
 * @property {number} landmark         how many deliberate changes (a game, a preset, a text, a size) were made:
 *   each is an entry of the browser's history
 * @property {number} arrivals         how many boards arrived whole (a link, a preset, a text, a game, a batch row):
 *   what is drawn between two is one piece of work (recent.js)
 */

/**
 * What the analysis of the board has found so far (everything null before it starts).
 * @typedef {object} Analysis
 * @property {import('../engine/engine.js').Progress | MemoryProgress | null} progress  the engine's progress, or
 *   `{phase: 'memory', …}` while memory is prepared
 * @property {{solveMs: number, maxSliceMs: number, slices: number} | null} stats  time spent in the solver's slices
 * @property {number | null} rate  positions taken from the queue (tableau: scored) per second while it
 *   runs, the speed slider's unit
 * @property {Float64Array | null} layers  `Lab.layers()` after the last slice: the histogram's data
 * @property {(import('./frontier.js').Frontier & {seq: number}) | null} frontier  what the last unit of work
 *   did (frontier.js), with a sequence number `seq`
 * @property {{popped: number | null, parents: {cell: number, kind: string}[]} | null} frontierCells
 *   where that work touches the heatmap
 * @property {import('./frontier.js').Example | null} example  an example position picked from the histogram (frontier.js)
 * @property {{seq: number, cells: number[]} | null} flash  heatmap cells newly decided in the last slice
 * @property {Int32Array | null} heat  per board cell, the record of the heatmap's position there, -1 for none (piece games)
 * @property {Outcome | null} outcome  `{value, remoteness}` or `{score}` of the board as drawn, once solved
 * @property {string | null} answer    the contest's answer line for it, once solved
 * @property {Move[] | null} optimalLine  the optimal line from the start (`Lab.optimalLine`), once solved
 * @property {number | null} start    the position of the board as drawn, once solved
 * @property {Move[] | null} moves    its moves, best first (`Lab.moves`: the move table), once solved
 * @property {Timeline} timeline       the steps of the analysis so far, and a rewind under way
 * @property {Provenance | null} provenance  where the value of a position came from (asked for with controller.provenance)
 * @property {import('./lesson.js').Unit | null} unit  the last step of the analysis line by line (lesson.js), once one is done
 * @property {Quiz} quiz               the score of the person's predictions in this analysis
 * @property {'start' | 'whole' | null} span  which positions the analysis holds, where the board's start reaches
 *   far fewer than every placement (the engine's `Start.takeFromStart`): `start` those the start reaches (answered
 *   first, the whole table following in the background), `whole` every placement; null for other boards
 * @property {TableProgress | null} table  the whole table, analysed in the background while `span` is `start`
 */

/**
 * The whole table's background analysis: its progress (null while its memory is prepared), or
 * why it could not be had (the start's analysis stays).
 * @typedef {{progress: import('../engine/engine.js').Progress | null, failure: string | null}} TableProgress
 */

/**
 * Predict: the person's guesses of what a parent looked at becomes, before the next line shows it.
 * @typedef {object} Quiz
 * @property {number} asked
 * @property {number} right
 * @property {{guess: 'win' | 'lose' | 'open', truth: 'win' | 'lose' | 'open', parent: number, line: number} | null} last
 *   the last guess, graded (shown until the person steps on)
 */

/**
 * How the person follows the algorithm: the code's language, what the main board shows while
 * the analysis is under way (`auto`: the position taken when a person can follow it — a step
 * at a time, or at most FOLLOW_RATE a second — else the heatmap), and whether the page asks
 * before each decision (predict).
 * @typedef {object} Teaching
 * @property {import('../words/code.js').CodeLanguage} code
 * @property {'auto' | 'position' | 'slice'} shows
 * @property {boolean} predict
 */

/**
 * The progress shown while an analysis's memory is prepared, before the engine has one: none of
 * the engine's counts yet.
 * @typedef {{phase: 'memory', total: number, decided: number, done: boolean}
 *   & Partial<Omit<import('../engine/engine.js').Progress, 'phase' | 'total' | 'decided' | 'done'>>} MemoryProgress
 */

/**
 * The timeline of an analysis: its steps (`progress.step`: 1 the scan, one per queue entry, one for
 * the ties; tableau one per layer scored) and the re-run that rewinds it.
 * @typedef {object} Timeline
 * @property {number} reached          the furthest step the analysis has been at (the slider's end)
 * @property {number | null} steps     the steps of the whole analysis, once it has been finished
 * @property {number | null} target    the step being re-run to, or null
 * @property {number} began            when that re-run was asked for (performance.now())
 * @property {number | null} ms        how long the last re-run took, from the request to the step shown
 */

/**
 * A position and where its value came from (the engine's `Lab.trace`).
 * @typedef {object} Provenance
 * @property {number} position
 * @property {number[]} pieces
 * @property {number} toMove
 * @property {Outcome | null} outcome  its outcome (`Lab.outcome`) when it was asked about
 * @property {{step: number, to: number} | null} working  the re-run finding it, while it runs
 * @property {{step: number, how: string, arrived: boolean, child: Shown | null} | null} found  the step that
 *   decided it and how (`scan`, `won`, `lost`, `tie`, `scored`), whether the child's value arrived from the
 *   tier solved before, and the child that decided it
 * @property {boolean} undecided       the position was not decided (yet) when asked about
 * @property {string | null} failure    why the engine could not trace it (its copy of the analysis refused for memory)
 */

/**
 * A position as the page shows it (readouts.js, positionOf).
 * @typedef {object} Shown
 * @property {number} position
 * @property {number[]} pieces   its pieces' cells (tableau: its stones)
 * @property {number} toMove     0 the first side, 1 the second
 * @property {Outcome | null} outcome
/**
 * The replay of the solved game.
 * @typedef {object} Replay
 * @property {import('./replay.js').Line | null} line  the line being replayed and where it stands (replay.js),
 *   null until it starts
 * @property {{position: number, pieces: number[], toMove: number, outcome: Outcome | undefined, moves: Move[]} | null} here
 *   what the replay's current position looks like
 * @property {boolean} autoplay    whether it plays on by itself
 * @property {number | null} pick  index of the piece whose moves alone are shown, or null for all
 * @property {boolean} blind       the moves' values are hidden and the line is only what was played
 *   (play mode and drills, www/tools/play.js and drill.js: the person chooses without help)
 */

/**
 * @typedef {object} State
 * @property {Phase} phase
 * @property {number} speed            index into SPEEDS (settings.js)
 * @property {import('./settings.js').Order} order  the order of the analysis (settings.js, ORDERS)
 * @property {import('./phases.js').Control | null} intent  the control to press once the analysis is
 *   prepared (pressed while editing)
 * @property {string | null} failure   why the last analysis failed
 * @property {boolean} live            the analysis on show was started by live solving (controller.js, LIVE_BYTES), not
 *   asked for: no one has watched it, so the main button animates it from the start
 * @property {Editor} editor
 * @property {Analysis} analysis
 * @property {Replay} replay
 * @property {Preview | null} preview  a position shown on the board over everything (explain.js), or null
 * @property {Teaching} teaching
 * @property {TapMode} tap              what a tap on an empty cell does, as the person chose it (phases.js tapMeaning)
 */

/**
 * A tap on an empty cell draws (an obstacle, or erases one) or asks where its value came from.
 * @typedef {'draw' | 'inspect'} TapMode
 */

/**
 * A position of the solved game shown on the main board instead of the board's own pieces,
 * while a person points at it in an explanation (controller.preview).
 * @typedef {object} Preview
 * @property {string} key        position and move, to tell one preview from another
 * @property {number} position
 * @property {number[]} pieces   its pieces' cells (tableau: its stones)
 * @property {{from: number, to: number} | null} move  the move that led to it, drawn as an arrow
 */

/**
 * The state of a page showing `game`'s default board, at speed `speed`, analysed in `order`,
 * with `undo`'s steps.
 * @param {Game} game
 * @param {number} speed
 * @param {import('./settings.js').Order} order
 * @param {import('./undo.js').Undo} [undo]
 * @param {Teaching} [teaching]
 * @returns {State}
 */
export function defaults(game, speed, order, undo = noUndo(), teaching = defaultTeaching()) {
  return {
    phase: 'editing',
    speed,
    order,
    intent: null,
    failure: null,
    live: false,
    editor: {
      game,
      board: game.defaultBoard(),
      error: null,
      text: null,
      bytes: null,
      notice: null,
      marked: null,
      pieces: null,
      varying: game.defaultVarying,
      cursor: 0,
      focused: false,
      drag: null,
      choices: null,
      undo,
      landmark: 0,
      arrivals: 0,
    },
    analysis: noAnalysis(),
    replay: noReplay(),
    preview: null,
    teaching,
    tap: 'draw',
  };
}

/** @returns {Teaching} pseudo-code, the board following the analysis when it can be followed, no quiz */
export const defaultTeaching = () => ({ code: 'pseudo', shows: 'auto', predict: false });

/** @returns {Analysis} an analysis that has found nothing */
export const noAnalysis = () => ({
  progress: null, stats: null, rate: null, layers: null, frontier: null, frontierCells: null, example: null, flash: null,
  heat: null, outcome: null, answer: null, optimalLine: null, start: null, moves: null,
  timeline: { reached: 0, steps: null, target: null, began: 0, ms: null }, provenance: null,
  unit: null, quiz: { asked: 0, right: 0, last: null }, span: null, table: null,
});

/** @returns {Replay} no replay */
export const noReplay = () => ({ line: null, here: null, autoplay: false, pick: null, blind: false });

// The main board, 8-bit style: drawn in the glyph set its size on screen calls for (16 art
// pixels per cell, 24 with the numbers doubled, 10 for big boards on phones; tableau 28 or 48)
// and shown at a whole number of device pixels per art pixel in its frame (frame.js: fit,
// zoom, pan, which cell a pointer is on). It reads the controller's state and draws it; it
// never changes it. What it shows:
//   editing     the board being drawn (tableau: the weight tables)
//   analysis    the live heatmap of the board as drawn: decided cells as value tiles, the
//               others with their degree counter; cells just decided flash; the position
//               being processed (if in the heatmap) framed yellow, its parents in their colour
//               (tableau: the staircase being scored, its moves with the scores they lead to)
//   solved      the heatmap (tableau: the order of optimal play)
//   replaying   the replay's position, the last move, and every candidate move coloured by
//               its value with its remoteness (tableau: the score it leads to); pieces stay in
//               view (moves onto them are badges, a capturer shares its cell with the captured)
//   lesson      (an analysis under way that a person can follow: phases.js boardShows) the
//               position the event on show took, its pieces on yellow and the side to move's
//               framed; the parent looked at as a ghost of the piece that moved, with a trail
//               for the move taken back, in the colour of what it became (tableau: the
//               staircase taken and the moves looked at so far with their scores)
//   preview     (any phase) a position an explanation points at, instead of all that: its
//               pieces or stones and the move into it, the board framed (controller.preview)
//   shading     (small glyph set) the heatmap's distance as shade (shade.js), its range
//               handed to `shading` for the legend under the board
//   marked      (editing) the cell a refused edit or the engine's objection to the board is
//               about, framed in the colour of a loss
// Colours come from the CSS custom properties of the theme. The canvas's `data-cursor`
// (row,column from 1) is the keyboard cursor's cell, which a press on the board also moves;
// its `data-marked` the marked cell, if any; `data-shows` what it shows of an analysis under
// way (`position` or `slice`) and `data-position` the position it shows, if one;
// `data-flashing` is there while the last frame drawn shows a cell flashing.

import { Phase } from '../pkg/retrolab.js';
import { CELL } from '../games/define.js';
import { capturingSide, cellOfError, piecePlayers, pieceSides } from '../games/grid.js';
import { UNDER_WAY, boardShows, tapMeaning } from '../machine/phases.js';
import { lessonAt, minus } from '../machine/lesson.js';
import { createFrame } from './frame.js';
import { painter } from './paint.js';
import { makeTheme, shortNumber } from './pixels.js';
import { RecordState, remotenessOf, stateOf } from '../engine/records.js';
import { scoredSoFar } from '../machine/replay.js';
import { bandOf, shadeOf } from './shade.js';
import { paintPosition } from './thumbs.js';

/** How long a just-decided heatmap cell flashes, in milliseconds. */
const FLASH_MS = 600;

/**
 * Creates the view on `canvas`; `render(state)` draws, `cellAt(x, y)` maps client coordinates.
 * `below()`: the CSS pixels under the board a fitted board leaves in sight (frame.js);
 * `shading(range)` hears the range of moves left drawn as shade, or null when none is (shade.js).
 * @param {HTMLCanvasElement} canvas
 * @param {() => number} [below]
 * @param {(shading: import('./shade.js').Shading) => void} [shading]
 */
export function createView(canvas, below, shading = () => {}) {
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  let theme = makeTheme(canvas);
  /**
   * What the last drawing was of (render's key), or null to draw again.
   * @type {unknown[] | null}
   */
  let last = null;
  /** Art pixels per cell of the glyph set being drawn. */
  let S = 0;
  /** @type {string | null} */
  let cursorShown = null;
  /**
   * The cell framed as the one a refusal or the board's objection is about, or null.
   * @type {number | null}
   */
  let marked = null;
  /**
   * cell → time of the heatmap cells flashing.
   * @type {Map<number, number>}
   */
  const flashes = new Map();
  /** @type {number | null} */
  let flashSeq = null;
  /** @type {number | null} */
  let request = null;
  /** @type {import('../machine/state.js').State | null} */
  let latest = null;
  /** Whether the next animation frame must draw (renders within a frame are coalesced). */
  let dirty = false;

  /** Draws everything again on the next frame (the frame's layout changed). */
  function redraw() {
    last = null;
    if (latest) render(latest);
  }
  const frame = createFrame(canvas, redraw, below);

  /**
   * Takes the state in; the board is drawn on the next animation frame (at most once per
   * frame, however many changes came), or at once while nothing animates.
   */
  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    latest = state;
    const { editor, analysis, replay } = state;
    showCursor(editor);
    showMarked(editor);
    const lesson = boardShows(state) === 'position' && analysis.unit ? lessonAt(analysis.unit) : null;
    canvas.dataset.shows = lesson?.board ? 'position' : 'slice';
    canvas.dataset.tap = tapMeaning(state);
    // The position drawn and its pieces' cells, for whoever checks the board against the engine.
    if (lesson?.board) Object.assign(canvas.dataset, { position: String(lesson.board.position), pieces: lesson.board.pieces.join(',') });
    else {
      delete canvas.dataset.position;
      delete canvas.dataset.pieces;
    }
    // The heatmap's values cell by cell, likewise: `-` no position, `u` undecided, `T` a tie, else the
    // record's state and remoteness (`1:5`: a win in 5 for the side to move).
    canvas.dataset.heat = analysis.heat ? [...analysis.heat].map(heatWord).join(',') : '';
    const { flash } = analysis;
    if (flash && flash.seq !== flashSeq) {
      flashSeq = flash.seq;
      const now = performance.now();
      for (const cell of flash.cells) flashes.set(cell, now);
    }
    const key = [
      editor.board, analysis.heat, analysis.optimalLine, editor.pieces, editor.varying, editor.cursor, editor.focused, editor.drag, state.phase,
      analysis.frontier, analysis.frontierCells, replay.here, replay.pick, replay.line, replay.blind, theme, state.preview, marked,
      analysis.unit, analysis.unit?.line, canvas.dataset.shows,
    ];
    const before = last;
    if (before && key.every((v, i) => v === before[i]) && !dirty) return;
    last = key;
    dirty = true;
    if (request === null) request = requestAnimationFrame(paint);
  }

  /** The animation frame: draws the latest state, and keeps going while cells flash. */
  function paint() {
    request = null;
    if (!dirty || !latest) return;
    const state = latest;
    const { board, game, focused, cursor } = state.editor;
    S = frame.layout(board, game);
    const now = performance.now();
    for (const [cell, t] of flashes) if (now - t > FLASH_MS) flashes.delete(cell);
    const p = painter(ctx, theme, board, S);
    ctx.imageSmoothingEnabled = false;
    /** @type {import('./shade.js').Shading} */
    let shaded = null;
    canvas.classList.toggle('previewing', Boolean(state.preview));
    const lesson = canvas.dataset.shows === 'position' && state.analysis.unit ? lessonAt(state.analysis.unit).board : null;
    if (state.preview) paintPosition(p, theme, game, state.preview);
    else if (lesson) drawLesson(p, game, lesson);
    else if (game.kind === 'scored') drawScored(p, state);
    else if (state.phase === 'replaying' && state.replay.here) drawReplay(p, state);
    else shaded = drawPieces(p, state);
    shading(shaded);
    if (marked !== null && !state.preview) p.outline(marked, theme.colours.lose);
    if (focused) p.outline(cursor, theme.colours.cursor, true);
    dirty = flashes.size > 0;
    // Said on the canvas, so that whoever compares pictures of the board (the browser tests)
    // can wait for the last flash to be drawn away rather than guess how long it takes.
    canvas.toggleAttribute('data-flashing', dirty);
    if (dirty) request = requestAnimationFrame(paint);
  }

  /**
   * River and chase outside the replay: floor, obstacles, heatmap, frontier, pieces, drag
   * feedback. Returns the range of moves left drawn as shade (cells too small for numbers), or null.
   * @returns {import('./shade.js').Shading}
   */
  function drawPieces(p, { phase, editor, analysis }) {
    const { board, pieces, varying, drag, game } = editor;
    const { heat, frontierCells, progress } = analysis;
    const { colours } = theme;
    p.floor();
    const counters = progress && progress.phase !== Phase.Scan && progress.phase !== 'memory';
    const bands = heat && S < CELL ? bandsOf(heat) : null;
    if (heat) {
      for (let cell = 0; cell < heat.length; cell++) {
        const record = heat[cell];
        if (record < 0) continue;
        const value = stateOf(record);
        if (value === 0) {
          // A counter of 0 is a position not scanned yet (tier by tier: a row still to come).
          if (counters && record > 0) p.counter(cell, record);
        } else if (value === RecordState.Tie) {
          p.valueTile(cell, value);
        } else {
          const r = remotenessOf(record);
          const band = value === RecordState.Win ? bands?.win : bands?.lose;
          p.valueTile(cell, value, shortNumber(r), 1, band ? shadeOf(r, band) : 0);
        }
      }
    }
    const now = performance.now();
    for (const [cell, t] of flashes) {
      const alpha = 1 - (now - t) / FLASH_MS;
      if (alpha <= 0) continue;
      ctx.globalAlpha = alpha;
      p.outline(cell, colours.highlight);
      ctx.globalAlpha = 1;
    }
    const pieceOf = new Map(game.pieces.map((piece) => [piece.ch, piece]));
    board.cells.forEach((ch, cell) => {
      const piece = pieceOf.get(ch);
      if (piece) p.piece(cell, piece.side, drag && drag.from === cell ? 0.35 : 1);
    });
    if (heat && pieces && phase !== 'editing') p.outline(pieces[varying], colours.highlight);
    if (UNDER_WAY.includes(phase) && frontierCells) {
      for (const parent of frontierCells.parents) {
        p.outline(parent.cell, parent.kind === 'won' ? colours.win : parent.kind === 'lost' ? colours.lose : colours.counter, parent.kind === 'dropped');
      }
      if (frontierCells.popped !== null) p.outline(frontierCells.popped, colours.highlight);
    }
    if (drag && drag.over !== null && drag.over !== drag.from) {
      const piece = pieceOf.get(board.cells[drag.from]);
      if (piece) {
        ctx.globalAlpha = 0.8;
        ctx.drawImage(theme.spritesAt(S).piece(piece.side), (drag.over % board.cols) * S, Math.floor(drag.over / board.cols) * S);
        ctx.globalAlpha = 1;
        p.outline(drag.over, colours.highlight);
      }
    }
    return bands && (bands.win || bands.lose) ? bands : null;
  }

  /**
   * The lesson's position (lesson.js Board): the position taken on yellow, the side to move's
   * pieces framed; the parent looked at as a ghost of its moved piece where it stood, with the
   * move taken back as a trail in the colour of what the parent became (open: the counter's).
   * Tableau: the staircase taken, and each move looked at so far with its score.
   * @param {ReturnType<typeof painter>} p
   * @param {import('../games/define.js').Game} game
   * @param {import('../machine/lesson.js').Board} board
   */
  function drawLesson(p, game, board) {
    const { colours } = theme;
    p.floor();
    if (game.kind === 'scored') {
      for (const cell of board.pieces) {
        p.clear(cell);
        p.stone(cell, 'stone');
      }
      for (const m of board.moves) {
        if (m.cell < 0) continue;
        p.clear(m.cell);
        p.marker(m.cell, { colour: m.best ? 'win' : 'tie', label: String(m.score), strong: m.best, inset: 3 });
      }
      p.contour(board.pieces, colours.highlight);
      return;
    }
    const sides = pieceSides(game);
    for (const cell of board.pieces) p.halo(cell);
    const { parent } = board;
    if (parent) {
      const colour = parent.decided === 'win' ? colours.win : parent.decided === 'lose' ? colours.lose : colours.counter;
      if (parent.from !== null && parent.to !== null) p.trail(parent.from, parent.to, colour);
      for (const cell of minus(parent.pieces, board.pieces)) {
        p.piece(cell, sides[parent.pieces.indexOf(cell)], 0.45);
        p.outline(cell, colour, parent.decided === null);
      }
    }
    p.pieces(board.pieces, sides, capturingSide(game, board.toMove));
    const players = piecePlayers(game);
    board.pieces.forEach((cell, i) => {
      if (players[i] === board.toMove) p.outline(cell, colours.highlight);
    });
  }

  /**
   * The bands of shade of the heatmap's won and of its lost tiles (shade.js).
   * @param {ArrayLike<number>} heat
   */
  function bandsOf(heat) {
    /** @type {{win: number[], lose: number[]}} */
    const movesLeft = { win: [], lose: [] };
    for (let cell = 0; cell < heat.length; cell++) {
      const record = heat[cell];
      if (record < 0) continue;
      const value = stateOf(record);
      if (value === RecordState.Win) movesLeft.win.push(remotenessOf(record));
      else if (value === RecordState.Lose) movesLeft.lose.push(remotenessOf(record));
    }
    return { win: bandOf(movesLeft.win), lose: bandOf(movesLeft.lose) };
  }

  /**
   * River and chase in the replay: the position, the last move, the candidate moves — as
   * tiles on free cells under the pieces, as badges over the pieces they would capture.
   */
  function drawReplay(p, { editor, replay }) {
    const { here, line, pick } = replay;
    const { game } = editor;
    const { colours } = theme;
    p.floor();
    const lastMove = line.moves[line.index - 1];
    if (lastMove) p.trail(lastMove.from, lastMove.to, colours.muted);
    const moves = pick === null ? here.moves : here.moves.filter((m) => m.from === here.pieces[pick]);
    const occupied = new Set(here.pieces);
    const free = moves.filter((m) => !occupied.has(m.to));
    const captures = moves.filter((m) => occupied.has(m.to));
    const best = here.moves[0]?.outcome;
    // Play mode and drills (blind): where the pieces can go, not what the moves are worth.
    if (replay.blind) for (const m of free) p.marker(m.to, { colour: 'highlight', from: m.from, alpha: 0.7, inset: 4 });
    else p.moves(free, best, { alpha: 0.92, toMove: here.toMove });
    p.pieces(here.pieces, pieceSides(game), capturingSide(game, here.toMove));
    if (replay.blind) for (const m of captures) p.badge(m.to, { colour: 'highlight', glyph: '' });
    else p.moves(captures, best, { badges: true, toMove: here.toMove });
    if (pick !== null) p.outline(here.pieces[pick], colours.highlight);
  }

  /** Tableau: weights, the staircase being scored, the optimal order, or the replay. */
  function drawScored(p, state) {
    const { phase } = state;
    const { board } = state.editor;
    const { frontier, optimalLine } = state.analysis;
    const { here, line } = state.replay;
    const live = UNDER_WAY.includes(phase);
    p.floor();
    const stones = new Map();
    let markers = [];
    if (phase === 'replaying' && here) {
      line.moves.slice(0, line.index).forEach((move, i) => stones.set(move.to, [i % 2 === 0 ? 'first' : 'second', String(i + 1)]));
      // Each move labelled with the final difference it leads to: points so far, then best play.
      const soFar = scoredSoFar(line);
      const best = here.moves[0]?.outcome?.score;
      const pickBest = (m) => m.outcome?.score === best;
      markers = state.replay.blind
        ? here.moves.map((m) => ({ cell: m.to, label: '', strong: false, colour: 'highlight' }))
        : here.moves.map((m) => ({ cell: m.to, label: String(soFar + (m.outcome?.score ?? 0)), strong: pickBest(m), colour: pickBest(m) ? 'win' : 'lose' }));
    } else if (phase === 'solved' && optimalLine) {
      optimalLine.forEach((move, i) => stones.set(move.to, [i % 2 === 0 ? 'first' : 'second', String(i + 1)]));
    } else if (live && frontier?.kind === 'score') {
      for (const cell of frontier.stones) stones.set(cell, ['stone', '']);
      markers = frontier.children.map((c) => ({ cell: c.cell, label: String(c.score), strong: c.best, colour: c.best ? 'win' : 'tie' }));
    }
    for (const [cell, [colour, label]] of stones) {
      p.clear(cell);
      p.stone(cell, colour, label);
      if (colour !== 'stone') p.points(cell, String(colour === 'first' ? board.a[cell] : board.b[cell]), colour);
    }
    for (const m of markers) {
      p.clear(m.cell);
      p.marker(m.cell, { colour: m.colour, label: m.label, strong: m.strong, inset: 3 });
    }
    if (live && frontier?.kind === 'score') p.contour(frontier.stones, theme.colours.highlight);
  }

  /**
   * Takes in the cell to mark (a refused edit's, else the one the board's objection names),
   * publishes it (`data-marked`) and keeps it in view.
   * @param {import('../machine/state.js').Editor} editor
   */
  function showMarked({ marked: refused, error, board }) {
    const cell = refused ?? cellOfError(error, board.cols);
    if (cell === marked) return;
    marked = cell;
    if (cell === null) delete canvas.dataset.marked;
    else {
      canvas.dataset.marked = `${Math.floor(cell / board.cols) + 1},${(cell % board.cols) + 1}`;
      frame.reveal(cell);
    }
  }

  /** Publishes the cursor's cell (`data-cursor`), and keeps it in view when it moved. */
  function showCursor({ board, cursor }) {
    const cell = `${Math.floor(cursor / board.cols) + 1},${(cursor % board.cols) + 1}`;
    if (cell === cursorShown) return;
    cursorShown = cell;
    canvas.dataset.cursor = cell;
    frame.reveal(cursor);
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch) and redraws on the next render. */
    retheme() {
      theme = makeTheme(canvas);
    },
    /** Lays the board out again (window resize, theme switch) and redraws. */
    refit(state) {
      frame.invalidate();
      last = null;
      render(state);
    },
    /** The cell under client coordinates, or null outside the board (as drawn: frame.js). */
    cellAt: (clientX, clientY) => frame.cellAt(clientX, clientY),
    /** Zooms one step in (+1) or out (−1) around client point (x, y); pans by (dx, dy) CSS pixels. */
    zoomAt: (direction, x, y) => frame.zoomAt(direction, x, y),
    panBy: (dx, dy) => frame.panBy(dx, dy),
  };
}

/** @typedef {ReturnType<typeof createView>} View */

/** A heatmap cell's record as the board's `data-heat` lists it (render). */
const heatWord = (/** @type {number} */ record) =>
  record < 0 ? '-' : stateOf(record) === RecordState.Undecided ? 'u' : stateOf(record) === RecordState.Tie ? 'T' : `${stateOf(record)}:${remotenessOf(record)}`;

// The main board, 8-bit style: drawn at 16 art pixels per cell (tableau: 28) and scaled up
// by an integer factor with `image-rendering: pixelated`. It reads the controller's state and
// draws it; it never changes it. What it shows:
//   editing     the board being drawn (tableau: the weight tables)
//   analysis    the live heatmap of the board as drawn: decided cells as value tiles, the
//               others with their degree counter; cells just decided flash; the position
//               being processed (if in the heatmap) framed yellow, its parents in their colour
//               (tableau: the staircase being scored, its moves with the scores they lead to)
//   solved      the heatmap (tableau: the order of optimal play)
//   replaying   the replay's position, the last move, and every candidate move coloured by
//               its value with its remoteness (tableau: the score it leads to)
//   preview     (any phase) a position an explanation points at, instead of all that: its
//               pieces or stones and the move into it, the board framed (controller.preview)
// Colours come from the CSS custom properties of the theme.

import { Phase } from './pkg/retrolab.js';
import { pieceSides } from './board.js';
import { UNDER_WAY } from './controller.js';
import { painter } from './paint.js';
import { CELL, makeTheme, shortNumber } from './pixels.js';
import { RecordState, remotenessOf, stateOf } from './record.js';
import { scoredSoFar } from './replay.js';
import { paintPosition } from './thumbs.js';

/** How long a just-decided heatmap cell flashes, in milliseconds. */
const FLASH_MS = 600;

/** Creates the view on `canvas`; `render(state)` draws, `cellAt(x, y)` maps client coordinates. */
export function createView(canvas) {
  const ctx = canvas.getContext('2d');
  let theme = makeTheme(canvas);
  let scale = 1;
  let last = null;
  let S = CELL;
  /** cell → time of the heatmap cells flashing. */
  const flashes = new Map();
  let flashSeq = null;
  let frame = null;
  let latest = null;
  /** Whether the next animation frame must draw (renders within a frame are coalesced). */
  let dirty = false;

  /** Integer scale that fits the board in the canvas's container. */
  function fit({ board, game }) {
    S = game.cell;
    const box = canvas.parentElement.getBoundingClientRect();
    const width = Math.max(160, box.width - 8);
    const height = Math.max(160, window.innerHeight * 0.66);
    scale = Math.max(1, Math.min(12, Math.floor(Math.min(width / (board.cols * S), height / (board.rows * S)))));
    canvas.width = board.cols * S;
    canvas.height = board.rows * S;
    canvas.style.width = `${board.cols * S * scale}px`;
    canvas.style.height = `${board.rows * S * scale}px`;
  }

  /**
   * Takes the state in; the board is drawn on the next animation frame (at most once per
   * frame, however many changes came), or at once while nothing animates.
   */
  function render(state) {
    latest = state;
    const { editor, analysis, replay } = state;
    const { flash } = analysis;
    if (flash && flash.seq !== flashSeq) {
      flashSeq = flash.seq;
      const now = performance.now();
      for (const cell of flash.cells) flashes.set(cell, now);
    }
    const key = [
      editor.board, analysis.heat, analysis.optimalLine, editor.pieces, editor.varying, editor.cursor, editor.focused, editor.drag, state.phase,
      analysis.frontier, analysis.frontierCells, replay.here, replay.pick, replay.line, replay.blind, theme, state.preview,
    ];
    if (last && key.every((v, i) => v === last[i]) && !dirty) return;
    last = key;
    dirty = true;
    if (frame === null) frame = requestAnimationFrame(paint);
  }

  /** The animation frame: draws the latest state, and keeps going while cells flash. */
  function paint() {
    frame = null;
    if (!dirty || !latest) return;
    const state = latest;
    const { board, game, focused, cursor } = state.editor;
    if (canvas.width !== board.cols * game.cell || canvas.height !== board.rows * game.cell) fit(state.editor);
    const now = performance.now();
    for (const [cell, t] of flashes) if (now - t > FLASH_MS) flashes.delete(cell);
    const p = painter(ctx, theme, board, S);
    ctx.imageSmoothingEnabled = false;
    canvas.classList.toggle('previewing', Boolean(state.preview));
    if (state.preview) paintPosition(p, theme, game, state.preview);
    else if (game.kind === 'scored') drawScored(p, state);
    else if (state.phase === 'replaying' && state.replay.here) drawReplay(p, state);
    else drawPieces(p, state);
    if (focused) p.outline(cursor, theme.colours.cursor, true);
    dirty = flashes.size > 0;
    if (dirty) frame = requestAnimationFrame(paint);
  }

  /** River and chase outside the replay: floor, obstacles, heatmap, frontier, pieces, drag feedback. */
  function drawPieces(p, { phase, editor, analysis }) {
    const { board, pieces, varying, drag, game } = editor;
    const { heat, frontierCells, progress } = analysis;
    const { colours, sprites } = theme;
    p.floor();
    const counters = progress && progress.phase !== Phase.Scan && progress.phase !== 'memory';
    if (heat) {
      for (let cell = 0; cell < heat.length; cell++) {
        const record = heat[cell];
        if (record < 0) continue;
        const value = stateOf(record);
        if (value === 0) {
          // A counter of 0 is a position not scanned yet (tier by tier: a row still to come).
          if (counters && record > 0) p.counter(cell, record);
        } else {
          p.valueTile(cell, value, value === RecordState.Tie ? '' : shortNumber(remotenessOf(record)));
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
        ctx.drawImage(sprites[piece.side], (drag.over % board.cols) * S, Math.floor(drag.over / board.cols) * S);
        ctx.globalAlpha = 1;
        p.outline(drag.over, colours.highlight);
      }
    }
  }

  /** River and chase in the replay: the position, the last move, the candidate moves. */
  function drawReplay(p, { editor, replay }) {
    const { here, line, pick } = replay;
    const { colours } = theme;
    p.floor();
    const sides = pieceSides(editor.game);
    const lastMove = line.moves[line.index - 1];
    if (lastMove) p.trail(lastMove.from, lastMove.to, colours.muted);
    here.pieces.forEach((cell, i) => p.piece(cell, sides[i]));
    const moves = pick === null ? here.moves : here.moves.filter((m) => m.from === here.pieces[pick]);
    if (pick !== null) p.outline(here.pieces[pick], colours.highlight);
    // Play mode and drills: where the pieces can go, not what the moves are worth.
    if (replay.blind) for (const m of moves) p.marker(m.to, { colour: 'highlight', from: m.from, alpha: 0.7, inset: 4 });
    else p.moves(moves, here.moves[0]?.outcome, 0.92);
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

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch) and redraws on the next render. */
    retheme() {
      theme = makeTheme(canvas);
    },
    /** Refits the scale to the container (window resize). */
    refit(state) {
      fit(state.editor);
      last = null;
      render(state);
    },
    /** The cell under client coordinates, or null outside the board. */
    cellAt(clientX, clientY, board) {
      const rect = canvas.getBoundingClientRect();
      const col = Math.floor(((clientX - rect.left) / rect.width) * board.cols);
      const row = Math.floor(((clientY - rect.top) / rect.height) * board.rows);
      if (row < 0 || col < 0 || row >= board.rows || col >= board.cols) return null;
      return row * board.cols + col;
    },
  };
}

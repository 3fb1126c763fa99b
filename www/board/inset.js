// The position inset, in the inspector: the position the analysis just processed — its
// pieces on yellow — and the positions one move before it that it touched: a parent that
// became a win or a loss flashes in its colour with its remoteness; a parent whose degree
// counter merely dropped blinks faintly with the new counter. Tableau: the staircase scored
// and the score each move leads to. Also shows example positions from the histogram, with
// their moves and the value of each (why the example has its value).

import { capturingSide, pieceSides } from '../games/grid.js';
import { devicePixelsFor, sizeCanvas } from './frame.js';
import { painter } from './paint.js';
import { makeTheme, shortNumber } from './pixels.js';

/** How long a new position's parents flash and blink, in milliseconds. */
const ANIMATION_MS = 900;
/** Widest the inset is drawn, in CSS pixels, unless the page's style says otherwise (--inset-max: narrower on phones, where it shares the sheet with its words). */
const MAX_WIDTH = 300;

/** Creates the inset on `canvas`; `render(state, model)` draws a frontier or example model. */
export function createInset(canvas) {
  const ctx = canvas.getContext('2d');
  let theme = makeTheme(canvas);
  let shown = null;
  let shownAt = 0;
  let latest = null;
  /** Device pixels per art pixel the inset is shown at. */
  let pixelsShown = 0;
  let frame = null;
  /**
   * The page's --inset-max as last read, and the viewport it was read at (media queries change
   * it): reading it makes the browser work out the page's style, which once a frame while
   * animating cost more than drawing the inset.
   */
  let widest = { viewport: '', px: MAX_WIDTH };

  /** The widest the inset is drawn, in CSS pixels. */
  function maxWidth() {
    const viewport = `${innerWidth}×${innerHeight}@${devicePixelRatio}`;
    if (widest.viewport !== viewport) widest = { viewport, px: parseFloat(getComputedStyle(canvas).getPropertyValue('--inset-max')) || MAX_WIDTH };
    return widest.px;
  }

  function render(state, model) {
    if (model !== shown) {
      shown = model;
      shownAt = performance.now();
    } else if (latest && latest.board === state.editor.board && latest.theme === theme) {
      return;
    }
    latest = { board: state.editor.board, theme, game: state.editor.game };
    draw();
  }

  /** The animation frame: draws, and asks for the next one while the parents still move. */
  function animate() {
    frame = null;
    draw();
  }

  function draw() {
    if (!shown || !latest) return;
    const { board, game } = latest;
    const S = game.cell;
    const pixels = devicePixelsFor(board.cols * S, maxWidth(), devicePixelRatio);
    if (canvas.width !== board.cols * S || canvas.height !== board.rows * S || pixelsShown !== pixels) {
      pixelsShown = pixels;
      sizeCanvas(canvas, board.rows, board.cols, S, pixels);
    }
    ctx.imageSmoothingEnabled = false;
    const p = painter(ctx, theme, board, S);
    p.floor();
    const t = Math.min(1, (performance.now() - shownAt) / ANIMATION_MS);
    if (game.kind === 'scored') drawStones(p);
    else drawPieces(p, game, t);
    if (t < 1) frame ??= requestAnimationFrame(animate);
  }

  /** River and chase: parents' markers and the moves into this position, then its pieces. */
  function drawPieces(p, game, t) {
    const { colours } = theme;
    const sides = pieceSides(game);
    const parents = (shown.parents ?? []).filter((parent) => parent.from !== null);
    for (const parent of parents) p.trail(parent.from, parent.to, parent.kind === 'dropped' ? colours.counter : colours[parent.kind === 'won' ? 'win' : 'lose']);
    for (const parent of parents) {
      const flash = parent.kind !== 'dropped';
      // Decided parents flash bright, then settle; dropped counters blink faintly.
      const alpha = flash ? 1 - 0.25 * t : 0.3 + 0.25 * Math.abs(Math.cos(t * Math.PI * 2));
      p.marker(parent.from, {
        colour: parent.kind === 'won' ? 'win' : parent.kind === 'lost' ? 'lose' : 'tie',
        glyph: parent.kind === 'won' ? 'W' : parent.kind === 'lost' ? 'L' : '',
        label: shortNumber(parent.detail),
        alpha,
        strong: flash && t < 0.5,
        inset: 1,
      });
    }
    for (const cell of shown.pieces) p.halo(cell);
    // An example's moves, each on its target cell with its value for the mover, best framed;
    // those onto a piece as badges over it.
    const occupied = new Set(shown.pieces);
    const moves = shown.moves ?? [];
    const best = moves[0]?.outcome;
    p.moves(moves.filter((m) => !occupied.has(m.to)), best);
    p.pieces(shown.pieces, sides, capturingSide(game, shown.toMove));
    p.moves(moves.filter((m) => occupied.has(m.to)), best, { badges: true });
  }

  /** Tableau: the staircase, and (being scored) the cells its moves fill, with their scores. */
  function drawStones(p) {
    const stones = shown.stones ?? shown.pieces;
    for (const cell of stones) {
      p.clear(cell);
      p.stone(cell, 'stone');
    }
    p.contour(stones, theme.colours.highlight);
    for (const child of shown.children ?? []) {
      p.clear(child.cell);
      p.marker(child.cell, { colour: child.best ? 'win' : 'tie', label: String(child.score), strong: child.best, inset: 3 });
    }
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch). */
    retheme() {
      theme = makeTheme(canvas);
      if (latest) {
        latest.theme = null;
        draw();
      }
    },
  };
}

// The Explain tool's reply map: the winner's replies as a map of the board. A win: its own
// position, the loser's piece on every cell; a loss: after the loser's longest hold-out, the
// piece it moved on every cell; a tie: the other side's piece on every cell, the tie region
// framed once the proof's size is counted. Each cell shows its value for the side to move and
// an arrow the way the best move goes; pointing at a cell says the move in words and shows it
// on the main board (controller.preview), a click explains that position. Drawn at 24 CSS
// pixels a cell or more, up to 32 while its caption fits beside it.

import { glyphSets } from '../../board/pixels.js';
import { zoomLevels } from '../../board/frame.js';
import { drawMap } from '../../board/thumbs.js';
import { firstPieceOf, pieceSides } from '../../games/grid.js';
import { cellName } from '../../words/movenames.js';
import { moveWords, valueWords } from './words.js';
import { t } from '../../words/i18n.js';

/** The map's cells, in CSS pixels: at least (legible letters, numbers and arrows), at most. */
const MAP_CELL_MIN = 24;
const MAP_CELL_MAX = 32;
/** CSS pixels the map leaves beside it for its caption, when the panel is wide enough: the proof view stays short. */
const MAP_CAPTION_ROOM = 180;

/**
 * The reply map in `figure` (its canvas and caption), for the board `controller` shows.
 * `theme()` is the theme to draw in (it changes with the colour scheme), `onLeave()` runs when
 * the pointer leaves the map (the tree shows its focused node again), `onPick(position)` when a
 * cell is clicked. Returns `{show(lab, root), frame(walk), draw(), drop()}`.
 * @param {HTMLElement} figure
 * @param {import('../../machine/api.js').Controller} controller
 * @param {{theme: () => any, onLeave: () => void, onPick: (position: number) => void}} hooks
 */
export function createReplyMap(figure, controller, { theme, onLeave, onPick }) {
  const canvas = /** @type {HTMLCanvasElement} */ (figure.querySelector('canvas'));
  const caption = /** @type {HTMLElement} */ (figure.querySelector('figcaption'));
  const { state } = controller;
  const game = () => state.editor.game;
  /** The map shown: the position explained, the position mapped, the piece that moves, the cells' replies. */
  let map = null;
  /** The walk of a tie's proof whose region is framed, once it is counted; else null. */
  let region = null;

  /**
   * Shows the map of `root` (`{position, toMove, outcome}` of `lab`); none for tableau, or
   * without a piece to move.
   * @param {any} lab
   * @param {any} root
   */
  function show(lab, root) {
    figure.hidden = true;
    map = null;
    region = null;
    if (game().kind === 'scored') return;
    let position = root.position;
    let piece = firstPieceOf(game(), 1 - root.toMove);
    if (root.outcome.value === 'lose' && root.outcome.remoteness > 0) {
      const slowest = lab.moves(root.position)[0];
      position = slowest.child;
      piece = [...lab.pieces(position)].indexOf(slowest.to);
    }
    if (piece < 0) return;
    map = { lab, root, position, piece, cells: lab.replies(position, piece), pieces: [...lab.pieces(position)] };
    map.pieces[piece] = null;
    figure.hidden = false;
    draw();
    captionFor(null);
  }

  /**
   * The width the map has (CSS pixels), as last laid out: read from a ResizeObserver, so that
   * opening a proof never waits for a layout (0 until the panel was first shown). The map is
   * drawn again on the next frame, not in the observer: resizing the canvas there would change
   * the size observed within the same layout (a "ResizeObserver loop").
   */
  let room = 0;
  new ResizeObserver(([entry]) => {
    const before = level().size;
    room = entry.contentRect.width;
    if (level().size !== before) requestAnimationFrame(draw);
  }).observe(/** @type {HTMLElement} */ (figure.parentElement));

  /**
   * The map's glyph set and scale (frame.js): the biggest of at most MAP_CELL_MAX CSS pixels a
   * cell that leaves its caption room beside it, never below MAP_CELL_MIN (a wide board then
   * scrolls in its figure).
   */
  function level() {
    const { cols } = state.editor.board;
    const levels = zoomLevels(glyphSets(game()), devicePixelRatio).filter((l) => !l.reduced && l.size >= MAP_CELL_MIN - 1e-6);
    const fits = Math.min(MAP_CELL_MAX, (room - MAP_CAPTION_ROOM) / cols);
    return levels.filter((l) => l.size <= fits + 1e-6).at(-1) ?? levels[0];
  }

  function draw() {
    if (!map) return;
    const { cells, pieces } = map;
    const framed = region && map.root.outcome.value === 'tie' ? region : null;
    const marked = (cell) => framed !== null && cells[cell] !== null && framed.covers(cells[cell].position);
    drawMap(canvas, theme(), game(), state.editor.board, { cells, pieces, marked, toMove: map.lab.toMove(map.position) }, level());
  }

  /** @param {number | null} cell  the cell pointed at, or null for what the map shows */
  function captionFor(cell) {
    const { lab, root } = map;
    const { cols } = state.editor.board;
    const moverIndex = lab.toMove(map.position);
    const mover = game().sides[moverIndex];
    const piece = game().pieces.find((p) => p.side === pieceSides(game())[map.piece])?.label ?? t('moves.piece');
    const c = cell === null ? null : map.cells[cell];
    if (!c) {
      const tie = root.outcome.value === 'tie';
      const words = { mover, piece, end: tie ? t('replymap.dashed') : t('replymap.point') };
      caption.textContent = map.position === root.position ? t('replymap.caption-here', words) : t('replymap.caption-after', words);
      return;
    }
    const best = c.best ? t('replymap.best', { move: moveWords(game(), cols, c.best, moverIndex) }) : '';
    caption.textContent = t('replymap.cell', { piece, cell: cellName(cols, cell), best, mover, value: valueWords(c.outcome) });
  }

  /** The map's cell under a pointer event (inside the canvas's border), or null. */
  const cellAt = (event) => {
    const rect = canvas.getBoundingClientRect();
    const { rows, cols } = state.editor.board;
    const col = Math.floor(((event.clientX - rect.left - canvas.clientLeft) / canvas.clientWidth) * cols);
    const row = Math.floor(((event.clientY - rect.top - canvas.clientTop) / canvas.clientHeight) * rows);
    return row >= 0 && col >= 0 && row < rows && col < cols ? row * cols + col : null;
  };
  canvas.addEventListener('mousemove', (event) => {
    if (!map) return;
    const cell = cellAt(event);
    const c = cell === null ? null : map.cells[cell];
    captionFor(c ? cell : null);
    if (c?.best) controller.preview(c.best.child, c.best);
    else if (c) controller.preview(c.position);
  });
  canvas.addEventListener('mouseleave', () => {
    if (map) captionFor(null);
    onLeave();
  });
  canvas.addEventListener('click', (event) => {
    const cell = map && cellAt(event);
    if (cell !== null && map.cells[cell]) onPick(map.cells[cell].position);
  });

  return {
    show,
    /**
     * Frames the tie region `walk` (a counted ProofWalk of the proof shown) covers.
     * @param {any} walk
     */
    frame(walk) {
      region = walk;
      draw();
    },
    /** Draws the map again (a new theme). */
    draw,
    /** Drops the map (a new proof, or none). */
    drop() {
      map = null;
      region = null;
      figure.hidden = true;
    },
  };
}

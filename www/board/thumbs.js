// Small boards for the explanations, drawn with the boards' own painter (paint.js): a
// position with the move that led to it (a canvas at art resolution, shown at most `max` CSS
// pixels wide: scaled down smoothly when the board is larger, up by whole pixels otherwise),
// and a map of one piece's cells with the side to move's best move from each (drawn in a glyph
// set at a whole number of device pixels per art pixel, as the board is: frame.js).

import { pieceSides } from '../games/grid.js';
import { sizeCanvas } from './frame.js';
import { painter, winnerColour } from './paint.js';
import { LARGE_CELL, shortNumber } from './pixels.js';
import { RecordState } from '../engine/records.js';

/**
 * @typedef {import('../games/define.js').Game} Game
 * @typedef {import('../games/define.js').Board} Board
 * @typedef {ReturnType<typeof import('./pixels.js').makeTheme>} Theme
 * @typedef {{from: number, to: number}} Step
 */

/** An outcome's value word → record state, for value tiles. */
const STATE = { win: RecordState.Win, lose: RecordState.Lose, tie: RecordState.Tie };

/**
 * Sizes `canvas` for `board` of `game` (art pixels) and shows it at most `max` CSS pixels wide.
 * @param {HTMLCanvasElement} canvas
 * @param {Game} game
 * @param {Board} board
 * @param {number} max
 */
function fit(canvas, game, board, max) {
  const S = game.cell;
  const [w, h] = [board.cols * S, board.rows * S];
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const scale = w <= max ? Math.floor(max / w) : max / w;
  canvas.style.width = `${Math.round(w * scale)}px`;
  canvas.style.height = `${Math.round(h * scale)}px`;
  canvas.classList.toggle('shrunk', scale < 1);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.imageSmoothingEnabled = false;
  return ctx;
}

/**
 * Draws a position on `canvas`: `pieces` (`Lab.pieces`; tableau: its stones) on `board`'s
 * floor, and `move` (`{from, to}` or null), the move that led to it, as a trail to a framed cell.
 * @param {HTMLCanvasElement} canvas
 * @param {Theme} theme
 * @param {Game} game
 * @param {Board} board
 * @param {{pieces: number[], move?: Step | null}} position
 */
export function drawPosition(canvas, theme, game, board, { pieces, move = null }, max = 96) {
  const ctx = fit(canvas, game, board, max);
  paintPosition(painter(ctx, theme, board, game.cell), theme, game, { pieces, move });
}

/**
 * Paints a position with `p` (paint.js): as drawPosition, on any canvas (the main board's preview too).
 * @param {ReturnType<typeof painter>} p
 * @param {Theme} theme
 * @param {Game} game
 * @param {{pieces: number[], move?: Step | null}} position
 */
export function paintPosition(p, theme, game, { pieces, move = null }) {
  const { colours } = theme;
  p.floor();
  if (game.kind === 'scored') {
    for (const cell of pieces) {
      p.clear(cell);
      p.stone(cell, 'stone');
    }
    p.contour(pieces, colours.highlight);
  } else {
    if (move) p.trail(move.from, move.to, colours.highlight);
    const sides = pieceSides(game);
    pieces.forEach((cell, i) => p.piece(cell, sides[i]));
  }
  if (move) p.outline(move.to, colours.highlight);
}

/**
 * Draws a reply map on `canvas` (`Lab.replies`: per cell `{position, outcome, best}` or null):
 * each cell where the piece can stand as a value tile for the side to move, with its remoteness
 * and an arrow the way the best move goes (in the tile's top right corner, clear of the letter
 * and the number); `pieces` (the others) drawn on top, `marked(cell)` cells framed (a tie's
 * region). `level`: the glyph set's art pixels per cell and the device pixels per art pixel
 * (frame.js zoomLevels; by default the game's own set at one CSS pixel per art pixel).
 * @param {HTMLCanvasElement} canvas
 * @param {Theme} theme
 * @param {Game} game
 * @param {Board} board
 * @param {{cells: ({outcome: {value: 'win' | 'lose' | 'tie', remoteness: number}, best: Step | null} | null)[], pieces: (number | null)[],
 *   marked?: (cell: number) => boolean, toMove?: number}} map  `toMove`: who moves in every mapped position (its
 *   outcomes are that side's), so that each cell takes the colour of who wins there, as the legend says
 * @param {{cell?: number, pixels?: number}} [level]
 */
export function drawMap(canvas, theme, game, board, { cells, pieces, marked = () => false, toMove = 0 }, level = {}) {
  const { cell: S = game.cell, pixels = Math.max(1, Math.ceil(devicePixelRatio - 1e-6)) } = level;
  sizeCanvas(canvas, board.rows, board.cols, S, pixels);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.imageSmoothingEnabled = false;
  const p = painter(ctx, theme, board, S);
  const { colours } = theme;
  p.floor();
  cells.forEach((c, cell) => {
    if (!c) return;
    const o = c.outcome;
    const colour = winnerColour(o, toMove);
    p.valueTile(cell, STATE[o.value], o.value === 'tie' ? '' : shortNumber(o.remoteness), 1, 0, colour);
    if (c.best) arrow(ctx, p.at(cell), S, board.cols, c.best, colours[`on-${colour}`]);
    if (marked(cell)) p.outline(cell, colours.highlight, true);
  });
  const sides = pieceSides(game);
  pieces.forEach((cell, i) => cell !== null && p.piece(cell, sides[i], 0.9));
}

/**
 * A small arrow pointing the way `move` goes, in the top right corner of the cell at `[x, y]`
 * (`S` art pixels a side): right of the value letter (2 to 6 across) and above the number (its
 * top row is S − 7, or S − 12 when doubled), with a pixel between. Its dots are doubled in the
 * large glyph set, as the number is.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number[]} at
 * @param {number} S
 * @param {number} cols
 * @param {Step} move
 * @param {string} colour
 */
function arrow(ctx, [x, y], S, cols, move, colour) {
  const dr = Math.floor(move.to / cols) - Math.floor(move.from / cols);
  const dc = (move.to % cols) - (move.from % cols);
  const length = Math.hypot(dr, dc) || 1;
  const [ux, uy] = [dc / length, dr / length];
  // The corner: 7 × 7 dots of 1 pixel, or 5 × 5 dots of 2 in the large set; its middle dot.
  const d = S >= LARGE_CELL ? 2 : 1;
  const reach = d === 2 ? 2 : 3;
  const [cx, cy] = [x + S - 1 - d * (reach + 1), y + 1 + d * reach];
  ctx.fillStyle = colour;
  const dot = (i, j) => ctx.fillRect(Math.round(cx + d * (ux * i - uy * j)), Math.round(cy + d * (uy * i + ux * j)), d, d);
  for (let i = -reach; i <= reach; i++) dot(i, 0);
  // The head: two dots back from the tip either side of the shaft.
  for (let j = 1; j <= 2; j++) for (const side of [-1, 1]) dot(reach - j, side * j);
}

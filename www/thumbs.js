// Small boards for the explanations, drawn with the boards' own painter (paint.js): a
// position with the move that led to it, and a map of one piece's cells with the side to
// move's best move from each. Each is a canvas at art resolution, shown at most `max` CSS
// pixels wide (scaled down smoothly when the board is larger, up by whole pixels otherwise).

import { pieceSides } from './board.js';
import { painter } from './paint.js';
import { shortNumber } from './pixels.js';
import { RecordState } from './record.js';

/**
 * @typedef {import('./games/define.js').Game} Game
 * @typedef {import('./games/define.js').Board} Board
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
 * and an arrow the way the best move goes; `pieces` (the others) drawn on top, `marked(cell)`
 * cells framed (a tie's region).
 * @param {HTMLCanvasElement} canvas
 * @param {Theme} theme
 * @param {Game} game
 * @param {Board} board
 * @param {{cells: ({outcome: {value: 'win' | 'lose' | 'tie', remoteness: number}, best: Step | null} | null)[], pieces: (number | null)[],
 *   marked?: (cell: number) => boolean}} map
 */
export function drawMap(canvas, theme, game, board, { cells, pieces, marked = () => false }, max = 160) {
  const ctx = fit(canvas, game, board, max);
  const p = painter(ctx, theme, board, game.cell);
  const { colours } = theme;
  p.floor();
  cells.forEach((c, cell) => {
    if (!c) return;
    const o = c.outcome;
    p.valueTile(cell, STATE[o.value], o.value === 'tie' ? '' : shortNumber(o.remoteness));
    if (c.best) arrow(ctx, p.at(cell), game.cell, board.cols, c.best, colours[`on-${o.value}`]);
    if (marked(cell)) p.outline(cell, colours.highlight, true);
  });
  const sides = pieceSides(game);
  pieces.forEach((cell, i) => cell !== null && p.piece(cell, sides[i], 0.9));
}

/**
 * A small arrow inside the cell at `[x, y]` pointing the way `move` goes.
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
  const [cx, cy] = [x + S / 2, y + S / 2 + 1];
  ctx.fillStyle = colour;
  for (let i = -3; i <= 4; i++) ctx.fillRect(Math.round(cx + ux * i) - 1, Math.round(cy + uy * i) - 1, 2, 2);
  // The head: two dots back from the tip, either side of the shaft.
  for (const side of [-1, 1]) {
    ctx.fillRect(Math.round(cx + ux * 2 - uy * side * 2) - 1, Math.round(cy + uy * 2 + ux * side * 2) - 1, 2, 2);
  }
}

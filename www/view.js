// Canvas drawing, 8-bit style: the board is drawn at 16 art pixels per cell and scaled up by
// an integer factor with `image-rendering: pixelated`. The view reads the controller's state
// and draws it; it never changes it. Colours come from the CSS custom properties of the theme.

import { LOSE, TIE, WIN, remotenessOf, stateOf } from './engine.js';

/** Art pixels per cell, unless the game asks for more (`game.cell`). Piece sprites are this size. */
export const CELL = 16;

/** 3×5 pixel font for digits, and the value glyphs (W is 5 wide). */
const FONT = {
  0: ['111', '101', '101', '101', '111'],
  1: ['010', '110', '010', '010', '111'],
  2: ['111', '001', '111', '100', '111'],
  3: ['111', '001', '011', '001', '111'],
  4: ['101', '101', '111', '001', '001'],
  5: ['111', '100', '111', '001', '111'],
  6: ['111', '100', '111', '101', '111'],
  7: ['111', '001', '010', '010', '010'],
  8: ['111', '101', '111', '101', '111'],
  9: ['111', '101', '111', '001', '111'],
  '+': ['000', '010', '111', '010', '000'],
  W: ['10001', '10001', '10101', '10101', '01010'],
  L: ['100', '100', '100', '100', '111'],
  T: ['111', '010', '010', '010', '010'],
};

const GLYPH = { [WIN]: 'W', [LOSE]: 'L', [TIE]: 'T' };
const VALUE_VAR = { [WIN]: 'win', [LOSE]: 'lose', [TIE]: 'tie' };

/** Creates the view on `canvas`; `render(state)` draws, `cellAt(x, y)` maps client coordinates. */
export function createView(canvas) {
  const ctx = canvas.getContext('2d');
  let colours = readColours(canvas);
  let sprites = makeSprites(colours);
  let scale = 1;
  let last = null;
  let S = CELL;

  /** Integer scale that fits the board in the canvas's container. */
  function fit({ board, game }) {
    S = game.cell ?? CELL;
    const box = canvas.parentElement.getBoundingClientRect();
    const width = Math.max(160, box.width - 8);
    const height = Math.max(160, window.innerHeight * 0.72);
    scale = Math.max(1, Math.min(12, Math.floor(Math.min(width / (board.cols * S), height / (board.rows * S)))));
    canvas.width = board.cols * S;
    canvas.height = board.rows * S;
    canvas.style.width = `${board.cols * S * scale}px`;
    canvas.style.height = `${board.rows * S * scale}px`;
  }

  function render(state) {
    const key = [state.board, state.heat, state.line, state.pieces, state.varying, state.cursor, state.focused, state.drag, state.phase, colours];
    if (last && key.every((v, i) => v === last[i])) return;
    if (!last || last[0].rows !== state.board.rows || last[0].cols !== state.board.cols || (state.game.cell ?? CELL) !== S) fit(state);
    last = key;
    if (state.game.kind === 'scored') drawScored(state);
    else drawPieces(state);
  }

  /** Tableau: weights A (top) and B (bottom) per cell; once solved, the optimal order of play. */
  function drawScored({ board, line, cursor, focused }) {
    const order = new Map((line ?? []).map((move, i) => [move.to, i]));
    for (let cell = 0; cell < board.rows * board.cols; cell++) {
      const x = (cell % board.cols) * S;
      const y = Math.floor(cell / board.cols) * S;
      const row = y / S;
      const col = x / S;
      ctx.fillStyle = (row + col) % 2 === 0 ? colours['floor-a'] : colours['floor-b'];
      ctx.fillRect(x, y, S, S);
      const i = order.get(cell);
      if (i === undefined) {
        ctx.fillStyle = colours['first-ink'];
        text(String(board.a[cell]), x + S - 2 - textWidth(String(board.a[cell])), y + 3);
        ctx.fillStyle = colours['second-ink'];
        text(String(board.b[cell]), x + S - 2 - textWidth(String(board.b[cell])), y + S - 8);
        continue;
      }
      const side = i % 2 === 0 ? 'first' : 'second';
      ctx.fillStyle = colours[side];
      ctx.fillRect(x + 1, y + 1, S - 2, S - 2);
      ctx.fillStyle = colours[`on-${side}`];
      text(String(i + 1), x + 3, y + 3, 2);
      const points = String(side === 'first' ? board.a[cell] : board.b[cell]);
      text(points, x + S - 3 - textWidth(points), y + S - 8);
    }
    if (focused) outline(cursor, colours.cursor, board, true);
  }

  /** River and chase: floor, obstacles, the heatmap, pieces, drag feedback, cursor. */
  function drawPieces({ board, heat, pieces, varying, cursor, focused, drag, game }) {
    ctx.imageSmoothingEnabled = false;
    for (let cell = 0; cell < board.cells.length; cell++) {
      const x = (cell % board.cols) * S;
      const y = Math.floor(cell / board.cols) * S;
      const ch = board.cells[cell];
      if (ch === '#') {
        ctx.drawImage(sprites.block, x, y);
        continue;
      }
      const [row, col] = [y / S, x / S];
      ctx.fillStyle = (row + col) % 2 === 0 ? colours['floor-a'] : colours['floor-b'];
      ctx.fillRect(x, y, S, S);
      if (heat && heat[cell] !== 0) drawHeat(x, y, heat[cell]);
    }
    const pieceOf = new Map(game.pieces.map((p) => [p.ch, p]));
    board.cells.forEach((ch, cell) => {
      const piece = pieceOf.get(ch);
      if (!piece) return;
      const x = (cell % board.cols) * S;
      const y = Math.floor(cell / board.cols) * S;
      ctx.globalAlpha = drag && drag.from === cell ? 0.35 : 1;
      ctx.drawImage(sprites[piece.side], x, y);
      ctx.globalAlpha = 1;
    });
    if (heat && pieces) outline(pieces[varying], colours.highlight, board);
    if (drag && drag.over !== null && drag.over !== drag.from) {
      const piece = pieceOf.get(board.cells[drag.from]);
      if (piece) {
        ctx.globalAlpha = 0.8;
        ctx.drawImage(sprites[piece.side], (drag.over % board.cols) * S, Math.floor(drag.over / board.cols) * S);
        ctx.globalAlpha = 1;
        outline(drag.over, colours.highlight, board);
      }
    }
    if (focused) outline(cursor, colours.cursor, board, true);
  }

  function drawHeat(x, y, record) {
    const value = stateOf(record);
    const name = VALUE_VAR[value];
    if (!name) return;
    ctx.fillStyle = colours[name];
    ctx.fillRect(x + 1, y + 1, S - 2, S - 2);
    ctx.fillStyle = colours[`on-${name}`];
    text(GLYPH[value], x + 2, y + 2);
    if (value !== TIE) {
      const r = remotenessOf(record);
      const label = r > 9999 ? '+' : String(r);
      text(label, x + S - 2 - textWidth(label), y + S - 7);
    }
  }

  /** Pixel text at `x`, `y`, each font pixel `k` × `k` art pixels. */
  function text(label, x, y, k = 1) {
    for (const ch of label) {
      const glyph = FONT[ch];
      glyph.forEach((line, dy) => {
        for (let dx = 0; dx < line.length; dx++) if (line[dx] === '1') ctx.fillRect(x + dx * k, y + dy * k, k, k);
      });
      x += (glyph[0].length + 1) * k;
    }
  }

  const textWidth = (label) => [...label].reduce((w, ch) => w + FONT[ch][0].length + 1, -1);

  function outline(cell, colour, board, dashed = false) {
    if (cell === undefined || cell === null) return;
    const x = (cell % board.cols) * S;
    const y = Math.floor(cell / board.cols) * S;
    ctx.fillStyle = colour;
    for (let i = 0; i < S; i++) {
      if (dashed && i % 4 >= 2) continue;
      ctx.fillRect(x + i, y, 1, 1);
      ctx.fillRect(x + i, y + S - 1, 1, 1);
      ctx.fillRect(x, y + i, 1, 1);
      ctx.fillRect(x + S - 1, y + i, 1, 1);
      if (!dashed) {
        ctx.fillRect(x + i, y + 1, 1, 1);
        ctx.fillRect(x + i, y + S - 2, 1, 1);
        ctx.fillRect(x + 1, y + i, 1, 1);
        ctx.fillRect(x + S - 2, y + i, 1, 1);
      }
    }
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch) and redraws on the next render. */
    retheme() {
      colours = readColours(canvas);
      sprites = makeSprites(colours);
    },
    /** Refits the scale to the container (window resize). */
    refit(state) {
      fit(state);
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

const COLOUR_NAMES = [
  'floor-a', 'floor-b', 'block', 'block-hi', 'block-lo', 'win', 'lose', 'tie', 'on-win', 'on-lose', 'on-tie',
  'highlight', 'cursor', 'red', 'red-hi', 'red-lo', 'black', 'black-hi', 'black-lo', 'outline-red', 'outline-black',
  'white', 'white-hi', 'white-lo', 'outline-white', 'first', 'second', 'on-first', 'on-second', 'first-ink', 'second-ink',
];

function readColours(element) {
  const style = getComputedStyle(element);
  return Object.fromEntries(COLOUR_NAMES.map((name) => [name, style.getPropertyValue(`--${name}`).trim() || '#888']));
}

/** The tiles drawn many times, pre-rendered per theme: obstacle block and pieces. */
function makeSprites(colours) {
  const sprite = (paint) => {
    const canvas = document.createElement('canvas');
    canvas.width = CELL;
    canvas.height = CELL;
    paint(canvas.getContext('2d'));
    return canvas;
  };
  const block = sprite((g) => {
    g.fillStyle = colours.block;
    g.fillRect(0, 0, CELL, CELL);
    g.fillStyle = colours['block-hi'];
    g.fillRect(0, 0, CELL, 1);
    g.fillRect(0, 0, 1, CELL);
    g.fillRect(0, 8, CELL, 1);
    g.fillStyle = colours['block-lo'];
    g.fillRect(0, CELL - 1, CELL, 1);
    g.fillRect(CELL - 1, 0, 1, CELL);
    g.fillRect(0, 7, CELL, 1);
    g.fillRect(7, 1, 1, 6);
    g.fillRect(3, 9, 1, 6);
    g.fillRect(11, 9, 1, 6);
  });
  const disc = (fill, hi, lo, rim) =>
    sprite((g) => {
      for (let y = 0; y < CELL; y++) {
        for (let x = 0; x < CELL; x++) {
          const d = Math.hypot(x + 0.5 - 8, y + 0.5 - 8);
          if (d > 6.6) continue;
          const h = Math.hypot(x + 0.5 - 6, y + 0.5 - 6);
          g.fillStyle = d > 5.6 ? rim : d > 3.4 && d <= 4.4 ? lo : h < 1.6 ? hi : fill;
          g.fillRect(x, y, 1, 1);
        }
      }
    });
  return {
    block,
    red: disc(colours.red, colours['red-hi'], colours['red-lo'], colours['outline-red']),
    black: disc(colours.black, colours['black-hi'], colours['black-lo'], colours['outline-black']),
    white: disc(colours.white, colours['white-hi'], colours['white-lo'], colours['outline-white']),
  };
}

// Browser tests of the board's canvas, in Debian's headless Chromium (`node --test`, run by
// `./build.sh test`): a press anywhere in a cell hits that cell, at devicePixelRatio 1, 1.5, 2
// and 3. A file of its own, apart from canvas.test.mjs's other canvas tests, so that the two
// run side by side. Every test fails on any console error or uncaught exception.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { boardBox, riverLink } from './helpers.mjs';
import { DESKTOP, PHONE, boardAtTop, chaseLink, open, page, riverSquare, tableauLink } from './screens.mjs';

/**
 * Presses the mouse at each client point, all sent at once (the browser handles them in order),
 * and returns what the page recorded at each press: the cursor's cell and the board link.
 */
async function pressAll(cdp, points) {
  await page.evaluate(() => (window.hits = []));
  const sent = [];
  for (const { x, y } of points) {
    sent.push(cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 }));
    sent.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 }));
  }
  await Promise.all(sent);
  return page.evaluate(() => window.hits);
}

/**
 * Records, after the page has handled each press on the board, the cursor's cell and the board
 * link: once the pointer is lifted (the page writes a stroke's link then, in its own listener on
 * the window, which runs before this one).
 */
const recordHits = () =>
  page.evaluate(() => {
    const canvas = document.querySelector('[data-testid=board]');
    addEventListener('pointerup', () =>
      window.hits.push({ cursor: canvas.dataset.cursor ?? null, board: new URL(location.href).searchParams.get('board') }),
    );
  });

/** Every cell of a rows × cols board, as [row, col]. */
const everyCell = (rows, cols) => Array.from({ length: rows * cols }, (_, i) => [Math.floor(i / cols), i % cols]);

/** Whether a cell is on a board's outer ring: its first or last row or column. */
const onRing = (rows, cols) => ([row, col]) => row === 0 || col === 0 || row === rows - 1 || col === cols - 1;

/** A cell's centre and the points 10 % in from each of its edges, as fractions of the cell. */
const CENTRE_AND_EDGES = [[0.5, 0.5, 'centre'], [0.1, 0.5, 'left edge'], [0.9, 0.5, 'right edge'], [0.5, 0.1, 'top edge'], [0.5, 0.9, 'bottom edge']];

/**
 * The points to press on a rows × cols board, in client coordinates: the centre of each of
 * `cells` and, on the board's outer ring, the points 10 % in from each of its edges. The cell
 * under a point is its column from x and its row from y, so the ring's presses cross every
 * column's left and right boundary (in the first and last rows) and every row's top and bottom
 * one (in the first and last columns), from both sides, out to the far corner, where an error
 * in the cells' size adds up most.
 */
function pointsOf(box, rows, cols, cells) {
  const w = box.w / cols;
  const h = box.h / rows;
  const ring = onRing(rows, cols);
  const points = [];
  for (const cell of cells) {
    const [row, col] = cell;
    const x = box.x + col * w;
    const y = box.y + row * h;
    for (const [fx, fy, where] of ring(cell) ? CENTRE_AND_EDGES : CENTRE_AND_EDGES.slice(0, 1)) {
      points.push({ x: x + fx * w, y: y + fy * h, row, col, where });
    }
  }
  return points;
}

describe('a press anywhere in a cell hits that cell', () => {
  const river = (k) => [`river ${k}×${k}`, riverLink(riverSquare(k)), k, k, DESKTOP];
  // Each press costs the page an edit, so every cell is pressed at one ratio (2), on each game's
  // largest board here; at every ratio, the ring of edge cells of every board, near each of
  // their edges too, which crosses every row's and column's boundaries (pointsOf). Every river
  // size at 2; at the other ratios a spread of them. At 3, chase on the phone: its small glyph
  // set, 10 art pixels per cell.
  const runs = [
    [2, Array.from({ length: 15 }, (_, i) => i + 2), DESKTOP],
    [1, [2, 3, 5, 9, 16], DESKTOP],
    [1.5, [2, 6, 11, 16], DESKTOP],
    [3, [2, 4, 7, 12, 16], PHONE],
  ];
  const everyCellAt = 2;
  const everyCellOf = new Set(['river 16×16', 'chase 32×32', 'tableau 12×12']);
  for (const [dpr, sizes, chaseScreen] of runs) {
    const sizeNames = sizes.map((k) => `${k}×${k}`).join(', ');
    const whole = dpr === everyCellAt ? ', and every cell’s centre on river 16×16, chase and tableau' : '';
    test(`devicePixelRatio ${dpr}: the edge cells’ centres and 10 % in from each edge${whole}; river ${sizeNames}, chase 32×32 (${chaseScreen.width} px wide), tableau 12×12`, async () => {
      const boards = [...sizes.map(river), ['chase 32×32', chaseLink(32), 32, 32, chaseScreen], ['tableau 12×12', tableauLink(12, 12), 12, 12, DESKTOP]];
      // Presses whose cell the cursor did not report, checked once all the boards' edits are.
      const missed = [];
      for (const [name, query, rows, cols, viewport] of boards) {
        await open(query, { viewport, dpr });
        await boardAtTop();
        await recordHits();
        const box = await boardBox(page);
        const cells = everyCell(rows, cols);
        const points = pointsOf(box, rows, cols, dpr === everyCellAt && everyCellOf.has(name) ? cells : cells.filter(onRing(rows, cols)));
        const start = new URL(page.url()).searchParams.get('board');
        const hits = await pressAll(page.cdp, points);
        assert.equal(hits.length, points.length, `${name}: every press reached the board`);
        let before = start?.replaceAll('/', '');
        points.forEach((p, i) => {
          const at = `${name} at ${dpr}: cell (${p.row + 1},${p.col + 1}), ${p.where} (${p.x.toFixed(2)}, ${p.y.toFixed(2)})`;
          if (start !== null) {
            // River: a press on a free cell toggles that cell's obstacle, and only that cell's.
            const after = hits[i].board.replaceAll('/', '');
            const changed = [...after].flatMap((ch, cell) => (ch !== before[cell] ? [`(${Math.floor(cell / cols) + 1},${(cell % cols) + 1})`] : []));
            const piece = 'OX'.includes(before[p.row * cols + p.col]);
            assert.deepEqual(changed, piece ? [] : [`(${p.row + 1},${p.col + 1})`], `${at}: changed cells`);
            before = after;
          }
          if (hits[i].cursor !== `${p.row + 1},${p.col + 1}`) missed.push(`${at}: the cursor went to ${hits[i].cursor}`);
        });
        assert.deepEqual(await boardBox(page), box, `${name}: the board did not move while it was pressed`);
      }
      assert.deepEqual(missed.slice(0, 5), [], `${missed.length} presses landed on another cell`);
    });
  }
});

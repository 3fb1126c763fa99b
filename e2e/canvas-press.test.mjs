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

/**
 * `count` of the cells inside a rows × cols board's ring (all of them when there are fewer),
 * drawn with a fixed seed (a linear congruential generator), so that every run presses the
 * same cells: a press's cell comes from both coordinates at once there, away from the ring.
 */
function insideSample(rows, cols, count) {
  const inside = everyCell(rows, cols).filter((cell) => !onRing(rows, cols)(cell));
  let seed = rows * 1000 + cols;
  for (let i = inside.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [inside[i], inside[j]] = [inside[j], inside[i]];
  }
  return inside.slice(0, count);
}

/** A cell's centre and the points 10 % in from its left and right edges, and its top and bottom ones, as fractions of the cell. */
const CENTRE = [0.5, 0.5, 'centre'];
const ACROSS = [[0.1, 0.5, 'left edge'], [0.9, 0.5, 'right edge']];
const DOWN = [[0.5, 0.1, 'top edge'], [0.5, 0.9, 'bottom edge']];

/**
 * The points to press on a rows × cols board, in client coordinates: the centre of each of
 * `cells` and, in the board's first and last rows, the points 10 % in from each cell's left and
 * right edges, in its first and last columns from each cell's top and bottom edges (the four
 * corners: all four). The cell under a point is its column from x and its row from y, so these
 * presses cross every column's left and right boundary (in the first and last rows) and every
 * row's top and bottom one (in the first and last columns), from both sides, out to the far
 * corner, where an error in the cells' size adds up most.
 */
function pointsOf(box, rows, cols, cells) {
  const w = box.w / cols;
  const h = box.h / rows;
  const points = [];
  for (const [row, col] of cells) {
    const x = box.x + col * w;
    const y = box.y + row * h;
    const across = row === 0 || row === rows - 1 ? ACROSS : [];
    const down = col === 0 || col === cols - 1 ? DOWN : [];
    for (const [fx, fy, where] of [CENTRE, ...across, ...down]) {
      points.push({ x: x + fx * w, y: y + fy * h, row, col, where });
    }
  }
  return points;
}

describe('a press anywhere in a cell hits that cell', () => {
  const river = (k) => [`river ${k}×${k}`, riverLink(riverSquare(k)), k, k, DESKTOP];
  // Each press costs the page an edit, so at every ratio the ring of edge cells of each board
  // is pressed, near each of their edges too, which crosses every row's and column's
  // boundaries (pointsOf), and at one ratio (2) the centres of cells inside the ring too, a
  // fixed sample of them, on each game's largest board here. Every river size from 2 to 16 at
  // one ratio at least, the smallest and the largest at each. At 3, chase on the phone: its
  // small glyph set, 10 art pixels per cell.
  const runs = [
    [2, [2, 8, 10, 13, 14, 15, 16], DESKTOP],
    [1, [2, 3, 5, 9, 16], DESKTOP],
    [1.5, [2, 6, 11, 16], DESKTOP],
    [3, [2, 4, 7, 12, 16], PHONE],
  ];
  const insideAt = 2;
  /** Cells inside the ring pressed at their centre, per board. */
  const INSIDE = 40;
  const insideOf = new Set(['river 16×16', 'chase 32×32', 'tableau 12×12']);
  for (const [dpr, sizes, chaseScreen] of runs) {
    const sizeNames = sizes.map((k) => `${k}×${k}`).join(', ');
    const inside = dpr === insideAt ? `, and ${INSIDE} cells’ centres inside the ring on river 16×16, chase and tableau` : '';
    test(`devicePixelRatio ${dpr}: the edge cells’ centres and 10 % in from their edges${inside}; river ${sizeNames}, chase 32×32 (${chaseScreen.width} px wide), tableau 12×12`, async () => {
      const boards = [...sizes.map(river), ['chase 32×32', chaseLink(32), 32, 32, chaseScreen], ['tableau 12×12', tableauLink(12, 12), 12, 12, DESKTOP]];
      // Presses whose cell the cursor did not report, checked once all the boards' edits are.
      const missed = [];
      for (const [name, query, rows, cols, viewport] of boards) {
        await open(query, { viewport, dpr });
        await boardAtTop();
        await recordHits();
        const box = await boardBox(page);
        const ring = everyCell(rows, cols).filter(onRing(rows, cols));
        const points = pointsOf(box, rows, cols, dpr === insideAt && insideOf.has(name) ? [...ring, ...insideSample(rows, cols, INSIDE)] : ring);
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

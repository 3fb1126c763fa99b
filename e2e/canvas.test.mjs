// Browser tests of the board's canvas (issue 11), in Debian's headless Chromium (`node --test`,
// run by `./build.sh test`): the board is drawn at a whole number of device pixels per art
// pixel at devicePixelRatio 1, 1.5, 2 and 3 (and when it changes); boards of every size fit a
// 390 px phone (zoom and two-finger pan inside the board's frame, never the page); pieces stay
// in view in the replay; small boards use the space. A press anywhere in a cell is
// canvas-press.test.mjs's: a file of its own, so that the two run side by side. Every test
// fails on any console error or uncaught exception. Screenshots go to e2e/out/canvas-*.png.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { PNG } from 'pngjs';
import { OUT, boardBox, riverLink, riverSamples } from './helpers.mjs';
import { DESKTOP, PHONE, $, boardAtTop, chaseLink, open, page, riverSquare, settle, tableauLink } from './screens.mjs';
import { inkSize } from '../www/board/pixels.js';

/**
 * Shows the board of a link on the open page as Back and Forward do: the history entry changes
 * and the page's popstate handler loads the link's board, with no reload.
 */
async function follow(query) {
  await page.evaluate((link) => {
    history.pushState(null, '', link);
    dispatchEvent(new PopStateEvent('popstate'));
  }, query);
  await settle();
}


/** A canvas as measured: CSS size of its content box, bitmap size, devicePixelRatio, device pixels per bitmap pixel. */
const measure = (id = 'board') =>
  page.locator(`[data-testid=${id}]`).evaluate((canvas) => {
    const rect = canvas.getBoundingClientRect();
    const style = getComputedStyle(canvas);
    const width = rect.width - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
    const height = rect.height - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
    const dpr = devicePixelRatio;
    return {
      css: [width, height],
      bitmap: [canvas.width, canvas.height],
      dpr,
      across: (width * dpr) / canvas.width,
      down: (height * dpr) / canvas.height,
      border: style.borderLeftWidth,
    };
  });

/**
 * Asserts that a canvas is shown at a whole number (≥ 1) of device pixels per bitmap pixel, the
 * same both ways (to a tenth of a device pixel over the whole canvas: layout's own precision).
 */
function assertWholeScale(m, what) {
  const k = Math.round(m.across);
  const off = (css, bitmap) => Math.abs(css * m.dpr - k * bitmap);
  assert.ok(k >= 1 && off(m.css[0], m.bitmap[0]) < 0.1, `${what}: ${m.css[0]} CSS px × ${m.dpr} / ${m.bitmap[0]} bitmap px = ${m.across}, not a whole number`);
  assert.ok(off(m.css[1], m.bitmap[1]) < 0.1, `${what}: vertically ${m.down}, horizontally ${m.across}`);
  return k;
}

/** Waits until the board canvas stops changing (cells flashing after a solve). */
async function still() {
  const bitmap = () => $('board').evaluate((canvas) => canvas.toDataURL());
  let before = await bitmap();
  for (let i = 0; i < 50; i++) {
    await settle();
    const now = await bitmap();
    if (now === before) return;
    before = now;
  }
  assert.fail('the board kept changing');
}

/**
 * Compares the screen with the canvas's bitmap: every device pixel of the drawn board must be
 * the bitmap's pixel under it, each bitmap pixel a k × k square. Returns the number of pixels compared.
 */
async function assertDrawnExactly(what) {
  await boardAtTop();
  await still();
  const { dataUrl, left, top, dpr } = await $('board').evaluate((canvas) => {
    const rect = canvas.getBoundingClientRect();
    return { dataUrl: canvas.toDataURL('image/png'), left: rect.left, top: rect.top, dpr: devicePixelRatio };
  });
  const bitmap = PNG.sync.read(Buffer.from(dataUrl.split(',')[1], 'base64'));
  const shot = PNG.sync.read(await page.screenshot({ scale: 'device' }));
  const k = Math.round(((await measure()).across));
  const x0 = Math.round(left * dpr);
  const y0 = Math.round(top * dpr);
  let wrong = 0;
  let first = null;
  const width = Math.min(bitmap.width * k, shot.width - x0);
  const height = Math.min(bitmap.height * k, shot.height - y0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = ((y0 + y) * shot.width + x0 + x) * 4;
      const b = (Math.floor(y / k) * bitmap.width + Math.floor(x / k)) * 4;
      if ([0, 1, 2].some((c) => Math.abs(shot.data[s + c] - bitmap.data[b + c]) > 2)) {
        wrong++;
        first ??= [x, y];
      }
    }
  }
  assert.ok(width > 0 && height > 0, `${what}: the board is on screen`);
  assert.equal(wrong, 0, `${what}: ${wrong} of ${width * height} device pixels differ from the bitmap scaled ${k}× (first at ${first})`);
}

describe('the board is drawn at a whole number of device pixels per bitmap pixel', () => {
  /** Board → its query and its rows (and columns). */
  const boards = {
    'default river 9×9': ['', 9],
    'chase 20×20 preset': [`${chaseLink(20)}&solve=1`, 20],
    'river 16×16': [riverLink(riverSquare(16)), 16],
    'tableau 10×10': [tableauLink(10, 10), 10],
    'chase 32×32': [`${chaseLink(32)}&solve=1`, 32],
  };
  for (const dpr of [1, 1.5, 2, 3]) {
    for (const [screen, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
      test(`devicePixelRatio ${dpr}, ${screen} ${viewport.width}×${viewport.height}`, async () => {
        for (const [name, [query, size]] of Object.entries(boards)) {
          // The default board loads the page; the others come as Back and Forward bring them,
          // without a reload, and are laid out and drawn as a loaded one is.
          if (query === '') await open(query, { viewport, dpr });
          else await follow(query);
          if (/solve=1/.test(query)) await page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'solved', null, { timeout: 30_000 });
          await settle();
          assert.deepEqual([await $('rows').inputValue(), await $('cols').inputValue()], [`${size}`, `${size}`], `${name} is the board shown`);
          const m = await measure();
          assertWholeScale(m, name);
          assert.equal(m.border, '0px', `${name}: no border inside the drawn board`);
          // The pixels themselves.
          if (name.startsWith('default') || name.startsWith('chase 20')) await assertDrawnExactly(`${name} at ${dpr}`);
        }
      });
    }
  }

  test('the position inset is drawn at a whole number of device pixels per bitmap pixel', async () => {
    const sample5 = riverLink((await riverSamples())[4]);
    for (const dpr of [1, 1.5, 3]) {
      // Stepping, the main board and the code card show the step; the inset shows a histogram
      // bar's example (the same drawing of a position).
      await open(`${sample5}&solve=1`, { dpr });
      await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 60_000 });
      await $('histogram').click({ position: { x: 24, y: 30 } });
      await page.waitForFunction(() => document.querySelector('[data-testid=frontier]').dataset.kind === 'example');
      assertWholeScale(await measure('inset'), `inset at ${dpr}`);
    }
  });

  test('a change of devicePixelRatio (browser zoom) lays the board out again', async () => {
    await open(`${chaseLink(20)}&solve=1`, { dpr: 1 });
    for (const dpr of [2, 1.5, 3, 1]) {
      // Emulated, the page's devicePixelRatio changes without the events a browser zoom brings
      // (resize, and the resolution media query's change): the resize is sent here.
      await page.cdp.send('Emulation.setDeviceMetricsOverride', { ...DESKTOP, deviceScaleFactor: dpr, mobile: false });
      await page.waitForFunction((d) => devicePixelRatio === d, dpr);
      await page.evaluate(() => dispatchEvent(new Event('resize')));
      await settle();
      const m = await measure();
      assert.equal(m.dpr, dpr);
      assertWholeScale(m, `after the change to ${dpr}`);
    }
  });
});


/** The page's width against the viewport's, and where the controls and the board's frame are. */
const phoneLayout = () =>
  page.evaluate(() => {
    const rect = (id) => document.querySelector(`[data-testid=${id}]`)?.getBoundingClientRect();
    const controls = rect('controls');
    const frame = rect('board-frame') ?? rect('board');
    return {
      scrollWidth: document.scrollingElement.scrollWidth,
      innerWidth,
      innerHeight,
      controls: [controls.left, controls.right, controls.top, controls.bottom],
      frame: [frame.left, frame.right],
    };
  });

/** Asserts that nothing reaches past the viewport's width and the controls are in view. */
function assertFits(layout, what) {
  assert.ok(layout.scrollWidth <= layout.innerWidth, `${what}: the page is ${layout.scrollWidth} px wide in a ${layout.innerWidth} px viewport`);
  const [left, right, top, bottom] = layout.controls;
  assert.ok(left >= 0 && right <= layout.innerWidth, `${what}: controls at x ${left}…${right}`);
  assert.ok(top >= 0 && bottom <= layout.innerHeight + 0.5, `${what}: controls at y ${top}…${bottom} (sticky in view)`);
  assert.ok(layout.frame[0] >= 0 && layout.frame[1] <= layout.innerWidth, `${what}: the board's frame at x ${layout.frame}`);
}

describe('phones: every board fits the width; big ones pan inside their frame', () => {
  for (const dpr of [3, 1]) {
    test(`390×844 at devicePixelRatio ${dpr}: river 1…24 rows and columns, chase 2…32, tableau 1…12, no sideways scroll`, async () => {
      const boards = [
        ...Array.from({ length: 23 }, (_, i) => [`river ${i + 2}×${i + 2}`, riverLink(riverSquare(i + 2)), i + 2, i + 2]),
        ['river 24×1', riverLink(['O', 'O', ...Array(21).fill('.'), 'X']), 24, 1],
        ['river 2×24', riverLink(riverSquare(24).filter((_, r) => r === 0 || r === 23)), 2, 24],
        ...Array.from({ length: 31 }, (_, i) => [`chase ${i + 2}×${i + 2}`, chaseLink(i + 2), i + 2, i + 2]),
        ...Array.from({ length: 12 }, (_, i) => [`tableau ${i + 1}×${i + 1}`, tableauLink(i + 1, i + 1), i + 1, i + 1]),
      ];
      let game = null;
      for (const [name, query, rows, cols] of boards) {
        // Each game's first board loads the page; the others come as Back and Forward bring
        // them, without a reload (an eighth of the time).
        const next = new URLSearchParams(query).get('game');
        if (next === game) await follow(query);
        else await open(query, { viewport: PHONE, dpr });
        game = next;
        assert.deepEqual([await $('rows').inputValue(), await $('cols').inputValue()], [`${rows}`, `${cols}`], `${name} is the board shown`);
        assertFits(await phoneLayout(), name);
      }
    });
  }

  test('a 24×24 river board (issue 14) lays out on a phone and a desktop', async () => {
    for (const [viewport, dpr] of [[PHONE, 3], [DESKTOP, 1]]) {
      await open(riverLink(riverSquare(24)), { viewport, dpr });
      assert.equal(await $('rows').inputValue(), '24', 'the 24-row board is the one shown');
      const m = await measure();
      assertWholeScale(m, `river 24×24 at ${dpr}`);
      assert.equal(m.bitmap[0] / 24, viewport === PHONE ? 10 : 16, 'phone: the small glyph set; desktop: the full one');
      if (viewport === PHONE) assertFits(await phoneLayout(), 'river 24×24');
    }
  });

  test('zoom in, pan with two fingers, draw with one: the page never scrolls sideways', async () => {
    await open(`${chaseLink(32)}&solve=1`, { viewport: PHONE, dpr: 3 });
    const frame = $('board-frame');
    const scroll = () => frame.evaluate((f) => ({ left: f.scrollLeft, top: f.scrollTop, overflow: f.scrollWidth > f.clientWidth }));
    assert.equal((await scroll()).overflow, false, 'fitted, the whole board shows');
    assert.equal(await $('zoom-hint').isVisible(), false);
    const fitted = await measure();
    await $('zoom-in').click();
    await $('zoom-in').click();
    // The board at the top, clear of the sticky controls (the verdict, arrived, had scrolled the page).
    await boardAtTop();
    const zoomed = await measure();
    assert.ok(zoomed.css[0] > fitted.css[0] * 1.4, `zoomed in: ${fitted.css[0]} → ${zoomed.css[0]} CSS px`);
    assertWholeScale(zoomed, 'zoomed');
    assert.equal((await scroll()).overflow, true, 'zoomed in, the board pans inside its frame');
    assert.equal(await $('zoom-hint').isVisible(), true, 'the hint says how to see the rest');
    assertFits(await phoneLayout(), 'zoomed chase 32×32');

    const touch = (type, points) => page.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    const box = await boardBox(page);
    const f = await frame.boundingBox();
    const mid = { x: f.x + f.width / 2, y: f.y + f.height / 2 };
    const link = page.url();
    const before = await scroll();
    // Two fingers drag up and left: the board follows them, so the frame scrolls right and down.
    await touch('touchStart', [[mid.x - 40, mid.y], [mid.x + 40, mid.y]]);
    for (let i = 1; i <= 5; i++) await touch('touchMove', [[mid.x - 40 - 20 * i, mid.y - 16 * i], [mid.x + 40 - 20 * i, mid.y - 16 * i]]);
    await touch('touchEnd', []);
    const after = await scroll();
    const most = await frame.evaluate((f) => ({ left: f.scrollWidth - f.clientWidth, top: f.scrollHeight - f.clientHeight }));
    const moved = { left: Math.min(before.left + 100, most.left), top: Math.min(before.top + 80, most.top) };
    assert.ok(
      Math.abs(after.left - moved.left) < 2 && Math.abs(after.top - moved.top) < 2,
      `panned from ${JSON.stringify(before)} to ${JSON.stringify(after)}, not by the fingers' (100, 80) to ${JSON.stringify(moved)}`,
    );
    assert.equal(page.url(), link, 'the pan moved no piece');
    assertFits(await phoneLayout(), 'panned');

    // A tap on a cell in view hits that cell, wherever the frame is scrolled to.
    const now = await boardBox(page);
    const cell = now.w / 32;
    const col = Math.floor((mid.x - now.x) / cell);
    const row = Math.floor((mid.y - now.y) / cell);
    await page.touchscreen.tap(now.x + (col + 0.5) * cell, now.y + (row + 0.5) * cell);
    assert.equal(await $('board').getAttribute('data-cursor'), `${row + 1},${col + 1}`, 'the tapped cell');
    assert.notDeepEqual(now, box, 'the board moved under the frame');

    // Spreading two fingers zooms in around them. (The tap asked where the cell's value came
    // from: its answer, in the sheet docked above the controls, is closed first, and the board found again.)
    await $('provenance-close').click();
    await settle();
    const g = await frame.boundingBox();
    const at = { x: g.x + g.width / 2, y: g.y + g.height / 2 };
    const zoom = await frame.getAttribute('data-zoom');
    await touch('touchStart', [[at.x - 30, at.y], [at.x + 30, at.y]]);
    for (let i = 1; i <= 4; i++) await touch('touchMove', [[at.x - 30 - 15 * i, at.y], [at.x + 30 + 15 * i, at.y]]);
    await touch('touchEnd', []);
    await settle();
    assert.ok(Number(await frame.getAttribute('data-zoom')) > Number(zoom), `pinch: zoom ${zoom} → ${await frame.getAttribute('data-zoom')}`);
    await $('zoom-fit').click();
    await settle();
    assert.equal((await scroll()).overflow, false, 'Fit shows the whole board again');
  });

  test('defect 9: a 32×32 chase on a phone shows distance as shades of each value, with a legend', async () => {
    await open(`${chaseLink(32)}&solve=1`, { viewport: PHONE, dpr: 3 });
    // The colour of every cell's tile, read a fifth of a cell in from its corner (clear of the glyph).
    const colours = await $('board').evaluate((canvas) => {
      const { data, width } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const k = canvas.width / 32;
      const seen = new Set();
      for (let cell = 0; cell < 32 * 32; cell++) {
        const [x, y] = [(cell % 32) * k + Math.floor(k / 5), Math.floor(cell / 32) * k + Math.floor(k / 5)];
        seen.add(data.slice(4 * (y * width + x), 4 * (y * width + x) + 4).join(','));
      }
      return seen.size;
    });
    assert.ok(colours >= 8, `shades of win and of loss: ${colours} colours of tiles`);
    const legend = $('shade-legend');
    assert.equal(await legend.isVisible(), true, 'the legend says what the shades mean');
    assert.match(await legend.textContent(), /fainter, the more moves left/);
    // Each value's bands, fewest moves left first, each named by its first number (this board:
    // one won tile, Black's capture next to White; the lost ones in five bands).
    const bands = async (value) => (await page.locator(`[data-testid=shade-legend] [data-value=${value}] .shade`).allTextContents()).map(Number);
    assert.deepEqual(await bands('win'), [1]);
    const lost = await bands('lose');
    assert.equal(lost.length, 5, `five bands of lost tiles: ${lost}`);
    assert.deepEqual(lost, lost.toSorted((a, b) => a - b), 'fewest moves left first');
    // A board with room for numbers shows them, not shades.
    await open(`${chaseLink(8)}&solve=1`, { viewport: PHONE, dpr: 3 });
    assert.equal(await legend.isVisible(), false);
  });

  test('touch: one finger draws a stroke; two fingers draw nothing', async () => {
    await open(riverLink(riverSquare(16)), { viewport: PHONE, dpr: 3 });
    await boardAtTop();
    const touch = (type, points) => page.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    const box = await boardBox(page);
    const cell = box.w / 16;
    const at = (row, col) => [box.x + (col + 0.5) * cell, box.y + (row + 0.5) * cell];
    const start = new URL(page.url()).searchParams.get('board');
    // Two fingers landing one after the other, then moving: a pan, not a stroke.
    await touch('touchStart', [at(5, 2)]);
    await touch('touchStart', [at(5, 2), at(8, 6)]);
    await touch('touchMove', [at(6, 3), at(9, 7)]);
    await touch('touchEnd', []);
    await settle();
    assert.equal(new URL(page.url()).searchParams.get('board'), start, 'two fingers leave the board as it was');
    // One finger from (5,2) to (5,6): obstacles on the five cells.
    await touch('touchStart', [at(5, 2)]);
    for (let col = 3; col <= 6; col++) await touch('touchMove', [at(5, col)]);
    await touch('touchEnd', []);
    // The link follows the stroke when the finger is lifted.
    await page.waitForFunction(() => new URL(location.href).searchParams.get('board').split('/')[5] !== '................');
    const rows = new URL(page.url()).searchParams.get('board').split('/');
    assert.equal(rows[5], '..#####.........', 'the stroke drew row 6, columns 3 to 7');
  });
});

/**
 * The board's cells that hold pixels of the red and black pieces' fill colours (`--red`,
 * `--black`), with how many of each: `[{cell, red, black}]`.
 */
async function pieceCensus(rows, cols) {
  const { dataUrl, colours } = await $('board').evaluate((canvas) => ({
    dataUrl: canvas.toDataURL('image/png'),
    colours: ['red', 'black'].map((name) => getComputedStyle(canvas).getPropertyValue(`--${name}`).trim()),
  }));
  const png = PNG.sync.read(Buffer.from(dataUrl.split(',')[1], 'base64'));
  const [red, black] = colours.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  const size = png.width / cols;
  const found = [];
  for (let cell = 0; cell < rows * cols; cell++) {
    const count = { cell, red: 0, black: 0 };
    for (let y = Math.floor(cell / cols) * size; y < (Math.floor(cell / cols) + 1) * size; y++) {
      for (let x = (cell % cols) * size; x < ((cell % cols) + 1) * size; x++) {
        const i = (y * png.width + x) * 4;
        const is = (colour) => colour.every((v, c) => png.data[i + c] === v);
        if (is(red)) count.red++;
        if (is(black)) count.black++;
      }
    }
    if (count.red || count.black) found.push(count);
  }
  return found;
}

describe('the replay keeps every piece in view', () => {
  test('sample 5: the capture shows both pieces, the capturer on top; the move before it leaves the black pawn visible', async () => {
    const sample5 = (await riverSamples())[4];
    await open(riverLink(sample5));
    const [rows, cols] = [sample5.length, sample5[0].length];
    const black = sample5.join('').indexOf('X');
    await settle();
    const blackAlone = (await pieceCensus(rows, cols)).find((c) => c.cell === black).black;
    assert.ok(blackAlone > 10, `the black pawn's fill: ${blackAlone} pixels`);
    await $('solve-now').click();
    await page.waitForSelector('[data-testid=verdict][data-result]');
    await $('replay-start').click();
    const moves = $('replay-move');
    const last = (await moves.count()) - 1;
    const census = () => pieceCensus(rows, cols);
    await moves.nth(last - 1).click();
    await settle();
    const before = await census();
    const pawn = before.filter((c) => c.black > 0);
    assert.equal(pawn.length, 1, `one move before the end, the black pawn shows: ${JSON.stringify(before)}`);
    assert.ok(pawn[0].black >= blackAlone * 0.6, `…mostly: ${pawn[0].black} of ${blackAlone} pixels of its fill`);
    await moves.nth(last).click();
    await settle();
    const end = await census();
    const shared = end.filter((c) => c.red > 0 && c.black > 0);
    assert.equal(shared.length, 1, `at the end, one cell shows both the red and the black piece: ${JSON.stringify(end)}`);
    assert.ok(shared[0].red > shared[0].black, `the capturing red piece is on top: ${JSON.stringify(shared[0])}`);
    assert.equal(end.filter((c) => c.red > 0).length, 2, 'both red pieces show');
  });

  test('play mode (a blind replay): the red piece Black can capture stays in view', async () => {
    const rows = ['#.#', 'O.O', '.X.'];
    await open(riverLink(rows));
    await settle();
    const redAlone = (await pieceCensus(3, 3)).find((c) => c.cell === 3).red;
    await $('solve-now').click();
    await page.waitForSelector('[data-testid=verdict][data-result]');
    await $('tool-play').click();
    await page.selectOption('[data-testid=play-as]', '1');
    // Red (the page) moves first; then Black can land on a red piece and win at once.
    await page.waitForFunction(() => document.querySelector('[data-testid=play-status]').dataset.state === 'yours');
    await settle();
    const reds = (await pieceCensus(3, 3)).filter((c) => c.red > 0);
    assert.equal(reds.length, 2, `both red pieces show: ${JSON.stringify(reds)}`);
    for (const red of reds) assert.ok(red.red >= redAlone * 0.9, `…whole: ${red.red} of ${redAlone} pixels of the fill in cell ${red.cell}`);
  });
});

describe('small boards use the space', () => {
  test('desktop 1280×800: a 10×10 tableau with digits 10 CSS px tall, all above the fold', async () => {
    await open(tableauLink(10, 10));
    const m = await measure();
    const cell = m.bitmap[0] / 10;
    const digit = 5 * inkSize(cell) * (m.css[0] / m.bitmap[0]);
    assert.ok(digit >= 10, `tableau 10×10 drawn ${m.css[0]} CSS px wide for ${m.bitmap[0]} art px, cells of ${cell}: weights ${digit} CSS px tall`);
    const bottom = await $('board').evaluate((c) => c.getBoundingClientRect().bottom);
    assert.ok(bottom <= DESKTOP.height, `the board ends at ${bottom}`);
  });

  test('desktop 1280×800: with "Contest text" open, a 4×5 board stays above the fold', async () => {
    await open(riverLink(['.....', '..O..', 'O....', '...X.']));
    const closed = await measure();
    await page.locator('.contest-text summary').click();
    await settle();
    await settle();
    const box = await $('board').evaluate((c) => c.getBoundingClientRect().toJSON());
    assert.ok(box.bottom <= DESKTOP.height, `the board ends at ${box.bottom}`);
    assert.ok(box.width >= 320, `and is still big: ${box.width} CSS px wide (closed: ${closed.css[0]})`);
  });
});

describe('screenshots (e2e/out/canvas-*.png)', () => {
  /**
   * Saves what the viewport shows, in CSS pixels, as `name`.png, and the whole page in device
   * pixels as `name`-page.png; in the dark theme `name`-dark.png and `name`-dark-page.png.
   */
  async function shots(name) {
    await mkdir(OUT, { recursive: true });
    await page.mouse.move(0, 0);
    // The verdict scrolls into view smoothly when an analysis ends: let that finish first.
    const scrolled = () => page.evaluate(() => scrollY);
    for (let y = await scrolled(), was = null; y !== was; was = y, y = await scrolled()) await page.waitForTimeout(300);
    // The page from the top if the board shows whole from there, else from just above the board
    // (a phone's controls stick to the screen's bottom and cover what is under them).
    await $('board-frame').evaluate((frame) => {
      const rect = frame.getBoundingClientRect();
      const controls = document.querySelector('[data-testid=controls]');
      const covered = getComputedStyle(controls).position === 'sticky' ? controls.offsetHeight : 0;
      scrollTo(0, rect.bottom + scrollY <= innerHeight - covered ? 0 : rect.top + scrollY - 8);
    });
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await settle();
      await page.waitForTimeout(100);
      const file = (suffix) => new URL(`${name}${scheme === 'dark' ? '-dark' : ''}${suffix}.png`, OUT).pathname;
      await page.screenshot({ path: file(''), scale: 'css' });
      await page.screenshot({ path: file('-page'), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /** A 16×16 river board with a long decided game (Red 79). */
  const river16 = [
    'O...............', '................', '....#######.....', '................', '..#.........#...', '..#..####...#...', '..#.........#...', '..#...O.....#...',
    '................', '.....##..##.....', '................', '...#........#...', '...#...##...#...', '................', '...####..####...', '.......X........',
  ];

  for (const [screen, viewport, dpr] of [['desktop', DESKTOP, 1], ['phone', PHONE, 3]]) {
    test(`${screen}: a solved 20×20 chase and a 16×16 river replay, light and dark`, async () => {
      await open(`${chaseLink(20)}&solve=1`, { viewport, dpr });
      assert.equal(await $('verdict').getAttribute('data-result'), 'BLACK 56');
      await shots(`canvas-chase20-${screen}`);
      await open(`${riverLink(river16)}&solve=1`, { viewport, dpr });
      assert.equal(await $('verdict').getAttribute('data-result'), 'Red 79');
      await $('replay-start').click();
      await $('replay-move').nth(40).click();
      await shots(`canvas-river16-replay-${screen}`);
    });
  }
});

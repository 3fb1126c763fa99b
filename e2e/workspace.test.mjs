// Browser tests of the workspace (issue 20: the layout half): the result of every action lands
// where the eye is — beside the board on a desktop, in a sheet above the control bar on a phone
// — and is neither off screen nor covered; Explain's strategy map and proof tree are readable;
// on a phone the control bar covers neither the board nor its zoom buttons, and the first
// visit's guide starts at the top of the page. "Not covered" is what the browser says:
// `document.elementFromPoint` at an element's centre and corners (2 px in) is the element or
// inside it. In Debian's headless Chromium; every test fails on any console error.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { OUT, cellCentre, pageSession, riverLink, riverSamples } from './helpers.mjs';

const DESKTOPS = [['1280×800', { width: 1280, height: 800 }], ['1366×768', { width: 1366, height: 768 }]];
const PHONE = { width: 390, height: 844 };

const session = pageSession();
let samples;

before(async () => {
  samples = await riverSamples();
});

/** Opens the page at `viewport` on a query string (the guide shown if `guide`) and waits for the solver. */
async function open(viewport, query, guide = false) {
  session.page ??= await openPage(session.browser.context, { guide });
  await session.page.setViewportSize(viewport);
  return session.open(query);
}

const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** Waits until nothing scrolls any more (the window and every scroll box), a few frames apart. */
async function still() {
  let before = null;
  for (let i = 0; i < 60; i++) {
    const now = await session.page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => done(JSON.stringify([scrollY, ...[...document.querySelectorAll('*')].map((e) => e.scrollTop)]))),
          ),
        ),
    );
    if (now === before) return;
    before = now;
    await session.page.waitForTimeout(60);
  }
  assert.fail('the page kept scrolling');
}

/**
 * Where the element `selector` shows: its box and the points of its centre and corners (2 px
 * in) at which the browser finds something else (another element, or nothing: off screen).
 */
const sight = (selector) =>
  session.page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [r.left + 2, r.bottom - 2],
      [r.right - 2, r.bottom - 2],
    ];
    const name = (e) => (e ? `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : e.className ? `.${String(e.className).split(' ')[0]}` : ''}` : 'nothing');
    const covered = points.flatMap(([x, y]) => {
      const at = document.elementFromPoint(x, y);
      return at && (at === el || el.contains(at)) ? [] : [`(${Math.round(x)}, ${Math.round(y)}) shows ${name(at)}`];
    });
    return { box: [r.left, r.top, r.right, r.bottom].map(Math.round), covered };
  });

/** Asserts that `selector` is on screen and uncovered (after the page stopped scrolling). */
async function assertSeen(selector, what) {
  await still();
  const { box, covered } = await sight(selector);
  assert.deepEqual(covered, [], `${what}: ${selector} at ${box} is off screen or covered`);
}

/** The share of the board (its canvas, as its frame clips it) inside the viewport. */
const boardInSight = () =>
  session.page.evaluate(() => {
    const canvas = document.querySelector('[data-testid=board]').getBoundingClientRect();
    const frame = document.querySelector('[data-testid=board-frame]').getBoundingClientRect();
    const left = Math.max(canvas.left, frame.left, 0);
    const right = Math.min(canvas.right, frame.right, innerWidth);
    const top = Math.max(canvas.top, frame.top, 0);
    const bottom = Math.min(canvas.bottom, frame.bottom, innerHeight);
    return (Math.max(0, right - left) * Math.max(0, bottom - top)) / (canvas.width * canvas.height);
  });

/** Taps the board's cell (row, col) from 0 as a person would: scrolled into sight first if it is not. */
async function tapCell(row, col) {
  // A tap asks where the cell's value came from once the tap switch says so.
  if (await $('tap-mode').isVisible()) await $('tap-inspect').check();
  await still();
  let at = await cellCentre(session.page, row, col);
  const hit = (p) => session.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.dataset.testid, p);
  if ((await hit(at)) !== 'board') {
    await $('board-frame').scrollIntoViewIfNeeded();
    await still();
    at = await cellCentre(session.page, row, col);
  }
  assert.equal(await hit(at), 'board', `the cell (${row + 1},${col + 1}) can be tapped`);
  await session.page.mouse.click(at.x, at.y);
}

describe('defect 1: every result on screen, uncovered, beside the board', () => {
  for (const [name, viewport] of [...DESKTOPS, ['390×844', PHONE]]) {
    const desktop = viewport !== PHONE;
    test(`${name}: a step's lit line of code, the verdict, a tapped cell's provenance, a histogram bar's example, Explain's proof`, async () => {
      await open(viewport, riverLink(samples[4]));
      const board = async (what) => {
        if (desktop) assert.ok((await boardInSight()) >= 0.5, `${what}: at least half of the board in sight (${(await boardInSight()).toFixed(2)})`);
      };

      for (let i = 0; i < 10 && !(await $('code-card').isVisible()); i++) await $('step').click();
      await assertSeen('[data-testid=code-line][data-current]', 'stepping');
      await board('stepping');

      await $('solve-now').click();
      await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
      await assertSeen('[data-testid=verdict]', 'solved');
      await board('solved');

      await tapCell(5, 4);
      await session.page.waitForSelector('[data-testid=provenance][data-how=won]');
      await assertSeen('[data-testid=provenance]', 'a tapped cell');
      await board('a tapped cell');

      const bars = await $('histogram').boundingBox();
      await $('histogram').click({ position: { x: 24, y: Math.min(30, bars.height / 3) } });
      await session.page.waitForSelector('[data-testid=frontier][data-kind=example]');
      await assertSeen('[data-testid=frontier-box]', 'a histogram bar');
      await board('a histogram bar');

      await $('explain').click();
      await $('proof-node').nth(1).waitFor();
      // The line of best play is long (a row per move): its title and first move are in sight.
      await assertSeen('[data-testid=proof-title]', 'Explain');
      await assertSeen('[data-testid=proof-node][data-step="1"]', 'Explain');
      await board('Explain');
    });
  }
});

describe('a tie on a phone', () => {
  test('390×844, sample 4 solved: the verdict in sight; the cycle that comes with it waits in the folded sheet, one tap away', async () => {
    await open(PHONE, riverLink(samples[3]));
    await $('solve-now').click();
    await session.page.waitForSelector('[data-testid=verdict][data-result=Tie]', { timeout: 30_000 });
    await session.page.waitForSelector('[data-testid=tie-cycle]:not([hidden])', { state: 'attached' });
    await assertSeen('[data-testid=verdict]', 'a tie solved');
    assert.equal(await $('sheet-toggle').getAttribute('aria-expanded'), 'false');
    await $('sheet-toggle').click();
    await assertSeen('[data-testid=tie-cycle]', 'the cycle unfolded');
  });
});

describe('defect 6: Explain’s strategy map and its line can be read', () => {
  test('1280×800, sample 5: the map at ≥ 24 px a cell with its key line clear of it, one "when decided?", the line’s words at ≥ 12 px', async () => {
    await open(DESKTOPS[0][1], `${riverLink(samples[4])}&solve=1`);
    await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
    await $('explain').click();
    await $('proof-node').nth(1).waitFor();
    // The map comes in a task after the tree's first frame.
    await $('proof-map').waitFor();
    const map = await $('proof-map').boundingBox();
    assert.ok(map.width / 9 >= 24 && map.height / 9 >= 24, `the map is ${map.width} × ${map.height} CSS px for 9 × 9 cells`);
    const keys = await $('tool-panel-explain').locator('.keys').boundingBox();
    const apart = keys.y >= map.y + map.height + 6 || keys.y + keys.height <= map.y - 6 || keys.x >= map.x + map.width + 6 || keys.x + keys.width <= map.x - 6;
    assert.ok(apart, `the key line (${keys.x}, ${keys.y}, ${keys.width} × ${keys.height}) keeps 6 px from the map (${map.x}, ${map.y}, ${map.width} × ${map.height})`);
    // Open rows: still one "when decided?", for the focused row.
    for (let i = 0; i < 3; i++) await session.page.locator('[data-testid=proof-node][aria-expanded=false] > .proof-row').first().click();
    assert.ok((await $('proof-node').count()) >= 4);
    assert.equal(await $('tool-panel-explain').locator('[data-testid=proof-when]').count(), 1, 'one "when decided?" in the proof view');
    // The rows are words, no thumbnails: read at the page's small size at least.
    assert.equal(await $('proof').locator('canvas').count(), 0);
    const sizes = await $('proof-node').locator(':scope > .proof-row .proof-fact').evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
    assert.ok(sizes.length >= 4 && sizes.every((px) => px >= 12), `facts at ${[...new Set(sizes)].join(', ')} px`);
  });

  for (const cell of [16, 24]) {
    test(`the map's arrows keep a pixel off the W / L letters and the numbers (${cell} art pixels a cell)`, async () => {
      await open(DESKTOPS[0][1], riverLink(samples[4]));
      const problems = await session.page.evaluate(async (S) => {
        const { drawMap } = await import('./www/board/thumbs.js');
        const { makeTheme } = await import('./www/board/pixels.js');
        const { loadEngine } = await import('./www/engine/engine.js');
        const river = (await import('./www/games/river.js')).default.withEngine(await loadEngine());
        const board = river.defaultBoard();
        const { cols } = board;
        // Every way a move goes (one and two cells), with one- to three-digit numbers, both letters.
        const ways = [[-1, 0], [1, 0], [0, -1], [0, 1], [-2, 0], [2, 0], [0, -2], [0, 2]];
        const labels = [['win', 75], ['lose', 129], ['win', 8], ['lose', 1], ['win', 12], ['lose', 99], ['win', 3], ['lose', 40]];
        const cells = Array(board.rows * cols).fill(null);
        const shown = ways.map(([dr, dc], i) => {
          const cell = (2 + 2 * (i % 3)) * cols + 2 + 2 * Math.floor(i / 3);
          const [value, remoteness] = labels[i];
          cells[cell] = { position: i, outcome: { value, remoteness }, best: { from: cell, to: cell + dr * cols + dc, child: 0 } };
          return cell;
        });
        const draw = (withArrows) => {
          const canvas = document.createElement('canvas');
          document.body.append(canvas);
          const map = { cells: cells.map((c) => c && (withArrows ? c : { ...c, best: null })), pieces: [] };
          drawMap(canvas, makeTheme(canvas), river, board, map, { cell: S });
          const art = canvas.width / cols;
          const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
          canvas.remove();
          return { art, width: canvas.width, data };
        };
        const plain = draw(false);
        const arrows = draw(true);
        const { art, width } = plain;
        const px = (image, x, y) => image.data.slice(4 * (y * width + x), 4 * (y * width + x) + 4).join(',');
        const out = [];
        for (const cell of shown) {
          const [x0, y0] = [(cell % cols) * art, Math.floor(cell / cols) * art];
          // The tile's colour: its bottom left corner, which neither the letter nor the number reaches.
          const fill = px(plain, x0 + 1, y0 + art - 2);
          const text = new Set();
          const arrow = [];
          for (let y = y0 + 1; y < y0 + art - 1; y++) {
            for (let x = x0 + 1; x < x0 + art - 1; x++) {
              if (px(plain, x, y) !== fill) text.add(`${x},${y}`);
              if (px(arrows, x, y) !== px(plain, x, y)) arrow.push([x, y]);
            }
          }
          if (arrow.length === 0) out.push(`cell ${cell}: no arrow drawn`);
          const touching = arrow.filter(([x, y]) => [-1, 0, 1].some((dx) => [-1, 0, 1].some((dy) => text.has(`${x + dx},${y + dy}`))));
          if (touching.length > 0) out.push(`cell ${cell} (${cells[cell].outcome.value} ${cells[cell].outcome.remoteness}): ${touching.length} arrow pixels on or next to its letters, e.g. ${touching[0]}`);
        }
        return { art, out };
      }, cell);
      assert.equal(problems.art, cell, `drawn at ${cell} art pixels a cell`);
      assert.deepEqual(problems.out, []);
    });
  }
});

describe('defect 7: on a phone the control bar covers nothing, and the guide starts at the top', () => {
  test('390×844, at load: the board’s last row and its zoom buttons are clear of the control bar, for boards of every game', async () => {
    const boards = [
      ['sample 5', riverLink(samples[4])],
      ['the default board', ''],
      ['river 10×10', riverLink(['OO........', ...Array(8).fill('..........'), '.........X'])],
      ['chase 8×8', '?game=chase&n=8&white=1,1&black=8,8'],
      ['chase 32×32', '?game=chase&n=32&white=1,1&black=32,32'],
      ['tableau 4×5', '?game=tableau&a=1,2,3,4,5;5,4,3,2,1;1,1,1,1,1;2,2,2,2,2&b=1,1,1,1,1;2,2,2,2,2;3,3,3,3,3;4,4,4,4,4'],
    ];
    for (const [name, query] of boards) {
      await open(PHONE, query || '?');
      await still();
      assert.equal(await session.page.evaluate(() => scrollY), 0, `${name}: the page opens at its top`);
      for (const id of ['zoom-out', 'zoom-fit', 'zoom-in']) await assertSeen(`[data-testid=${id}]`, `${name}: at load`);
      // The bottom row as the frame shows it (a big board pans inside its frame).
      const covered = await session.page.evaluate(() => {
        const canvas = document.querySelector('[data-testid=board]').getBoundingClientRect();
        const frame = document.querySelector('[data-testid=board-frame]').getBoundingClientRect();
        const y = Math.min(canvas.bottom, frame.bottom - 4) - 3;
        const [left, right] = [Math.max(canvas.left, frame.left + 4), Math.min(canvas.right, frame.right - 4)];
        return [0, 0.25, 0.5, 0.75, 1].flatMap((f) => {
          const x = left + 3 + f * (right - left - 6);
          return document.elementFromPoint(x, y)?.dataset.testid === 'board' ? [] : [`(${Math.round(x)}, ${Math.round(y)})`];
        });
      });
      assert.deepEqual(covered, [], `${name}: the board's last row is covered at these points`);
    }
  });

  test('390×844, a first visit: the title, game and rules are in sight, and the guide covers neither its control, the control bar nor the tool tabs', async () => {
    // A first visit comes to the page itself: a shared link opens on its board, without the guide.
    await open(PHONE, '', true);
    // A new person: nothing remembered (the guide unseen, no saved board from the tests before).
    await session.page.evaluate(() => localStorage.clear());
    // Not a reload: the address now mirrors the board on show, which reads as a shared link.
    await session.page.goto(`${session.browser.url}index.html`);
    await session.loaded();
    await $('guide').waitFor({ state: 'visible' });
    await still();
    for (const selector of ['h1', '[data-testid=game]', 'p.rule-line']) await assertSeen(selector, 'the guide’s first step');
    const rect = (selector) => session.page.locator(selector).evaluate((e) => e.getBoundingClientRect().toJSON());
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (let step = 1; ; step++) {
      await still();
      const guide = await rect('[data-testid=guide]');
      assert.ok(guide.top >= 0 && guide.bottom <= PHONE.height, `step ${step}: the guide at y ${guide.top}…${guide.bottom} is on screen`);
      for (const selector of ['.guide-anchor', '[data-testid=controls]', '[data-testid=tools]']) {
        assert.ok(!overlap(guide, await rect(selector)), `step ${step}: the guide covers ${selector}`);
      }
      if ((await $('guide-next').textContent()) === 'Done') break;
      await $('guide-next').click();
    }
  });
});

describe('screenshots (e2e/out/workspace-*.png)', () => {
  for (const [screen, viewport] of [['desktop', DESKTOPS[0][1]], ['phone', PHONE]]) {
    test(`${screen}: stepping, a tapped cell, the proof, the move table's place, the tools; light and dark`, async () => {
      await open(viewport, riverLink(samples[4]));
      /** Saves the screen as workspace-<screen>-<what>-<scheme>.png, in both themes. */
      const shots = async (what) => {
        await still();
        await session.page.mouse.move(0, 0);
        for (const scheme of ['light', 'dark']) {
          await session.page.emulateMedia({ colorScheme: scheme });
          await session.page.waitForTimeout(150);
          await session.page.screenshot({ path: new URL(`workspace-${screen}-${what}-${scheme}.png`, OUT).pathname });
        }
        await session.page.emulateMedia({ colorScheme: 'light' });
      };
      for (let i = 0; i < 10 && !(await $('code-card').isVisible()); i++) await $('step').click();
      await shots('step');
      await $('solve-now').click();
      await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
      await tapCell(5, 4);
      await session.page.waitForSelector('[data-testid=provenance][data-how=won]');
      await shots('cell');
      await $('provenance-close').click();
      await $('explain').click();
      await $('proof-node').nth(1).waitFor();
      await shots('proof');
      await $('tool-explain').click();
      // The move table is another branch's: its empty box is outlined here to show where it goes.
      await $('replay-start').click();
      await $('replay-next').click();
      await $('move-table-box').evaluate((box) => {
        box.hidden = false;
        box.textContent = 'The move table of the position on show goes here.';
        box.style.cssText = 'border: 2px dashed currentColor; padding: 24px 10px; font-size: 13px';
      });
      await $('move-table-box').scrollIntoViewIfNeeded();
      await shots('move-table');
      await $('move-table-box').evaluate((box) => {
        box.hidden = true;
        box.textContent = '';
        box.style.cssText = '';
      });
      await $('tool-batch').click();
      await shots('tools');
    });
  }
});

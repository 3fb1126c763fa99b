// Browser tests that the board and what the person is watching stay in sight together: after a
// solve (the verdict under the board), while best play replays (the move list scrolls inside
// itself, never the page), and through the first visit's guide (its bubble covers the board
// only on the step about what is above the board, where a phone has no room beside both, and
// the page is never left scrolled away from the board). On a phone the docked control bar
// counts as out of sight. In Debian's headless Chromium; every test fails on any console error.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { pageSession, riverLink, riverSamples } from './helpers.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const session = pageSession();
const $ = (id) => session.page.locator(`[data-testid=${id}]`);
let samples;

before(async () => {
  samples = await riverSamples();
});

/** The boxes of the board, the verdict, the guide's bubble, and the top of the docked bar (the window's bottom without one). */
const boxes = () =>
  session.page.evaluate(() => {
    const box = (id) => {
      const el = document.querySelector(`[data-testid=${id}]`);
      return el && !el.hidden ? el.getBoundingClientRect().toJSON() : null;
    };
    const dock = document.querySelector('[data-testid=dock]');
    const fixed = dock && getComputedStyle(dock).position === 'fixed';
    return { board: box('board'), verdict: box('verdict'), guide: box('guide'), floor: fixed ? dock.getBoundingClientRect().top : innerHeight, scrollY };
  });

/** Asserts the box `what` is wholly between the window's top and `floor`. */
function assertInSight(box, floor, what) {
  assert.ok(box, `${what} is shown`);
  assert.ok(box.top >= -1 && box.bottom <= floor + 1, `${what} at y ${Math.round(box.top)}…${Math.round(box.bottom)}, the window shows 0…${Math.round(floor)}`);
}

const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

/** Waits until the window stops scrolling (smooth scrolls included). */
async function still() {
  let last = null;
  for (let i = 0; i < 60; i++) {
    const now = await session.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY)))));
    if (now === last) return;
    last = now;
    await session.page.waitForTimeout(80);
  }
  assert.fail('the page kept scrolling');
}

describe('on a phone the board stays in sight with what the person watches', () => {
  test('after Solve instantly: the board and the verdict above the control bar, on boards of each game', async () => {
    const boards = [
      ['river sample 5', riverLink(samples[4])],
      ['river 10×10', riverLink(['OO........', ...Array(8).fill('..........'), '.........X'])],
      ['chase 8×8', '?game=chase&n=8&white=1,1&black=8,8'],
      ['chase 32×32', '?game=chase&n=32&white=1,1&black=32,32'],
      ['tableau 3×3', '?game=tableau&a=1,2,3;3,2,1;1,1,1&b=2,2,2;1,2,3;3,2,1'],
    ];
    session.page ??= await openPage(session.browser.context);
    await session.page.setViewportSize(PHONE);
    for (const [name, query] of boards) {
      await session.open(query);
      await $('solve-now').click();
      await session.page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'solved');
      await still();
      const { board, verdict, floor } = await boxes();
      assertInSight(verdict, floor, `${name}: the verdict`);
      assertInSight(board, floor, `${name}: the board`);
    }
  });

  test('while best play replays: the board stays in sight, and the move list follows the move inside itself', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.setViewportSize(PHONE);
    await session.open(riverLink(samples[4]));
    await $('solve-now').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'solved');
    await still();
    await $('play').click();
    for (let look = 0; look < 6; look++) {
      await session.page.waitForTimeout(400);
      const { board, floor } = await boxes();
      assertInSight(board, floor, `the board while replaying (look ${look})`);
    }
    // The list scrolled to the current move without the page: the move is inside the list's box.
    const inList = await $('replay-moves').evaluate((list) => {
      const current = list.querySelector('li.current');
      if (!current) return null;
      const [l, c] = [list.getBoundingClientRect(), current.getBoundingClientRect()];
      return c.top >= l.top - 1 && c.bottom <= l.bottom + 1;
    });
    assert.equal(inList, true, 'the current move shows inside the move list');
    assert.equal(await $('controls').getAttribute('data-phase'), 'replaying', 'still replaying: the looks were during the replay');
  });
});

describe('on a desktop the controls stay in sight', () => {
  test('1280×800, during Animate: the inspector brings the algorithm’s card into view under the controls, Pause and the steps stay clickable', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.setViewportSize(DESKTOP);
    await session.open(riverLink(samples[4]));
    await $('play').click();
    await session.page.waitForTimeout(1500);
    assert.equal(await $('controls').getAttribute('data-phase'), 'running');
    // What the browser finds at each control's centre is the control itself: nothing covers it, it is on screen.
    for (const id of ['play', 'step-line', 'step', 'step-layer', 'restart', 'solve-now']) {
      const hit = await $(id).evaluate((el) => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return el === at || el.contains(at);
      });
      assert.ok(hit, `${id} is in sight and clickable during Animate`);
    }
    const scrolled = await $('inspector').evaluate((el) => el.scrollTop);
    assert.ok(scrolled > 0, 'the inspector scrolled to the card (else the test shows nothing)');
    await $('play').click();
    assert.equal(await $('controls').getAttribute('data-phase'), 'paused', 'Pause pressed where it stands');
  });

  test('1280×800, during Animate: the page itself does not scroll; the inspector scrolled to the analysis shows the controls, the step, the counters and the histogram together, the board unmoved', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.setViewportSize(DESKTOP);
    await session.open(riverLink(samples[4]));
    await $('play').click();
    await session.page.waitForTimeout(1500);
    const page = () => session.page.evaluate(() => ({ height: document.documentElement.scrollHeight, window: innerHeight, scrollY }));
    const before = await page();
    assert.ok(before.height <= before.window + 1, `the page is ${before.height} px tall in a window of ${before.window}: it would scroll around the inspector`);
    const board = await $('board').boundingBox();
    // The person wheels down over the inspector until the step's text is just under the
    // controls (the cards above it grow and shrink as Animate runs: wheel again until it is).
    // What is seen is read in the same moment as that distance, so that a card changing
    // between a wheel and a look does not move the step away from where it was checked.
    const inspector = await $('inspector').boundingBox();
    await session.page.mouse.move(inspector.x + inspector.width / 2, 400);
    let seen;
    for (let turn = 0; turn < 12; turn++) {
      seen = await session.page.evaluate(() => {
        const box = (el) => el.getBoundingClientRect().toJSON();
        const $ = (id) => document.querySelector(`[data-testid=${id}]`);
        const rest = box($('timeline-box')).top - box($('controls')).bottom - 8;
        return { rest, controls: box($('controls')), step: box($('timeline-box')), counters: box($('counters')), histogram: box(document.querySelector('.histogram')), inspector: box($('inspector')) };
      });
      if (Math.abs(seen.rest) < 2) break;
      await session.page.mouse.wheel(0, seen.rest);
      await still();
      await session.page.waitForTimeout(100);
    }
    assert.ok(Math.abs(seen.rest) < 2, `the step's text came to just under the controls (${seen.rest} px off)`);
    const floor = Math.min(DESKTOP.height, seen.inspector.bottom);
    for (const what of ['controls', 'step', 'counters', 'histogram']) assertInSight(seen[what], floor, what);
    assert.ok(seen.controls.bottom <= seen.step.top, 'the step text is not under the pinned controls');
    assert.deepEqual(await $('board').boundingBox(), board, 'the board did not move');
    assert.equal((await page()).scrollY, 0, 'the page did not scroll');
    assert.equal(await $('controls').getAttribute('data-phase'), 'running', 'seen while Animate runs');
  });
});

describe('the first visit’s guide keeps the board in sight', () => {
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    test(`${name}: no step but the first covers the board; the first only where there is no room beside it; Done leaves the board in sight`, async () => {
      await session.firstVisit(viewport);
      for (let step = 1; ; step++) {
        await still();
        const { board, guide, floor } = await boxes();
        assertInSight(guide, floor, `step ${step}: the guide`);
        if (step > 1 || name === 'desktop') assert.ok(!overlap(guide, board), `step ${step}: the guide covers the board`);
        if (step > 1) assertInSight(board, floor, `step ${step}: the board`);
        if ((await $('guide-next').textContent()) === 'Done') break;
        await $('guide-next').click();
      }
      await $('guide-next').click();
      await still();
      const { board, floor } = await boxes();
      assert.equal(await $('guide').isVisible(), false);
      assertInSight(board, floor, 'after Done: the board');
    });
  }
});

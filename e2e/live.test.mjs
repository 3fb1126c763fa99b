// Browser tests of live solving, the speed slider's unit and the Board menu on a first visit
// (issue 20): a board whose analysis is small is solved as soon as it is shown — on a first
// visit, and at each cell a stroke of the pointer passes over, before the pointer is released
// (a dragged piece slides along, the verdict following) — while a 16×16 board waits for
// Solve; on a board solved live, Animate and Step start the analysis again from the empty
// table. Every notch of the speed slider reads in one unit, and the animation keeps to it. In
// Debian's headless Chromium (`./build.sh test`); every test fails on any console error or
// uncaught exception.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { before, describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { cellCentre, pageSession, riverLink, riverSamples } from './helpers.mjs';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
let samples;

before(async () => {
  samples = await riverSamples();
});

const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const phase = () => $('controls').getAttribute('data-phase');
const settled = (want) => session.page.waitForFunction((p) => document.querySelector('[data-testid=controls]').dataset.phase === p, want);
/** The verdict's contest answer once it is `want` (within 10 s). */
const verdictIs = (want) =>
  session.page.waitForFunction((w) => document.querySelector('[data-testid=verdict]').dataset.result === w, want, { timeout: 10_000 });

/** What the command line (built by ./build.sh) answers for the river board `rows`. */
function riverAnswer(rows) {
  const input = `0 1\n${rows.length} ${rows[0].length}\n${rows.join('\n')}\n`;
  return execFileSync(new URL('../target/release/retrolab', import.meta.url).pathname, ['river'], { input, encoding: 'utf8' }).trim();
}

/** Pixels of the board canvas in the heatmap's win or loss colour (the theme's `--win`, `--lose`): its tiles. */
const heatPixels = () =>
  $('board').evaluate((canvas) => {
    const rgb = (name) => {
      const hex = getComputedStyle(canvas).getPropertyValue(`--${name}`).trim();
      return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(',');
    };
    const tiles = new Set([rgb('win'), rgb('lose')]);
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (tiles.has(`${data[i]},${data[i + 1]},${data[i + 2]}`)) n++;
    return n;
  });

/** Sets the speed slider to notch `index`, as a person's drag of it reports. */
const setSpeed = (index) =>
  session.page.evaluate((n) => {
    const slider = document.querySelector('[data-testid=speed]');
    slider.value = String(n);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }, index);

/** A first visit: nothing saved (the storage cleared from outside the page), the first-visit guide seen. */
async function firstVisit() {
  session.page = await openPage(session.browser.context);
  const devtools = await session.browser.context.newCDPSession(session.page);
  await devtools.send('Storage.clearDataForOrigin', { origin: new URL(session.browser.url).origin, storageTypes: 'local_storage' });
  await session.page.addInitScript(() => localStorage.setItem('retrolab.guide', 'seen'));
  await session.open('');
}

describe('live solving', () => {
  test('a first visit shows the default board solved: verdict and heatmap, no button pressed', async () => {
    await firstVisit();
    await verdictIs(riverAnswer(samples[4]));
    assert.equal(await phase(), 'solved');
    assert.ok((await heatPixels()) > 0, 'the heatmap is drawn');
    assert.match(await $('play').textContent(), /Animate/, 'solved live, unwatched: the main button animates it');
  });

  test('a stroke is solved at each cell it passes over, before the pointer is released; the URL once, at its end', async () => {
    await session.open(riverLink(samples[4]));
    await verdictIs(riverAnswer(samples[4]));
    const start = samples[4];
    // Sample 5's black piece leaves its corridor (row 8, 0-based 7) at its right end: walls
    // drawn there from the right, a cell at a time, shorten red's win each time. The press is
    // on a heatmap cell (a tap, until the pointer moves on: then it draws that cell and the next).
    const drawn = (cols) => start.map((row, r) => (r === 7 ? [...row].map((ch, c) => (cols.includes(c) ? '#' : ch)).join('') : row));
    const boards = [[8, 7], [8, 7, 6], [8, 7, 6, 5]].map(drawn);
    const answers = boards.map(riverAnswer);
    assert.equal(new Set([riverAnswer(start), ...answers]).size, 4, `each cell changes the verdict: ${answers}`);
    const urlBefore = session.page.url();
    const at = async (col) => cellCentre(session.page, 7, col);
    const press = await at(8);
    await session.page.mouse.move(press.x, press.y);
    await session.page.mouse.down();
    // The pointer is still down at every check.
    for (const [i, col] of [7, 6, 5].entries()) {
      const p = await at(col);
      await session.page.mouse.move(p.x, p.y, { steps: 3 });
      await verdictIs(answers[i]);
      assert.equal(await phase(), 'solved');
    }
    assert.ok((await heatPixels()) > 0, 'the heatmap follows the drawing');
    assert.equal(session.page.url(), urlBefore, 'the address is written once, when the stroke ends');
    await session.page.mouse.up();
    await session.page.waitForFunction((want) => new URL(location.href).searchParams.get('board') === want, boards[2].join('/'));
  });

  test('a dragged piece slides along the free cells under the pointer, the verdict following; a refused drop puts it back', async () => {
    await firstVisit(); // sample 5, nothing to undo
    await verdictIs(riverAnswer(samples[4]));
    assert.equal(await $('undo').isDisabled(), true);
    // Sample 5's black piece, on row 8 (0-based 7) column 3 (2), dragged right along its corridor.
    const at = (col) => samples[4].map((row, r) => (r === 7 ? [...row].map((ch, c) => (c === col ? 'X' : ch === 'X' ? '.' : ch)).join('') : row));
    const answers = [3, 4, 5].map((col) => riverAnswer(at(col)));
    assert.notEqual(answers[0], answers[1], `each cell changes the verdict: ${answers}`);
    const urlBefore = session.page.url();
    const press = await cellCentre(session.page, 7, 2);
    await session.page.mouse.move(press.x, press.y);
    await session.page.mouse.down();
    for (const [i, col] of [3, 4, 5].entries()) {
      const p = await cellCentre(session.page, 7, col);
      await session.page.mouse.move(p.x, p.y, { steps: 3 });
      await verdictIs(answers[i]);
    }
    assert.equal(session.page.url(), urlBefore, 'the address is written when the piece is dropped');
    await session.page.mouse.up();
    await session.page.waitForFunction((want) => new URL(location.href).searchParams.get('board') === want, at(5).join('/'));
    await $('undo').click();
    await session.page.waitForFunction((want) => new URL(location.href).searchParams.get('board') === want, samples[4].join('/'));
    assert.equal(await $('undo').isDisabled(), true, 'the drag was one undo step');
    // Dropped on the red piece below-left (row 9, column 2: 0-based (8, 1)) after sliding: refused, back where it was.
    const red = await cellCentre(session.page, 8, 1);
    const free = await cellCentre(session.page, 7, 3);
    await session.page.mouse.move(press.x, press.y);
    await session.page.mouse.down();
    await session.page.mouse.move(free.x, free.y, { steps: 3 });
    await verdictIs(answers[0]);
    await session.page.mouse.move(red.x, red.y, { steps: 3 });
    await session.page.mouse.up();
    await $('message').waitFor();
    assert.match(await $('message').textContent(), /cannot go on \(9,2\)/);
    await verdictIs(riverAnswer(samples[4]));
    assert.equal(new URL(session.page.url()).searchParams.get('board'), samples[4].join('/'), 'the board is as it was');
    assert.equal(await $('undo').isDisabled(), true, 'a refused drop leaves no undo step');
  });

  test('a 16×16 board is not solved live: it waits for Solve', async () => {
    const rows = Array.from({ length: 16 }, (_, r) => (r === 15 ? `O.O..X${'.'.repeat(10)}` : '.'.repeat(16)));
    await session.open(riverLink(rows));
    // Give live solving every chance: a few frames, then a second.
    await session.page.waitForTimeout(1000);
    assert.equal(await phase(), 'editing');
    assert.equal(await $('verdict').getAttribute('data-result'), null);
    assert.match(await $('play').textContent(), /Animate/);
  });

  test('on a board solved live, Animate runs the analysis from the empty table in one click; Step steps it from the start', async () => {
    await session.open(riverLink(samples[4]));
    await verdictIs(riverAnswer(samples[4]));
    const total = Number(await $('total').getAttribute('data-value'));
    assert.equal(Number(await $('decided').getAttribute('data-value')), total, 'solved: every position decided');
    // Slow, so that the animation is caught under way.
    await setSpeed(4);
    await $('play').click();
    await settled('running');
    const decided = Number(await $('decided').getAttribute('data-value'));
    assert.ok(decided < total, `the analysis starts again: ${decided} of ${total} decided`);
    assert.equal(await $('verdict').getAttribute('data-result'), null, 'no verdict until the analysis gets there');
    await $('solve-now').click();
    await settled('solved');
    assert.match(await $('play').textContent(), /Replay/, 'watched: the main button replays best play');
    // Step from a solved board: the scan, as the first Step of a fresh analysis.
    await $('step').click();
    await settled('paused');
    assert.ok(Number(await $('decided').getAttribute('data-value')) < total, 'stepped from the start');
    assert.equal(await $('timeline').inputValue(), '1', 'the timeline at its first step, the scan');
  });
});

describe('the Board menu', () => {
  test('on a first visit it names the board on show, the default one (defect 8)', async () => {
    await firstVisit();
    const menuSays = () => $('preset').evaluate((select) => select.selectedOptions[0].textContent);
    assert.equal(await menuSays(), 'Sample 5');
    // A link to a sample names it too; a board of no menu entry does not.
    await session.open(riverLink(samples[1]));
    assert.equal(await menuSays(), 'Sample 2');
    await session.open(riverLink(['O..', '...', '.OX']));
    assert.equal(await menuSays(), 'Load a board…');
  });
});

describe('the speed slider', () => {
  test('every notch reads in one unit, positions a second, the last as fast as it goes; the animation keeps to it', async () => {
    await session.open(riverLink(samples[4]));
    const max = Number(await $('speed').getAttribute('max'));
    const readings = [];
    for (let notch = 0; notch <= max; notch++) {
      await setSpeed(notch);
      readings.push(await $('speed-value').textContent());
    }
    const rates = readings.map((reading, notch) => {
      const match = /^(\d+) of (\d+): (?:([\d,]+) positions? a second|as fast as it goes)$/.exec(reading);
      assert.ok(match, `notch ${notch}: "${reading}"`);
      assert.equal(Number(match[1]), notch + 1);
      assert.equal(Number(match[2]), max + 1);
      return match[3] === undefined ? Infinity : Number(match[3].replaceAll(',', ''));
    });
    assert.equal(rates.indexOf(Infinity), max, 'only the last notch is "as fast as it goes"');
    for (let i = 1; i < rates.length; i++) assert.ok(rates[i] > rates[i - 1], `faster notch by notch: ${readings[i - 1]} → ${readings[i]}`);
    // Honest: at 200 positions a second the "per second" counter measures about that, in the same unit.
    await setSpeed(rates.indexOf(200));
    await $('play').click();
    await settled('running');
    await session.page.waitForTimeout(3000);
    const rate = await $('rate').textContent();
    const measured = /^([\d,]+) positions$/.exec(rate);
    assert.ok(measured, `"per second" counts positions: "${rate}"`);
    const value = Number(measured[1].replaceAll(',', ''));
    assert.ok(value >= 150 && value <= 250, `200 positions a second asked, ${value} measured`);
    await $('play').click();
  });
});

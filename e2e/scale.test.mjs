// Browser tests of issue 14 in the page: the two orders of one analysis (tier by tier, one
// queue by remoteness) and the switch between them, and river boards up to 24×24. In Debian's
// headless Chromium (`./build.sh test`); every test fails on any console error or uncaught
// exception. Speed is measured by `./build.sh bench`, not here.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { pageSession, riverBoards, riverLink, riverSamples } from './helpers.mjs';

const session = pageSession();
/** Opens the page on a query string and waits until the solver is loaded. */
const open = (query) => session.open(query);

const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const phase = () => $('controls').getAttribute('data-phase');
const settled = (want) => session.page.waitForFunction((p) => document.querySelector('[data-testid=controls]').dataset.phase === p, want);
const field = (name) => $('order-field').getAttribute(`data-${name}`);

/** Chooses an order with the switch. */
const choose = (order) => $('order').selectOption(order);

/** Solve instantly, to the verdict; its contest answer. */
async function solve() {
  await $('solve-now').click();
  await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
  return $('verdict').getAttribute('data-result');
}

/**
 * What the page drew on the board (heatmap) and the histogram, at rest: their canvases'
 * bitmaps once every frame the page had asked for has run (two animation frames later) and the
 * board's last frame showed no cell flashing (the canvas's `data-flashing`: just-decided cells
 * flash for 600 ms, and a loaded machine draws the frame that ends it later). The bitmaps, not
 * screenshots: where the canvases sit moves with the progress line above them, which wraps or
 * not as the time it reports (longer in one order, or on a loaded machine) has more digits.
 */
async function drawn() {
  await session.page.mouse.move(0, 0);
  const flashing = () =>
    session.page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(document.querySelector('[data-testid=board]').hasAttribute('data-flashing'))))),
    );
  while (await flashing()) await session.page.waitForTimeout(100);
  return session.page.evaluate(() => ['board', 'histogram'].map((id) => /** @type {HTMLCanvasElement} */ (document.querySelector(`[data-testid=${id}]`)).toDataURL()));
}

/** An n×n river board: rows of `.`, with the cells of `walls` ([row, col]) obstacles, red on (0, 0) and the middle, black in the bottom row. */
function square(n, walls = []) {
  const rows = Array.from({ length: n }, () => Array(n).fill('.'));
  for (const [r, c] of walls) rows[r][c] = '#';
  rows[0][0] = 'O';
  rows[n >> 1][n >> 1] = 'O';
  rows[n - 1][(n >> 1) - 1] = 'X';
  return rows.map((row) => row.join(''));
}

/** A 24×24 board with a wall in every other row, open at alternate ends: a long way up for black. */
function maze24() {
  const walls = [];
  for (let r = 1; r < 23; r += 2) {
    for (let c = 0; c < 24; c++) if (c !== (r % 4 === 1 ? 23 : 0)) walls.push([r, c]);
  }
  return square(24, walls);
}

/** The first board of a benchmark input, as rows. */
async function benchBoard(name) {
  return riverBoards(await readFile(new URL(`../benches/data/${name}`, import.meta.url), 'utf8'))[0];
}

/** The command line's answer for a board (build.sh test builds it before the browser tests). */
function cliAnswer(rows) {
  const cli = new URL('../target/release/retrolab', import.meta.url).pathname;
  const input = `0 1\n${rows.length} ${rows[0].length}\n${rows.join('\n')}\n`;
  return execFileSync(cli, ['river'], { input, encoding: 'utf8' }).trim();
}

describe('two orders of one analysis', () => {
  test('both orders give the same verdict, heatmap and histogram, on boards of every size class', async () => {
    const boards = [...(await riverSamples()), await benchBoard('river-tie-10x10.in'), square(16), maze24()];
    for (const rows of boards) {
      const size = `${rows.length}×${rows[0].length}`;
      await open(riverLink(rows));
      await choose('tiers');
      const tiers = await solve();
      assert.equal(await field('tiers'), String(rows.length), `${size}: tier by tier, one tier per row`);
      const tiersDrawn = await drawn();
      await choose('global');
      await settled('ready'); // the solved analysis starts again in the other order
      const global = await solve();
      assert.equal(await field('tiers'), '1', `${size}: one queue`);
      assert.equal(global, tiers, `${size}: verdict`);
      assert.equal(global, cliAnswer(rows), `${size}: the command line's answer`);
      const globalDrawn = await drawn();
      assert.ok(globalDrawn[0] === tiersDrawn[0], `${size}: the board (heatmap) is drawn alike, pixel for pixel`);
      assert.ok(globalDrawn[1] === tiersDrawn[1], `${size}: the histogram is drawn alike, pixel for pixel`);
    }
    await choose('tiers');
  });

  test('tier by tier, the heatmap fills row by row and the panel names the row; one queue decides all over', async () => {
    const rows = await benchBoard('river-tie-10x10.in');
    await open(riverLink(rows));
    await choose('tiers');
    await $('step').click();
    await settled('paused');
    let seen = new Set();
    // The phase, the tier, the heatmap's rows and the progress line, read at once after each step.
    const now = () =>
      session.page.evaluate(() => {
        const { dataset } = document.querySelector('[data-testid=order-field]');
        return {
          phase: document.querySelector('[data-testid=controls]').dataset.phase,
          tier: Number(dataset.tier),
          heat: dataset.heatRows,
          progress: document.querySelector('[data-testid=progress-text]').textContent,
        };
      });
    for (let i = 0, at = await now(); i < 400 && at.phase !== 'solved'; i++, at = await now()) {
      const { tier, heat, progress } = at;
      seen.add(tier);
      assert.match(heat.slice(0, tier), /^[d-]*$/, `rows above row ${tier + 1} are decided: ${heat}`);
      assert.match(heat.slice(tier + 1), /^[u-]*$/, `rows below row ${tier + 1} are not started: ${heat}`);
      if (tier < 9) assert.match(progress, new RegExp(`^Black’s row ${tier + 1} of 10 · `));
      await $('step-layer').click();
      await session.page.waitForFunction(() => ['paused', 'solved'].includes(document.querySelector('[data-testid=controls]').dataset.phase));
    }
    assert.equal(await phase(), 'solved');
    assert.equal(seen.size, 10, `every row had its turn: ${[...seen]}`);
    assert.equal(await field('heat-rows'), 'dddddddddd');

    await choose('global');
    await $('step').click();
    await settled('paused');
    for (let i = 0; i < 3; i++) {
      await $('step-layer').click();
      await settled('paused');
    }
    assert.equal(await field('tiers'), '1');
    const heat = await field('heat-rows');
    assert.ok([...heat].filter((row) => row === 'm').length >= 2, `one queue decides in many rows at once: ${heat}`);
    assert.doesNotMatch(await $('progress-text').textContent(), /row/);
    await choose('tiers');
  });

  test('the switch works while editing, while the analysis runs and once solved, and is remembered', async () => {
    const samples = await riverSamples();
    // A 12×12 board, not solved live (5.9 MB of records), so that it waits for Solve; then 10×12 (3.4 MB).
    await open(riverLink(square(12)));
    assert.equal(await $('order').inputValue(), 'tiers', 'tier by tier by default');
    await choose('global');
    assert.equal(await phase(), 'editing', 'while editing, it says what the next analysis does');
    await $('rows').fill('10');
    await $('rows').dispatchEvent('change');
    assert.equal(await $('order').inputValue(), 'global', 'an edit keeps the choice');
    const answer = await solve();
    assert.equal(await field('tiers'), '1');

    await $('restart').click();
    await settled('ready');
    await $('play').click();
    await settled('running');
    await choose('tiers');
    await settled('ready'); // a running analysis starts again in the new order
    assert.equal(await field('tiers'), '10');
    assert.equal(await solve(), answer);

    await choose('global');
    await settled('ready'); // a solved one too
    assert.equal(await solve(), answer);

    await open(riverLink(samples[4]));
    assert.equal(await $('order').inputValue(), 'global', 'remembered');
    await choose('tiers');
    await open('?game=chase&n=4&white=1,1&black=4,4');
    assert.equal(await $('order-field').isVisible(), false, 'chase has no tiers: no switch');
  });
});

describe('24×24 boards', () => {
  test('the editor takes 24 rows and columns and no more; a larger board in a link is refused before anything is analysed', async () => {
    await open(riverLink(square(6)));
    assert.equal(await $('rows').getAttribute('max'), '24');
    assert.equal(await $('cols').getAttribute('max'), '24');
    for (const [id, value] of [['rows', '24'], ['cols', '24']]) {
      await $(id).fill(value);
      await $(id).dispatchEvent('change');
    }
    assert.equal(await $('contest-text').inputValue().then((text) => text.split('\n').slice(0, 2).join('\n')), '0 1\n24 24', 'the engine’s contest input: header, then the size line');
    await $('rows').fill('25');
    await $('rows').dispatchEvent('change');
    assert.equal(await $('rows').inputValue(), '24', 'clamped');

    await open(`${riverLink(square(24).map((row) => `${row}.`))}&solve=1`);
    assert.match(await $('message').textContent(), /showing the default board/);
    // The default board is solved live; the refused link's `solve=1` is not obeyed (it would
    // make the solve one asked for, whose main button replays).
    await session.page.waitForSelector('[data-testid=verdict][data-result]');
    assert.match(await $('play').textContent(), /Animate/, 'nothing asked for is solved');
  });

  test('an open 24×24 board: solved as the command line answers, in at most 512 MB of wasm memory; heatmap and replay', async () => {
    const rows = square(24);
    await open(riverLink(rows));
    assert.equal(await $('order').inputValue(), 'tiers');
    const answer = cliAnswer(rows);
    assert.match(answer, /^Red \d+$/, 'the board is a red win');
    assert.equal(await solve(), answer);
    assert.equal(await field('heat-rows'), 'd'.repeat(24), 'every cell of the heatmap is decided');
    // 174 million positions: nine digits and two separators fit their counters, whole.
    const counters = await session.page.locator('[data-testid=counters] dd').evaluateAll((dds) => dds.map((dd) => ({ text: dd.textContent, clipped: dd.scrollWidth > dd.clientWidth })));
    assert.ok(counters.some((c) => c.text.length >= 11), `a counter of 11 characters: ${JSON.stringify(counters)}`);
    assert.deepEqual(counters.filter((c) => c.clipped), [], 'no counter is cut off');
    const memory = await session.page.evaluate(async () => (await (await import('/www/pkg/retrolab.js')).default()).memory.buffer.byteLength);
    assert.ok(memory <= 512 << 20, `wasm memory ${(memory / 2 ** 20).toFixed(0)} MB`);
    const moves = Number(answer.split(' ')[1]);
    await $('replay-next').click();
    await $('replay-next').click();
    await settled('replaying');
    assert.equal(await $('verdict').textContent(), `Red wins in ${moves - 2} more moves`);
    assert.equal(await $('replay-move').count(), moves, 'the replay lists the optimal line');
  });
});

// Browser tests of issue 22's "the user's work is never lost": the saved board survives a link
// that names no readable board (unreadable, a batch link, a game alone) and the notice offers it
// back; a link over 64 KiB is refused before anything reads it; the boards drawn lately and the
// undo steps survive a reload; stored values that cannot be read are ignored without a word.
// Screenshots of the notice and of the Recent menu go to e2e/out/saved-*.png.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { CASES, OUT, cellCentre, pageSession, riverLink } from './helpers.mjs';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });

const open = (query) => session.open(query);
const reload = async () => {
  await session.page.reload();
  await session.loaded();
};
const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const stored = (key) => session.page.evaluate((k) => localStorage.getItem(k), key);
const store = (key, value) => session.page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
const param = (name) => new URL(session.page.url()).searchParams.get(name);
const boardIs = (rows) => session.page.waitForFunction((want) => new URL(location.href).searchParams.get('board') === want, rows);
/** The rows of the board on show, from the contest text field (the engine’s contest input: the rows follow the last `r c`). */
const shownRows = async () => {
  const lines = (await $('contest-text').inputValue()).trimEnd().split('\n');
  return lines.slice(lines.findLastIndex((line) => /^\d+ \d+$/.test(line)) + 1).join('/');
};
const click = async (row, col) => {
  const { x, y } = await cellCentre(session.page, row, col);
  await session.page.mouse.click(x, y);
};

/**
 * Opens `query` with nothing stored but the guide's "seen" (the tests of a file share their
 * browser's storage): cleared from outside, not on a page of the app, which could still be saving.
 */
async function fresh(query) {
  session.page = await openPage(session.browser.context);
  const devtools = await session.browser.context.newCDPSession(session.page);
  await devtools.send('Storage.clearDataForOrigin', { origin: new URL(session.browser.url).origin, storageTypes: 'local_storage' });
  await open(query);
}

/** The issue's own board, as its link writes it and as the page saves it. */
const MINE = '?game=river&board=O..%23/.%23../..O./X...';
const MINE_ROWS = 'O..#/.#../..O./X...';
const savedBoard = async () => new URLSearchParams(await stored('retrolab.link')).get('board');

/** Starts on MINE, saved; every test of the first group starts so. */
async function startMine() {
  await open(MINE);
  await boardIs(MINE_ROWS);
  assert.equal(await savedBoard(), MINE_ROWS);
}

/** Clicks the notice's "Back to your saved board" and waits until the page shows it. */
async function goBackToSaved() {
  assert.equal(await $('saved-back').textContent(), 'Back to your saved board');
  await $('saved-back').click();
  await session.loaded();
  await boardIs(MINE_ROWS);
  assert.equal(await $('message').isVisible(), false, 'no notice on the saved board');
}

describe('the saved board survives links that name no board of the person’s', () => {
  test('an unreadable link: the notice says so and offers the saved board, which stays saved; reloading shows the notice again', async () => {
    await startMine();
    await open('?game=river&board=%3Cimg%20src%3Dx%3E');
    assert.equal(await savedBoard(), MINE_ROWS, 'retrolab.link still holds the person’s board');
    assert.match(await $('message').textContent(), /^The link’s board could not be read \(.*\); showing the default board\. Your saved board is kept\. Back to your saved board$/);
    assert.equal(param('board'), '<img src=x>', 'the address is left as it came');
    await session.page.locator('[data-testid=solve-now]').click();
    await session.page.waitForSelector('[data-testid=verdict][data-result]');
    assert.equal(await savedBoard(), MINE_ROWS, 'solving the default board does not keep it either');
    await reload();
    assert.match(await $('message').textContent(), /could not be read/);
    assert.equal(await savedBoard(), MINE_ROWS);
    await goBackToSaved();
    assert.equal(await savedBoard(), MINE_ROWS);
  });

  test('a batch link: the batch view solves its input; the saved board stays and is offered', async () => {
    await startMine();
    const sample = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    await open(`?game=river&input=${encodeURIComponent(sample)}`);
    await session.page.waitForSelector('[data-testid=batch-status][data-state=done]');
    assert.equal(await savedBoard(), MINE_ROWS);
    assert.match(await $('message').textContent(), /^This link opens a contest input in the batch view, with River pawn’s default board in the editor\. Your saved board is kept\./);
    assert.equal(param('input'), sample, 'the link stays, so a reload opens the batch view again');
    await goBackToSaved();
  });

  test('a game alone: its default board; the saved board stays and is offered', async () => {
    await startMine();
    await open('?game=chase');
    assert.equal(await $('rows').inputValue(), '8');
    assert.equal(await savedBoard(), MINE_ROWS);
    assert.match(await $('message').textContent(), /^This link shows Chase’s default board\. Your saved board is kept\./);
    await goBackToSaved();
  });

  test('the first edit of a board a link showed is kept, as a new history entry: Back returns to the link', async () => {
    await startMine();
    await open('?game=river&board=%3Cimg%3E');
    const length = await session.page.evaluate(() => history.length);
    await click(0, 0);
    await session.page.waitForFunction(() => new URL(location.href).searchParams.has('game') && !location.search.includes('img'));
    assert.equal(await session.page.evaluate(() => history.length), length + 1);
    assert.equal(await savedBoard(), param('board'), 'the edited board is saved');
    assert.equal(await $('message').isVisible(), false, 'an edit clears the notice');
    // Undo goes back to the default board, then to the person's saved board.
    await $('undo').click();
    await $('undo').click();
    await boardIs(MINE_ROWS);
    await session.page.goBack();
    await session.page.waitForFunction(() => location.search.includes('img'));
    assert.match(await $('message').textContent(), /could not be read/);
    assert.equal(await savedBoard(), MINE_ROWS, 'Back to the link does not keep its board');
  });
});

/**
 * A contest input for the batch view of some 2 MB once url-encoded (the browser takes addresses of
 * up to 2 MiB): the river samples over and over, 29,500 boards, as a link carries it.
 */
async function bigInput() {
  const [, ...boards] = (await readFile(new URL('river/sample1.in', CASES), 'utf8')).trimEnd().split('\n');
  const times = 5_900;
  return encodeURIComponent(`0 ${5 * times}\n${`${boards.join('\n')}\n`.repeat(times)}`);
}

/**
 * From the next document on, keeps the durations of the page's long tasks (over 50 ms) in
 * `window.longTasks`: what the test reports of a load, not asserts (the machine is shared).
 */
const watchLongTasks = () =>
  session.page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
  });

describe('link parameters over 64 KiB', () => {
  // After a `#`, so that the browser does not send them to the server (which refuses request
  // lines of megabytes); the page reads the search and the fragment together (url.js readParams).
  // Each link also asks for `explain=1`, which the Explain tool would act on once a board is
  // solved, had it read the link.
  for (const [name, tail] of [
    ['a 2 MB batch input', async () => `&explain=1#&input=${await bigInput()}`],
    ['a board of 2 million characters', async () => `&explain=1&board=#${'.'.repeat(2_000_000)}`],
  ]) {
    test(`${name} is refused unread; the saved board is shown and stays`, async () => {
      const link = `?game=river${await tail()}`;
      assert.ok(link.length > 2_000_000, `${link.length} characters`);
      await startMine();
      await watchLongTasks();
      const began = Date.now();
      await open(link);
      const ms = Date.now() - began;
      const tasks = await session.page.evaluate(() => window.longTasks);
      console.log(`${name}: loaded in ${ms} ms; the longest task took ${Math.max(0, ...tasks)} ms (long tasks: ${tasks.join(', ') || 'none'})`);
      assert.equal(await savedBoard(), MINE_ROWS);
      assert.equal(await $('tool-panel-batch').isVisible(), false, 'the batch view did not open on it');
      assert.match(await $('message').textContent(), /^This link is too long to read \([\d,]+ characters; the page reads links of up to 65,536\); showing your saved board\.$/);
      assert.equal(await shownRows(), MINE_ROWS, 'the saved board, not the link’s');
      assert.ok(session.page.url().length > 2_000_000, 'the address is left as it came');
      // The first edit is kept, and is a new entry of the history.
      await click(0, 1);
      await boardIs('O#.#/.#../..O./X...');
      assert.equal(await savedBoard(), 'O#.#/.#../..O./X...');
      // Solved, the board is not explained: no tool read the link's `explain=1` either.
      await $('solve-now').click();
      await session.page.waitForSelector('[data-testid=verdict][data-result]');
      await $('explain').waitFor();
      assert.notEqual(await $('tool-explain').getAttribute('aria-selected'), 'true', 'Explain is not open');
    });
  }
});

describe('recent boards and undo survive a reload', () => {
  test('the boards drawn lately, per game, in the Recent menu; choosing one loads it', async () => {
    await fresh(riverLink(['....', '.O..', '..X.', 'O...']));
    assert.equal(await $('recent').isVisible(), false, 'nothing drawn yet');
    await click(0, 0);
    await click(0, 1);
    await boardIs('##../.O../..X./O...');
    await $('preset').selectOption({ label: 'Sample 2' });
    await boardIs('#.#/O.O/.X.');
    await click(0, 1);
    await boardIs('###/O.O/.X.');
    await $('game').selectOption('chase');
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'chase');
    assert.equal(await $('recent').isVisible(), false, 'nothing drawn on chase');
    await $('game').selectOption('river');
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'river');
    const river = param('board');
    await reload();
    const labels = await $('recent').locator('option').allTextContents();
    assert.equal(labels.length, 3, 'the prompt and two boards: one per piece of work, not per stroke');
    assert.match(labels[0], /^2 boards…$/);
    assert.match(labels[1], /^3×3 · \d\d:\d\d$/, 'newest first');
    assert.match(labels[2], /^4×4 · \d\d:\d\d$/);
    await $('recent').selectOption({ index: 2 });
    await boardIs('##../.O../..X./O...');
    assert.equal(await $('recent').inputValue(), '', 'the menu shows its prompt again');
    await $('undo').click();
    await boardIs(river);
  });

  test('undo and redo go on after a reload', async () => {
    await fresh(riverLink(['....', '.O..', '..X.', 'O...']));
    await click(0, 0);
    await click(0, 3);
    await boardIs('#..#/.O../..X./O...');
    await $('undo').click();
    await boardIs('#.../.O../..X./O...');
    await reload();
    await boardIs('#.../.O../..X./O...');
    assert.equal(await $('undo').isEnabled(), true);
    assert.equal(await $('redo').isEnabled(), true);
    await $('redo').click();
    await boardIs('#..#/.O../..X./O...');
    await $('undo').click();
    await $('undo').click();
    await boardIs('..../.O../..X./O...');
    // A link to another board: undo returns to the saved one.
    await open(riverLink(['O.O', '...', '.X.']));
    await $('undo').click();
    await boardIs('..../.O../..X./O...');
  });

  test('stored values that cannot be read are ignored without a word', async () => {
    await fresh(riverLink(['....', '.O..', '..X.', 'O...']));
    await click(0, 0);
    await boardIs('#.../.O../..X./O...');
    const at = '?game=river&board=%23.../.O../..X./O...';
    const corrupt = [
      '{', '[]', 'null', '7', '"x"', '{"at":1}', JSON.stringify({ at, past: 'x', future: [] }),
      JSON.stringify({ at, past: [null], future: [] }), JSON.stringify({ at, past: ['?game=river&board=ZZ'], future: [] }),
      JSON.stringify({ at, past: ['?game=nope'], future: [] }), JSON.stringify({ at, past: [{ toString: 1 }], future: [] }),
      JSON.stringify({ at, past: ['x'.repeat(70_000)], future: [] }), `{"at":${JSON.stringify(at)},"past":[${'"?game=chase",'.repeat(80_000)}""]}`,
      JSON.stringify({ at: '?game=river&board=O..', past: [at], future: [] }), `{"__proto__":{"at":${JSON.stringify(at)}},"past":[],"future":[]}`,
    ];
    for (const value of corrupt) {
      await store('retrolab.undo', value);
      await store('retrolab.recent', value);
      await reload();
      await boardIs('#.../.O../..X./O...');
      assert.equal(await $('undo').isDisabled(), true, `undo: ${value.slice(0, 60)}`);
      assert.equal(await $('recent').isVisible(), false, `recent: ${value.slice(0, 60)}`);
      assert.equal(await $('message').isVisible(), false, `no message: ${value.slice(0, 60)}`);
    }
    for (const value of [
      JSON.stringify([{ link: at }, { link: '?game=river&board=ZZ', at: 1 }, { link: 3, at: 1 }, null, 'x', { link: '?game=nope', at: 1 }]),
      JSON.stringify([{ link: '?game=river&board=O.O/.X./.O.', at: 'yesterday' }]),
    ]) {
      await store('retrolab.recent', value);
      await reload();
      assert.equal(await $('recent').isVisible(), false, `recent: ${value}`);
    }
    // A good entry next to bad ones is kept.
    await store('retrolab.recent', JSON.stringify([null, { link: '?game=river&board=O.O/.X./.O.', at: Date.now() }, { link: '?game=river&board=ZZ', at: 1 }]));
    await reload();
    assert.deepEqual((await $('recent').locator('option').allTextContents()).length, 2);
  });
});

describe('screenshots (e2e/out/saved-*.png)', () => {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    test(`${name}: the notice with its way back, and the Recent menu, light and dark`, async () => {
      await open(riverLink(['....', '.O..', '..X.', 'O...']));
      await session.page.setViewportSize(viewport);
      await click(0, 0);
      await $('preset').selectOption({ label: 'Sample 2' });
      await click(0, 1);
      await boardIs('###/O.O/.X.');
      await open('?game=river&board=%3Cimg%20src%3Dx%3E');
      await session.page.mouse.move(0, 0);
      const shoot = async (file) => {
        await session.page.screenshot({ path: new URL(`${file}.png`, OUT).pathname });
        await session.page.emulateMedia({ colorScheme: 'dark' });
        await session.page.waitForTimeout(250);
        await session.page.screenshot({ path: new URL(`${file}-dark.png`, OUT).pathname });
        await session.page.emulateMedia({ colorScheme: 'light' });
        await session.page.waitForTimeout(100);
      };
      await $('message').scrollIntoViewIfNeeded();
      await shoot(`saved-notice-${name}`);
      await $('recent').scrollIntoViewIfNeeded();
      await $('recent').focus();
      await shoot(`saved-recent-${name}`);
    });
  }
});

// Browser tests of the page as a newcomer meets it (issue 11, everything but the canvas): the
// board's keys after an analysis, the rows/columns inputs, links without a board, contest
// text with many boards, the saved speed, the default speed, undo/redo and browser history,
// the verdict near the board, Play's label, a layout that does not jump, keyboard access to
// the histogram, the replay chart and the move list, the rules, and the first-visit guide.
// In Debian's headless Chromium (`./build.sh test`); every test fails on any console error or
// uncaught exception. Screenshots go to e2e/out/.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { CASES, OUT, cellCentre, closeChecked, pageSession, riverLink, riverSamples } from './helpers.mjs';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
let samples;

before(async () => {
  samples = await riverSamples();
});

/** Opens the page on a query string (the first visit's guide dismissed unless `{ guide: true }`) and waits for the solver. */
const open = (query, options) => session.open(query, options);

const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const phase = () => $('controls').getAttribute('data-phase');
const settled = (want) => session.page.waitForFunction((p) => document.querySelector('[data-testid=controls]').dataset.phase === p, want);
const param = (name) => new URL(session.page.url()).searchParams.get(name);
const boardIs = (rows) => session.page.waitForFunction((want) => new URL(location.href).searchParams.get('board') === want, rows);
const resultOf = async () => {
  await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
  return $('verdict').getAttribute('data-result');
};
const screenshot = (name) => session.page.screenshot({ path: new URL(name, OUT).pathname });

/** Types `text` into a number field (select all first) and presses `key`. */
async function typeInto(id, text, key = 'Enter') {
  await $(id).focus();
  await session.page.keyboard.press('Control+A');
  await session.page.keyboard.press('Delete');
  if (text !== '') await session.page.keyboard.type(text);
  await session.page.keyboard.press(key);
}

/** What the command line (built by ./build.sh) answers for the river board `rows`. */
function riverAnswer(rows) {
  const input = `0 1\n${rows.length} ${rows[0].length}\n${rows.join('\n')}\n`;
  return execFileSync(new URL('../target/release/retrolab', import.meta.url).pathname, ['river'], { input, encoding: 'utf8' }).trim();
}

/** A 4-row river board with a free top row (12 cells, pieces below). */
const SMALL = ['....', '.O..', '..X.', 'O...'];

describe('live solving', () => {
  test('a small board is solved as soon as it is shown, and every edit at once, the heatmap and verdict following', async () => {
    await open(riverLink(SMALL));
    /** A stroke of the pointer from cell `a` to cell `b` (row, column from 0). */
    const stroke = async ([r1, c1], [r2, c2]) => {
      const [from, to] = [await cellCentre(session.page, r1, c1), await cellCentre(session.page, r2, c2)];
      await session.page.mouse.move(from.x, from.y);
      await session.page.mouse.down();
      await session.page.mouse.move(to.x, to.y, { steps: 6 });
      await session.page.mouse.up();
    };
    assert.equal(await resultOf(), riverAnswer(SMALL), 'solved with no button pressed');
    // Each stroke draws or erases obstacles (on a board solved live a tap draws too): solved
    // again at once, with no button pressed.
    const strokes = [
      [[0, 0], [0, 0], ['#...', '.O..', '..X.', 'O...']],
      [[0, 1], [0, 3], ['####', '.O..', '..X.', 'O...']],
      [[0, 0], [0, 3], ['....', '.O..', '..X.', 'O...']],
      [[1, 2], [1, 3], ['....', '.O##', '..X.', 'O...']],
    ];
    for (const [a, b, rows] of strokes) {
      await stroke(a, b);
      await boardIs(rows.join('/'));
      await settled('solved');
      assert.equal(await resultOf(), riverAnswer(rows), `${rows.join('/')}: the verdict of the board as drawn`);
    }
  });
});

describe('defect 3: the board’s keys after an analysis', () => {
  test('solved with Enter, the focused board still edits (solved again at once: live); its label says what the keys do', async () => {
    await open(riverLink(['#.#', 'O.O', '.X.']));
    await $('board').focus();
    await session.page.keyboard.press('Enter');
    assert.equal(await resultOf(), 'Black 2');
    assert.match(await $('board').getAttribute('aria-label'), /Space/);
    await session.page.keyboard.press('ArrowRight'); // cursor (1,2)
    await session.page.keyboard.press('Space');
    await boardIs('###/O.O/.X.');
    // Live solving: a board solved in a few milliseconds is solved again at once after an edit.
    await settled('solved');
    assert.equal(await resultOf(), 'Black 2', 'retrolab river says Black 2 for ###/O.O/.X.');
    // A piece key moves the nearest piece onto a free cell and keeps the table (as a drag does).
    await session.page.keyboard.press('ArrowDown');
    await session.page.keyboard.press('ArrowDown'); // (3,2)
    await session.page.keyboard.press('ArrowLeft'); // (3,1)
    await session.page.keyboard.press('x');
    await boardIs('###/O.O/X..');
    assert.equal(await resultOf(), 'Red 1');
    await session.page.keyboard.press('Delete');
    assert.match(await $('message').textContent(), /black piece/);
    assert.equal(await phase(), 'editing');
  });

  test('in the replay the focused board plays the move onto the cursor (Enter); its label says so', async () => {
    await open(`${riverLink(samples[4])}&solve=1`);
    await resultOf();
    await $('replay-start').click();
    assert.equal(await phase(), 'replaying');
    const label = await $('board').getAttribute('aria-label');
    assert.match(label, /replay/i);
    assert.doesNotMatch(label, /obstacle/i, 'no promise of editing keys in the replay');
    await $('board').focus();
    // The red piece at (5,3) (0-based (4,2)) may step up to (4,3): cursor there, Enter.
    for (let i = 0; i < 3; i++) await session.page.keyboard.press('ArrowDown');
    for (let i = 0; i < 2; i++) await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('Enter');
    assert.match(await $('replay-status').textContent(), /^Move 1 of/);
    assert.equal(await phase(), 'replaying');
  });

  test('global shortcuts stay global off the board', async () => {
    await open(`${riverLink(['#.#', 'O.O', '.X.'])}&solve=1`);
    await resultOf();
    await session.page.locator('header h1').click();
    await session.page.keyboard.press('ArrowRight');
    assert.match(await $('replay-status').textContent(), /^Move 1 of 2/);
    await session.page.keyboard.press('Escape');
    assert.equal(await phase(), 'solved');
  });
});

describe('defect 4: rows and columns', () => {
  test('empty or non-numeric text leaves the board alone, with a message by the field', async () => {
    await open(riverLink(SMALL));
    for (const text of ['', 'e', '-']) {
      await typeInto('rows', text);
      assert.equal(param('board'), SMALL.join('/'), `rows "${text}" leaves the board alone`);
      assert.equal(await $('size-note').isVisible(), true, `rows "${text}": a message`);
      assert.match(await $('size-note').textContent(), /Rows.*whole number.*2.*24/);
    }
    await typeInto('cols', '', 'Tab');
    assert.equal(param('board'), SMALL.join('/'));
    assert.match(await $('size-note').textContent(), /Columns/);
    await typeInto('cols', '5');
    await boardIs('...../.O.../..X../O....');
    assert.equal(await $('size-note').isVisible(), false, 'a good value clears the message');
    assert.equal(await $('rows').inputValue(), '4', 'the field shows the board again');
  });

  test('out-of-range values show the clamp', async () => {
    await open(riverLink(Array.from({ length: 24 }, (_, r) => (r === 0 ? 'O'.padEnd(24, '.') : r === 1 ? '.O'.padEnd(24, '.') : r === 23 ? 'X'.padEnd(24, '.') : '.'.repeat(24)))));
    await typeInto('rows', '25');
    assert.equal(await $('rows').inputValue(), '24');
    assert.match(await $('size-note').textContent(), /at most 24/);
    await typeInto('rows', '0');
    assert.equal(await $('rows').inputValue(), '2');
    await typeInto('rows', '-3');
    assert.equal(await $('rows').inputValue(), '2');
    await open('?game=tableau&a=1&b=2');
    await typeInto('rows', '12');
    assert.equal(await $('rows').inputValue(), '12');
    await typeInto('rows', '13');
    assert.equal(await $('rows').inputValue(), '12');
  });
});

describe('defect 7: links without a board', () => {
  test('unknown parameters are ignored and the saved board is used; a corrupt saved board is not called the link’s', async () => {
    await open(riverLink(['O..', '.#X', '.O.']));
    for (const query of ['?utm_source=x', '?foo=bar', '#x']) {
      await open(query);
      assert.equal(param('board'), 'O../.#X/.O.', `${query}: the saved board`);
      assert.equal(await $('message').isVisible(), false, `${query}: no message`);
    }
    await open('?solve=1');
    assert.equal(param('board'), 'O../.#X/.O.');
    assert.equal(await resultOf(), 'Black 2', '?solve=1 solves the saved board');
    assert.equal(await $('message').isVisible(), false);
    await open('?game=chase');
    assert.equal(await $('rows').inputValue(), '8', 'a game without a board: its default board');
    assert.match(await $('message').textContent(), /Chase’s default board\. Your saved board is kept\./, 'the saved board is offered (issue 22)');
    // A link that names a board and gets it wrong still says so.
    await open('?game=river&board=O.Z');
    assert.match(await $('message').textContent(), /link’s board could not be read/);
    // A corrupt saved board.
    await session.page.evaluate(() => localStorage.setItem('retrolab.link', '?game=river&board=ZZ/ZZ'));
    await open('?utm_source=y');
    const words = await $('message').textContent();
    assert.match(words, /saved/);
    assert.doesNotMatch(words, /link/);
    assert.equal(param('board'), samples[4].join('/'), 'the default board');
  });
});

describe('defect 8: contest text', () => {
  test('the real sample1.in loads its first board and offers the others', async () => {
    const input = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    await open(riverLink(SMALL));
    await session.page.locator('.contest-text summary').click();
    await $('contest-text').fill(input);
    await $('use-text').click();
    await boardIs(samples[0].join('/'));
    assert.equal(await $('message').isVisible(), false);
    assert.equal(await $('chooser').isVisible(), true);
    assert.equal(await $('chooser-status').textContent(), 'Board 1 of 5');
    assert.equal(await $('chooser-prev').isDisabled(), true);
    for (let i = 1; i < 5; i++) {
      await $('chooser-next').click();
      await boardIs(samples[i].join('/'));
      assert.equal(await $('chooser-status').textContent(), `Board ${i + 1} of 5`);
    }
    assert.equal(await $('chooser-next').isDisabled(), true);
    assert.equal(await resultOf(), 'Red 75', 'solved live');
    await $('chooser-prev').click();
    await boardIs(samples[3].join('/'));
  });

  test('the size line is checked against the rows', async () => {
    await open(riverLink(SMALL));
    await session.page.locator('.contest-text summary').click();
    await $('contest-text').fill('5 5\nO.O\n.X.');
    await $('use-text').click();
    assert.match(await $('message').textContent(), /line 2: row 1 of board 1 has 3 cells, expected m = 5/);
    assert.equal(param('board'), SMALL.join('/'), 'the board is kept');
    await $('contest-text').fill('0 2\n3 3\n#.#\nO.O\n.X.');
    await $('use-text').click();
    assert.match(await $('message').textContent(), /line 6: expected the size line `n m` of board 2/);
  });

  test('chase takes any of its lines, and offers each of many', async () => {
    const lines = (await readFile(new URL('chase/cases.in', CASES), 'utf8')).trim().split('\n').slice(0, 3);
    await open('?game=chase&n=2&white=1,1&black=2,2');
    await session.page.locator('.contest-text summary').click();
    await $('contest-text').fill(lines.join('\n'));
    await $('use-text').click();
    const at = (line) => {
      const [n, r1, c1, r2, c2] = line.trim().split(/\s+/);
      return { n, white: `${r1},${c1}`, black: `${r2},${c2}` };
    };
    const shown = () => ({ n: param('n'), white: param('white'), black: param('black') });
    await session.page.waitForFunction((n) => new URL(location.href).searchParams.get('n') === n, at(lines[0]).n);
    assert.deepEqual(shown(), at(lines[0]));
    assert.equal(await $('chooser-status').textContent(), 'Board 1 of 3');
    await $('chooser-next').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=chooser-status]').textContent === 'Board 2 of 3');
    assert.deepEqual(shown(), at(lines[1]));
  });
});

describe('defect 9 and the default speed', () => {
  test('an empty saved speed starts at the default speed', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.addInitScript(() => localStorage.setItem('retrolab.speed', ''));
    await open(riverLink(SMALL));
    const empty = await $('speed').inputValue();
    await session.page.close();
    session.page = await openPage(session.browser.context);
    await session.page.addInitScript(() => localStorage.removeItem('retrolab.speed'));
    await open(riverLink(SMALL));
    assert.equal(empty, await $('speed').inputValue());
    assert.notEqual(empty, '0');
  });

  test('at the default speed the default board’s analysis is alive at once and ends within a minute; one unit', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.addInitScript(() => localStorage.removeItem('retrolab.speed'));
    await open(riverLink(samples[4]));
    const label = await $('speed-value').textContent();
    const match = /^\d+ of \d+: ([\d,]+) positions a second$/.exec(label);
    assert.ok(match, `the default speed is in positions a second: "${label}"`);
    const perSecond = Number(match[1].replaceAll(',', ''));
    await $('play').click();
    // Alive: within a few seconds the analysis is several remoteness layers out.
    await session.page.waitForFunction(() => Number(document.querySelector('[data-testid=layer]').textContent) >= 3, null, { timeout: 8000 });
    const rate = await $('rate').textContent();
    assert.match(rate, /positions$/, `"per second" counts what the slider counts: "${rate}"`);
    await $('solve-now').click();
    await resultOf();
    // Its positions (each taken from the queue once at most) at the default rate: a minute at most.
    const total = Number(await $('total').getAttribute('data-value'));
    assert.ok(total / perSecond <= 60, `${total} positions at ${perSecond} / s`);
    // The position notches say positions, both on the slider and in the measured rate.
    await session.page.evaluate(() => {
      const slider = document.querySelector('[data-testid=speed]');
      slider.value = '4';
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.equal(await $('speed-value').textContent(), '5 of 17: 20 positions a second');
  });
});

describe('undo, redo and browser history', () => {
  test('a stroke is one undo step; Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y and the buttons', async () => {
    // Nothing saved: a link to another board than the saved one can be undone (issue 22). The
    // storage is cleared from outside, not on a page of the app, which could still be saving.
    session.page = await openPage(session.browser.context);
    const devtools = await session.browser.context.newCDPSession(session.page);
    await devtools.send('Storage.clearDataForOrigin', { origin: new URL(session.browser.url).origin, storageTypes: 'local_storage' });
    await open(riverLink(SMALL));
    assert.equal(await $('undo').isDisabled(), true);
    const a = await cellCentre(session.page, 0, 0);
    const b = await cellCentre(session.page, 0, 3);
    await session.page.mouse.move(a.x, a.y);
    await session.page.mouse.down();
    await session.page.mouse.move(b.x, b.y, { steps: 6 });
    await session.page.mouse.up();
    await boardIs('####/.O../..X./O...');
    const c = await cellCentre(session.page, 1, 3);
    await session.page.mouse.click(c.x, c.y);
    await boardIs('####/.O.#/..X./O...');
    await session.page.locator('header h1').click();
    await session.page.keyboard.press('Control+z');
    await boardIs('####/.O../..X./O...');
    await session.page.keyboard.press('Control+z');
    await boardIs(SMALL.join('/'));
    assert.equal(await $('undo').isDisabled(), true, 'nothing more to undo');
    await session.page.keyboard.press('Control+Shift+z');
    await boardIs('####/.O../..X./O...');
    await session.page.keyboard.press('Control+y');
    await boardIs('####/.O.#/..X./O...');
    assert.equal(await $('redo').isDisabled(), true);
    await $('undo').click();
    await boardIs('####/.O../..X./O...');
    await $('redo').click();
    await boardIs('####/.O.#/..X./O...');
    // Undo goes back across a change of game.
    await $('game').selectOption('chase');
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'chase');
    await $('undo').click();
    await boardIs('####/.O.#/..X./O...');
  });

  test('deliberate changes are history entries, drawn cells are not; Back restores the board', async () => {
    await open(riverLink(SMALL));
    const length = () => session.page.evaluate(() => history.length);
    const start = await length();
    const c = await cellCentre(session.page, 0, 1);
    await session.page.mouse.click(c.x, c.y);
    await boardIs('.#../.O../..X./O...');
    assert.equal(await length(), start, 'a drawn cell replaces the entry');
    await $('preset').selectOption({ label: 'Sample 2' });
    await boardIs('#.#/O.O/.X.');
    assert.equal(await length(), start + 1, 'a preset is a new entry');
    await typeInto('cols', '4');
    await boardIs('#.#./O.O./.X..');
    assert.equal(await length(), start + 2);
    await session.page.goBack();
    await boardIs('#.#/O.O/.X.');
    await session.page.goBack();
    await boardIs('.#../.O../..X./O...');
    assert.equal(new URL(session.page.url()).pathname, '/index.html', 'Back stayed in the app');
    await session.page.goForward();
    await boardIs('#.#/O.O/.X.');
  });
});

describe('the verdict, Play, messages', () => {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    test(`${name}: the verdict is in view when an analysis ends, not under the controls`, async () => {
      session.page = await openPage(session.browser.context);
      await session.page.setViewportSize(viewport);
      await open(riverLink(samples[4]));
      await $('solve-now').click();
      await resultOf();
      await session.page.waitForTimeout(400); // a smooth scroll settles
      const box = await $('verdict').boundingBox();
      const bar = await $('controls').boundingBox();
      const board = await $('board').boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `verdict at y ${box.y}..${box.y + box.height} of ${viewport.height}`);
      assert.ok(box.x < board.x + board.width && box.x + box.width > board.x, 'in the board’s column');
      assert.ok(box.y - (board.y + board.height) < 120, `just under the board (${box.y} vs ${board.y + board.height})`);
      if (name === 'phone') assert.ok(box.y + box.height <= bar.y || box.y >= bar.y + bar.height, 'not under the sticky bar');
      await session.page.mouse.move(0, 0);
      await screenshot(`flow-verdict-${name}.png`);
    });
  }

  test('Play says what it does: Animate, then Replay once solved', async () => {
    await open(riverLink(['#.#', 'O.O', '.X.']));
    assert.match(await $('play').textContent(), /Animate/);
    await $('solve-now').click();
    await resultOf();
    assert.match(await $('play').textContent(), /Replay/);
  });

  test('an error message does not move the controls or the board', async () => {
    await open(riverLink(SMALL));
    const before = [await $('play').boundingBox(), await $('board').boundingBox()];
    await $('board').focus();
    await session.page.keyboard.press('ArrowDown'); // (2,1): a red piece
    await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('Delete');
    assert.equal(await $('message').isVisible(), true);
    const after = [await $('play').boundingBox(), await $('board').boundingBox()];
    assert.equal(after[0].y, before[0].y, 'Play stays put');
    assert.equal(after[1].y, before[1].y, 'the board stays put');
  });
});

describe('keyboard access', () => {
  test('the histogram, the replay chart and the move list are reachable and usable by keyboard', async () => {
    await open(`${riverLink(samples[4])}&solve=1`);
    await resultOf();
    await $('replay-start').click();
    // Each is one tab stop.
    const tabIndex = (id) => session.page.locator(`[data-testid=${id}]`).first().evaluate((el) => el.tabIndex);
    assert.equal(await tabIndex('histogram'), 0);
    assert.equal(await tabIndex('replay-chart'), 0);
    assert.equal(await session.page.locator('[data-testid=replay-move][tabindex="0"]').count(), 1, 'one tab stop in the move list');
    // Histogram: arrows pick bars and show an example.
    await $('histogram').focus();
    await session.page.keyboard.press('ArrowRight');
    assert.equal(await $('frontier').getAttribute('data-kind'), 'example');
    const first = await $('frontier-title').textContent();
    await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('ArrowDown');
    assert.notEqual(await $('frontier-title').textContent(), first);
    assert.match(await $('histogram').getAttribute('aria-label'), /remoteness \d+/i);
    // Chart: arrows walk the line.
    await $('replay-chart').focus();
    await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('ArrowRight');
    assert.match(await $('replay-status').textContent(), /^Move 2 of 75/);
    await session.page.keyboard.press('End');
    assert.match(await $('replay-status').textContent(), /^Move 75 of 75/);
    await session.page.keyboard.press('Home');
    assert.match(await $('replay-status').textContent(), /^Move 0 of 75/);
    // Move list: arrows move the focus, Enter goes there.
    await session.page.locator('[data-testid=replay-move][tabindex="0"]').focus();
    for (let i = 0; i < 4; i++) await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('Enter');
    assert.match(await $('replay-status').textContent(), /^Move 5 of 75/);
    const focused = await session.page.evaluate(() => document.activeElement.dataset.index);
    assert.equal(focused, '4');
  });
});

describe('rules and the first-visit guide', () => {
  test('a one-line rule under the game selector; the full rules from docs/RULES.md one click away', async () => {
    await open(riverLink(SMALL));
    assert.match(await $('rule-line').textContent(), /Red.*black pawn/i);
    await $('rules-open').click();
    await session.page.waitForFunction(() => /Legal moves/.test(document.querySelector('[data-testid=rules-body]')?.textContent ?? ''));
    assert.equal(await $('rules-dialog').isVisible(), true);
    assert.ok((await session.page.locator('[data-testid=rules-body] li').count()) >= 2, 'lists are rendered');
    assert.equal(await session.page.locator('[data-testid=rules-body] pre').count() >= 1, true, 'the sample is a code block');
    assert.doesNotMatch(await $('rules-body').textContent(), /\*\*/, 'no raw Markdown');
    await session.page.keyboard.press('Escape');
    assert.equal(await $('rules-dialog').isVisible(), false);
    await $('game').selectOption('chase');
    assert.match(await $('rule-line').textContent(), /White/);
    await $('rules-open').click();
    // The heading is the section's, naming the game and its contest (not its id).
    await session.page.waitForFunction(() => document.querySelector('[data-testid=rules-title]').textContent === 'Chase — 棋盘游戏');
    assert.doesNotMatch(await $('rules-body').textContent(), /River pawn/);
  });

  test('the rules say so when docs/RULES.md cannot be fetched', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.route('**/docs/RULES.md', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await open(riverLink(SMALL));
    await $('rules-open').click();
    await session.page.waitForFunction(() => /could not be loaded/.test(document.querySelector('[data-testid=rules-dialog]').textContent));
    assert.match(await $('rules-dialog').textContent(), /Red/, 'the short rules are still there');
    session.page.problems = session.page.problems.filter((problem) => !/404 \(Not Found\)/.test(problem));
  });

  test('the guide shows on the first visit, walks five steps, is remembered, and reopens from ?', async () => {
    await open(riverLink(SMALL), { guide: true });
    await session.page.evaluate(() => localStorage.removeItem('retrolab.guide'));
    // The page itself (a shared link opens on its board, without the guide).
    await session.page.goto(`${session.browser.url}index.html`);
    await session.loaded();
    const guide = $('guide');
    await guide.waitFor({ state: 'visible' });
    const steps = [];
    for (;;) {
      steps.push(await $('guide-step').textContent());
      if ((await $('guide-next').textContent()) === 'Done') break;
      await $('guide-next').click();
    }
    assert.equal(steps.length, 5);
    assert.match(steps.join(' '), /game.*draw.*Animate.*verdict.*Replay/is);
    await $('guide-next').click();
    assert.equal(await guide.isVisible(), false);
    await session.page.reload();
    await session.loaded();
    await session.page.waitForTimeout(300);
    assert.equal(await guide.isVisible(), false, 'remembered');
    await $('guide-open').click();
    assert.equal(await guide.isVisible(), true);
    await session.page.keyboard.press('Escape');
    assert.equal(await guide.isVisible(), false);
  });

  test('screenshots: the first visit with the guide, desktop and phone, light and dark', async () => {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      await session.firstVisit(viewport);
      await session.page.mouse.move(0, 0);
      await screenshot(`flow-guide-${name}.png`);
      await session.page.emulateMedia({ colorScheme: 'dark' });
      await session.page.waitForTimeout(200);
      await screenshot(`flow-guide-${name}-dark.png`);
      await session.page.emulateMedia({ colorScheme: 'light' });
      await closeChecked(session.page);
      session.page = null;
    }
  });
});

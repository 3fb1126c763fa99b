// Browser tests of the page, in Debian's headless Chromium (`node --test`, run by
// `./build.sh test`). Every test fails on any console error or uncaught exception.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { CASES, OUT, cellCentre as cellOf, pageSession, riverBoards, riverLink } from './helpers.mjs';

const session = pageSession();
/** Opens the page on a query string and waits until the solver is loaded. */
const open = (query) => session.open(query);

const verdict = () => session.page.locator('[data-testid=verdict]');
const resultOf = async () => {
  await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 20_000 });
  return verdict().getAttribute('data-result');
};
const boardParam = () => new URL(session.page.url()).searchParams.get('board');
const cellCentre = (row, col) => cellOf(session.page, row, col);

describe('URL contract', () => {
  test('the five river samples give the contest answers', async () => {
    const input = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    const answers = (await readFile(new URL('river/sample1.ans', CASES), 'utf8')).trim().split('\n');
    const boards = riverBoards(input);
    assert.equal(boards.length, 5);
    for (const [i, rows] of boards.entries()) {
      await open(`${riverLink(rows)}&solve=1`);
      assert.equal(await resultOf(), answers[i], `sample board ${i + 1}`);
      const ms = Number(await verdict().getAttribute('data-solve-ms'));
      assert.ok(ms >= 0 && ms < 10_000, `data-solve-ms is a time: ${ms}`);
    }
  });

  test('solved sample 5: verdict in words, heatmap screenshots', async () => {
    const boards = riverBoards(await readFile(new URL('river/sample1.in', CASES), 'utf8'));
    await open(`${riverLink(boards[4])}&solve=1`);
    assert.equal(await resultOf(), 'Red 75');
    assert.equal(await verdict().textContent(), 'Red wins in 75 moves');
    assert.match(await session.page.locator('[data-testid=explanation]').textContent(), /38 by Red, 37 by Black/);
    assert.equal(await session.page.locator('[data-testid=legend]').isVisible(), true);
    await session.page.screenshot({ path: new URL('river-sample5.png', OUT).pathname, fullPage: true });
    const legend = session.page.locator('[data-testid=legend-text]');
    assert.match(await legend.textContent(), /if the black piece stood there/);
    const red = await cellCentre(8, 1);
    await session.page.mouse.click(red.x, red.y);
    await session.page.waitForFunction(() => /if the red piece stood there/.test(document.querySelector('[data-testid=legend-text]').textContent));
    assert.equal(await verdict().getAttribute('data-result'), 'Red 75', 'selecting a piece keeps the analysis');
    await session.page.screenshot({ path: new URL('river-sample5-red-varies.png', OUT).pathname });
    const black = await cellCentre(7, 2);
    await session.page.mouse.click(black.x, black.y);
    await session.page.waitForFunction(() => /if the black piece stood there/.test(document.querySelector('[data-testid=legend-text]').textContent));
    await session.page.mouse.move(0, 0);
    await session.page.locator('body').click({ position: { x: 5, y: 5 } });
    await session.page.emulateMedia({ colorScheme: 'dark' });
    await session.page.waitForTimeout(100);
    await session.page.screenshot({ path: new URL('river-sample5-dark.png', OUT).pathname, fullPage: true });
    await session.page.emulateMedia({ colorScheme: 'light' });
  });

  test('chase: the sample and contest vectors give the contest answers', async () => {
    await open('?game=chase&n=2&white=1,1&black=2,2&solve=1');
    assert.equal(await resultOf(), 'BLACK 2');
    const queries = (await readFile(new URL('chase/cases.in', CASES), 'utf8')).trim().split('\n');
    const answers = (await readFile(new URL('chase/cases.ans', CASES), 'utf8')).trim().split('\n');
    for (let i = 0; i < queries.length; i += 30) {
      const [n, r1, c1, r2, c2] = queries[i].trim().split(/\s+/);
      await open(`?game=chase&n=${n}&white=${r1},${c1}&black=${r2},${c2}&solve=1`);
      assert.equal(await resultOf(), answers[i], `chase case ${i + 1}: ${queries[i]}`);
    }
  });

  test('tableau: the sample and contest vectors give the contest answers', async () => {
    await open('?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1&solve=1');
    assert.equal(await resultOf(), '2');
    assert.equal(await verdict().textContent(), 'First player ahead by 2');
    await session.page.screenshot({ path: new URL('tableau-sample.png', OUT).pathname, fullPage: true });
    for (let k = 5; k <= 40; k += 5) {
      const name = String(k).padStart(3, '0');
      const numbers = (await readFile(new URL(`tableau/${name}.in`, CASES), 'utf8')).trim().split('\n').map((l) => l.trim().split(/\s+/));
      const [[n]] = numbers;
      const table = (rows) => rows.map((r) => r.join(',')).join(';');
      const a = table(numbers.slice(1, 1 + Number(n)));
      const b = table(numbers.slice(1 + Number(n), 1 + 2 * Number(n)));
      await open(`?game=tableau&a=${a}&b=${b}&solve=1`);
      const expected = (await readFile(new URL(`tableau/${name}.ans`, CASES), 'utf8')).trim();
      assert.equal(await resultOf(), expected, `tableau case ${name}`);
    }
  });

  test('a board typed with a raw # (fragment) still loads', async () => {
    await open('?game=river&board=O../.#X/.O.&solve=1');
    assert.equal(await resultOf(), 'Black 2');
    assert.equal(boardParam(), 'O../.#X/.O.');
  });

  test('malformed links show a message and fall back to the default board', async () => {
    const links = {
      '?game=river&board=..%23/O': '9',
      '?game=river&board=O.Z/.X./.O.': '9',
      '?game=nope': '9',
      [`?game=river&board=${'.'.repeat(25)}/${'.'.repeat(25)}`]: '9',
      '?game=river&board=%E0%A4%A': '9',
      '?game=chase&n=40&white=1,1&black=2,2&solve=1': '8',
      '?game=chase&n=3&white=1,1&black=1,1': '8',
      '?game=chase&n=3&white=a': '8',
      '?game=tableau&a=1,2;3&b=1,2;3,4': '2',
      '?game=tableau&a=1,2&b=1,-2&solve=1': '2',
      '?game=tableau&a=1,2&b=1,2,3': '2',
    };
    for (const [query, rows] of Object.entries(links)) {
      await open(query);
      const message = session.page.locator('[data-testid=message]');
      assert.equal(await message.isVisible(), true, query);
      assert.match(await message.textContent(), /showing the default board/, query);
      assert.equal(await session.page.locator('[data-testid=rows]').inputValue(), rows, query);
      assert.equal(await session.page.locator('[data-testid=solve-now]').isEnabled(), true, query);
      // The default boards are solved live; the broken link's `solve=1` is not obeyed (it
      // would make the solve one asked for, whose main button replays).
      await session.page.waitForSelector('[data-testid=verdict][data-result]');
      assert.match(await session.page.locator('[data-testid=play]').textContent(), /Animate/, query);
    }
  });

  test('an invalid board shows why and cannot be solved', async () => {
    await open('?game=river&board=X../.O./O..&solve=1');
    const message = session.page.locator('[data-testid=message]');
    assert.match(await message.textContent(), /black piece \(X\) may not start in the top row/);
    assert.equal(await session.page.locator('[data-testid=solve-now]').isDisabled(), true);
    assert.equal(await verdict().getAttribute('data-result'), null);
    await open('?game=river&board=...../..O../.....');
    assert.match(await message.textContent(), /1 red piece \(O\), it needs exactly 2/);
  });

  test('a game the solver offers without a descriptor is named in the message; the other games work', async () => {
    session.page = await openPage(session.browser.context);
    // The page as it would be without www/games/tableau.js: the engine names a game whose
    // descriptor the page cannot load.
    await session.page.route('**/www/games/tableau.js', (route) => route.fulfill({ status: 404, body: 'not here' }));
    await open('?game=chase&n=2&white=1,1&black=2,2&solve=1');
    assert.equal(await resultOf(), 'BLACK 2');
    assert.match(await session.page.locator('[data-testid=message]').textContent(), /no descriptor for \(tableau\)/);
    const options = await session.page.locator('[data-testid=game] option').evaluateAll((list) => list.map((o) => o.value));
    assert.deepEqual(options, ['river', 'chase', 'custom'], 'the engine’s games with a descriptor, then composed games');
    await open('?game=tableau&a=1&b=2');
    assert.match(await session.page.locator('[data-testid=message]').textContent(), /unknown game "tableau"; showing the default board/);
    // The browser reports the missing module itself; nothing else may go wrong.
    session.page.problems = session.page.problems.filter((problem) => !/404 \(Not Found\)/.test(problem));
  });
});

describe('memory', () => {
  test('while a board is on show, the records its analysis will take are prepared in idle time, and the analysis takes them', async () => {
    // An empty 16×16 board: 16.7 million positions, records of 33 MB, prepared before anyone
    // presses Solve; the analysis then keeps its records there instead of allocating them again.
    const rows = Array.from({ length: 16 }, () => '.'.repeat(16).split(''));
    rows[0][0] = 'O';
    rows[5][5] = 'O';
    rows[15][8] = 'X';
    await open(riverLink(rows.map((r) => r.join(''))));
    // The engine module the page imported (same URL, same instance) and its wasm memory.
    const memoryBytes = () => session.page.evaluate(async () => (await (await import('/www/pkg/retrolab.js')).default()).memory.buffer.byteLength);
    const records = 2 * 16_711_680;
    const until = Date.now() + 15_000;
    let bytes = await memoryBytes();
    while (bytes < records && Date.now() < until) {
      await session.page.waitForTimeout(50);
      bytes = await memoryBytes();
    }
    assert.ok(bytes >= records, `wasm memory ${bytes} bytes`);
    assert.equal(await verdict().getAttribute('data-result'), null, 'nothing was solved');
    await session.page.locator('[data-testid=solve-now]').click();
    await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 60_000 });
    const grown = (await memoryBytes()) - bytes;
    assert.ok(grown < records / 2, `memory grew by ${grown} bytes while solving: the records were not allocated again`);
  });
});

describe('editing', () => {
  test('the tap switch says what a tap does: ask why explains and leaves the board alone; draw draws, solved or not', async () => {
    await open('?game=river&board=O../.%23X/.O.&solve=1');
    assert.equal(await resultOf(), 'Black 2');
    const board = session.page.locator('[data-testid=board]');
    assert.equal(await board.getAttribute('data-tap'), 'draw', 'a tap draws until the person chooses otherwise, solved or not');
    assert.equal(await session.page.locator('[data-testid=tap-draw]').isChecked(), true);
    await session.page.locator('[data-testid=tap-inspect]').check();
    assert.equal(await board.getAttribute('data-tap'), 'inspect');
    const { x, y } = await cellCentre(0, 2);
    await session.page.mouse.click(x, y);
    await session.page.waitForSelector('[data-testid=provenance]:not([hidden])');
    assert.equal(boardParam(), 'O../.#X/.O.', 'a tap on a heatmap cell leaves the board alone');
    assert.equal(await verdict().getAttribute('data-result'), 'Black 2');
    await session.page.locator('[data-testid=tap-draw]').check();
    assert.equal(await board.getAttribute('data-tap'), 'draw');
    const to = await cellCentre(0, 1);
    await session.page.mouse.move(x, y);
    await session.page.mouse.down();
    await session.page.mouse.move(to.x, to.y, { steps: 3 });
    await session.page.mouse.up();
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === 'O##/.#X/.O.');
    // Solved again at once (live solving: the board was solved in milliseconds).
    await session.page.waitForSelector('[data-testid=verdict][data-result="Red 1"]');
    // A game without obstacles has nothing to draw: the switch is gone, a tap asks.
    await open('?game=chase&n=4&white=1,1&black=4,4');
    assert.equal(await session.page.locator('[data-testid=tap-mode]').isVisible(), false);
    assert.equal(await board.getAttribute('data-tap'), 'inspect');
  });

  test('dragging a piece with the mouse changes board, URL and verdict at once', async () => {
    await open('?game=river&board=%23.%23/O.O/.X.&solve=1');
    assert.equal(await resultOf(), 'Black 2');
    const from = await cellCentre(2, 1);
    const to = await cellCentre(2, 0);
    await session.page.mouse.move(from.x, from.y);
    await session.page.mouse.down();
    await session.page.mouse.move((from.x + to.x) / 2, to.y, { steps: 3 });
    await session.page.mouse.move(to.x, to.y, { steps: 3 });
    await session.page.mouse.up();
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === '#.#/O.O/X..');
    assert.equal(await resultOf(), 'Red 1', 'the solved table answers the new start without solving again');
  });

  test('keyboard: cursor, obstacle and piece keys', async () => {
    await open('?game=river&board=O../.../.OX');
    const canvas = session.page.locator('[data-testid=board]');
    await canvas.focus();
    await session.page.keyboard.press('ArrowRight'); // cursor (0,1)
    await session.page.keyboard.press('Space');
    await session.page.keyboard.press('ArrowDown'); // (1,1)
    await session.page.keyboard.press('x'); // the black piece moves here
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === 'O#./.X./.O.');
    await session.page.keyboard.press('ArrowLeft'); // (1,0)
    await session.page.keyboard.press('ArrowUp'); // (0,0): the red piece
    await session.page.keyboard.press('Delete');
    assert.match(await session.page.locator('[data-testid=message]').textContent(), /1 red piece \(O\)/);
    await session.page.keyboard.press('r');
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === 'O#./.X./.O.');
    assert.equal(await session.page.locator('[data-testid=message]').isVisible(), false);
    await session.page.keyboard.press('Enter');
    assert.equal(await resultOf(), 'Red 1');
  });

  test('touch: a tap draws an obstacle', async () => {
    await open('?game=river&board=O../.../.OX');
    const { x, y } = await cellCentre(0, 2);
    await session.page.touchscreen.tap(x, y);
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === 'O.#/.../.OX');
  });

  test('size, presets and clear', async () => {
    await open('?game=river&board=O../.%23./.OX');
    await session.page.locator('[data-testid=cols]').fill('2');
    await session.page.locator('[data-testid=cols]').press('Enter');
    // The black piece falls off and is put back on the nearest free cell.
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === 'O./.#/XO');
    await session.page.locator('[data-testid=rows]').fill('4');
    await session.page.locator('[data-testid=rows]').press('Enter');
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === 'O./.#/XO/..');
    // Defect 8: the Board menu names the board loaded from it until the board is edited.
    const menuSays = () => session.page.locator('[data-testid=preset]').evaluate((select) => select.selectedOptions[0].textContent);
    assert.equal(await menuSays(), 'Load a board…');
    await session.page.locator('[data-testid=preset]').selectOption({ label: 'Sample 4' });
    assert.equal(boardParam(), '...../...../..O../#..#./O#.X.');
    assert.equal(await menuSays(), 'Sample 4', 'the menu names the board loaded');
    await session.page.locator('[data-testid=clear]').click();
    assert.equal(boardParam(), '...../...../..O../...../O..X.');
    assert.equal(await menuSays(), 'Load a board…', 'edited: no longer Sample 4');
    await session.page.locator('[data-testid=undo]').click();
    assert.equal(await menuSays(), 'Sample 4', 'undone: Sample 4 again');
    await session.page.locator('[data-testid=preset]').selectOption({ label: 'Random board' });
    assert.equal(await menuSays(), 'Random board');
    const random = boardParam();
    await session.page.locator('[data-testid=preset]').selectOption({ label: 'Random board' });
    assert.notEqual(boardParam(), random, 'choosing it again draws another');
    await session.page.locator('[data-testid=solve-now]').click();
    assert.match(await resultOf(), /^(Red \d+|Black \d+|Tie)$/);
  });

  test('defect 8: a refused drop says why and marks the cell; an illegal start marks its cell', async () => {
    /** Drags from cell (r1,c1) to (r2,c2), 0-based. */
    const drag = async ([r1, c1], [r2, c2]) => {
      const [from, to] = [await cellCentre(r1, c1), await cellCentre(r2, c2)];
      await session.page.mouse.move(from.x, from.y);
      await session.page.mouse.down();
      await session.page.mouse.move(to.x, to.y, { steps: 4 });
      await session.page.mouse.up();
    };
    await open('?game=river&board=...../..O../...../.X.O./.....&solve=1');
    const marked = () => session.page.locator('[data-testid=board]').getAttribute('data-marked');
    const message = session.page.locator('[data-testid=message]');
    await resultOf();
    assert.equal(await marked(), null, 'nothing marked at first');
    await drag([3, 1], [1, 2]);
    await message.waitFor();
    assert.equal(await message.textContent(), 'The black piece cannot go on (2,3): the red piece stands there. Put it on a free cell or an obstacle.');
    assert.equal(await marked(), '2,3', 'the cell it was refused is marked');
    assert.equal(boardParam(), '...../..O../...../.X.O./.....', 'the board is as it was');
    await drag([3, 1], [0, 1]);
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === '.X.../..O../...../...O./.....');
    assert.match(await message.textContent(), /row 1, column 2: the black piece \(X\) may not start in the top row/);
    assert.equal(await marked(), '1,2', 'the illegal start’s cell is marked');
    await drag([0, 1], [2, 1]);
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === '...../..O../.X.../...O./.....');
    assert.equal(await marked(), null, 'a legal board: nothing marked');
    assert.equal(await message.isVisible(), false);
  });

  test('chase: dragging a piece answers from the same table; sizes stay square', async () => {
    await open('?game=chase&n=2&white=1,1&black=2,2&solve=1');
    assert.equal(await resultOf(), 'BLACK 2');
    const from = await cellCentre(1, 1);
    const to = await cellCentre(0, 1);
    await session.page.mouse.move(from.x, from.y);
    await session.page.mouse.down();
    await session.page.mouse.move(to.x, to.y, { steps: 4 });
    await session.page.mouse.up();
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('black') === '1,2');
    assert.equal(await resultOf(), 'WHITE 1');
    await session.page.locator('[data-testid=rows]').fill('5');
    await session.page.locator('[data-testid=rows]').press('Enter');
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('n') === '5');
    assert.equal(await session.page.locator('[data-testid=cols]').inputValue(), '5');
  });

  test('tableau: editing a weight changes the URL and the answer', async () => {
    await open('?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1');
    const { x, y } = await cellCentre(1, 0);
    await session.page.mouse.click(x, y);
    await session.page.locator('[data-testid=weight-a]').fill('0');
    await session.page.locator('[data-testid=weight-a]').press('Enter');
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('a') === '2,7,3;0,1,2');
    await session.page.locator('[data-testid=solve-now]').click();
    assert.equal(await resultOf(), '-4');
  });

  test('the board survives a reload, and a visit without parameters', async () => {
    await open('?game=river&board=O../.%23X/.O.');
    const { x, y } = await cellCentre(2, 2);
    await session.page.mouse.click(x, y);
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === 'O../.#X/.O#');
    await session.page.reload();
    await session.loaded();
    assert.equal(boardParam(), 'O../.#X/.O#');
    await open('');
    assert.equal(boardParam(), 'O../.#X/.O#', 'restored from localStorage');
  });
});

// Browser tests of the move table (www/panels/movetable.js, issue 20): every legal move of the
// position on show, named by piece and squares, with its value for the side that moves and
// the moves left after it (RULES §4), best first; pointing at a row shows the move on the
// board, clicking or Enter plays it. Values are checked against the engine's own table — a
// Lab of the same board solved in the test, each move's child position found here from the
// move's name and the rules, its outcome read with Lab.outcome — never against the table
// itself. In Debian's headless Chromium; every test fails on any console error.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { OUT, closeChecked, pageSession, solveInPage } from './helpers.mjs';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** A seeded random generator (mulberry32): the same boards on every run, none of them a preset. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct cells of `0..cells-1` that pass `ok`, drawn with `random`. */
function distinctCells(random, cells, n, ok = () => true) {
  const chosen = [];
  while (chosen.length < n) {
    const cell = Math.floor(random() * cells);
    if (!chosen.includes(cell) && ok(cell)) chosen.push(cell);
  }
  return chosen;
}

/**
 * Random boards of each game, as `{game, query, text, cells, weights?}`: `query` the page's link,
 * `text` the engine's board text (for the test's own Lab), `cells` the board's size.
 */
const BOARDS = {
  river(random) {
    const rows = 4 + Math.floor(random() * 5);
    const cols = 4 + Math.floor(random() * 5);
    const cells = Array.from({ length: rows * cols }, () => (random() < 0.12 ? '#' : '.'));
    const [a, b, x] = distinctCells(random, rows * cols, 3, (cell) => cells[cell] === '.');
    cells[a] = 'O';
    cells[b] = 'O';
    if (x < cols) [cells[x], cells[x + cols]] = ['.', 'X'];
    else cells[x] = 'X';
    // Black moved down a row if it fell in the top row; that cell must have been free of red.
    if (cells.filter((c) => c === 'O').length !== 2 || cells.filter((c) => c === 'X').length !== 1) return BOARDS.river(random);
    return riverBoard(Array.from({ length: rows }, (_, r) => cells.slice(r * cols, (r + 1) * cols).join('')));
  },
  chase(random) {
    const n = 3 + Math.floor(random() * 4);
    const [w, b] = distinctCells(random, n * n, 2);
    const at = (cell) => `${Math.floor(cell / n) + 1},${(cell % n) + 1}`;
    const cells = Array.from({ length: n * n }, (_, cell) => (cell === w ? 'W' : cell === b ? 'B' : '.'));
    const text = Array.from({ length: n }, (_, r) => cells.slice(r * n, (r + 1) * n).join('')).join('\n');
    return { game: 'chase', query: `?game=chase&n=${n}&white=${at(w)}&black=${at(b)}`, text, cols: n, cells: n * n };
  },
  tableau(random) {
    const rows = 2 + Math.floor(random() * 3);
    const cols = 2 + Math.floor(random() * 3);
    const table = () => Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.floor(random() * 10)));
    const [a, b] = [table(), table()];
    const param = (t) => t.map((row) => row.join(',')).join(';');
    const text = [`${rows} ${cols}`, ...a.map((row) => row.join(' ')), ...b.map((row) => row.join(' '))].join('\n');
    return { game: 'tableau', query: `?game=tableau&a=${param(a)}&b=${param(b)}`, text, cols, cells: rows * cols, weights: { a: a.flat(), b: b.flat() } };
  },
};

/** A river board from its rows. */
function riverBoard(lines) {
  const cols = lines[0].length;
  return { game: 'river', query: `?game=river&board=${encodeURIComponent(lines.join('/'))}`, text: lines.join('\n'), cols, cells: lines.length * cols };
}

/** Random boards would seldom tie: a tie of river too (sample 4 mirrored, no preset), for the rows that have no count. */
const RIVER_TIE = riverBoard(['.....', '.....', '..O..', '.#..#', '.X.#O']);

/** Solves `text` of `game` in a Lab of the test's own (`window.testLab`). */
const testLab = (game, text) => solveInPage(session.page, game, text);

/** Calls a method of the test's Lab. */
const lab = (method, ...args) =>
  session.page.evaluate(([method, args]) => {
    const value = window.testLab[method](...args.map((a) => (Array.isArray(a) ? Uint16Array.from(a) : a)));
    return ArrayBuffer.isView(value) ? [...value] : value;
  }, [method, args]);

/** The rows of the table: `{move, value, remoteness, score}` each. */
const rowsShown = () => $('move-row').evaluateAll((rows) => rows.map((r) => ({ move: r.dataset.move, value: r.dataset.value, remoteness: r.dataset.remoteness, score: r.dataset.score })));

/** A cell from "(row,column)", 1-based. */
const cellOf = (text, cols) => {
  const [r, c] = text.slice(1, -1).split(',').map(Number);
  return (r - 1) * cols + (c - 1);
};

/** `{side, from, to}` of a move's name: "Red (5,3)→(4,3)", or a stone's "First (2,3)". */
function parseName(name, cols) {
  const match = /^(\w+) (\(\d+,\d+\))(?:→(\(\d+,\d+\)))?$/.exec(name);
  assert.ok(match, `a move's name: ${name}`);
  const [, side, a, b] = match;
  return b ? { side, from: cellOf(a, cols), to: cellOf(b, cols) } : { side, from: null, to: cellOf(a, cols) };
}

const SIDES = { river: ['Red', 'Black'], chase: ['White', 'Black'], tableau: ['First', 'Second'] };

/**
 * The position after `move` (a parsed name) from `position` with `toMove` to move, by the
 * rules (RULES §1–3): the moving piece takes its new cell (tableau: a stone is added).
 */
async function childOf(game, position, toMove, move) {
  const pieces = await lab('pieces', position);
  let after;
  if (game === 'tableau') {
    assert.ok(!pieces.includes(move.to), 'a stone goes on an empty cell');
    after = [...pieces, move.to].sort((x, y) => x - y);
  } else {
    // river: red, red, black; chase: white, black. The mover's piece on `from` moves.
    const mine = game === 'river' ? (toMove === 0 ? [0, 1] : [2]) : [toMove];
    const index = mine.find((i) => pieces[i] === move.from);
    assert.notEqual(index, undefined, `${SIDES[game][toMove]} has a piece on the move's first cell`);
    after = pieces.map((cell, i) => (i === index ? move.to : cell));
  }
  const child = await lab('position', after, 1 - toMove);
  assert.notEqual(child, undefined, 'the position after the move exists');
  return child;
}

/** W / L / T for the mover from the outcome of the position after its move (for the other side). */
const flipped = (outcome) => ({ win: 'L', lose: 'W', tie: 'T' })[outcome.value];

/**
 * Checks the table against the engine for `position` (`toMove` to move, `stones` on the board
 * and `soFar` scored before it, tableau): the same moves, each row's value and remoteness those
 * of the position after the move, best first. Returns the rows, each with its `child`.
 */
async function checkRows(board, position, toMove, { soFar = 0, stones = 0 } = {}) {
  const { game, cols } = board;
  assert.equal(await $('move-table-box').getAttribute('data-position'), String(position), 'the table lists the position on show');
  const rows = await rowsShown();
  const legal = (await lab('moves', position)).map((m) => game === 'tableau' ? `${m.to}` : `${m.from}-${m.to}`).sort();
  const parsed = rows.map((row) => parseName(row.move, cols));
  assert.deepEqual(parsed.map((m) => (game === 'tableau' ? `${m.to}` : `${m.from}-${m.to}`)).sort(), legal, 'every legal move once');
  for (const [i, row] of rows.entries()) {
    const move = parsed[i];
    assert.equal(move.side, SIDES[game][toMove], `${row.move}: named by the side that moves`);
    row.child = await childOf(game, position, toMove, move);
    const after = await lab('outcome', row.child);
    if (game === 'tableau') {
      const gain = toMove === 0 ? board.weights.a[move.to] : -board.weights.b[move.to];
      const final = soFar + gain + after.score;
      const forMover = toMove === 0 ? final : -final;
      assert.equal(row.score, String(final), `${row.move}: the final difference best play reaches after it`);
      assert.equal(row.value, forMover > 0 ? 'W' : forMover < 0 ? 'L' : 'T', `${row.move}: its value for the mover`);
      assert.equal(row.remoteness, String(board.cells - stones - 1), `${row.move}: the moves left after it`);
      row.rank = forMover;
    } else {
      assert.equal(row.value, flipped(after), `${row.move}: its value is the flip of the position after it`);
      assert.equal(row.remoteness, after.value === 'tie' ? '' : String(after.remoteness), `${row.move}: the moves left after it`);
      // Best first: wins by fewest moves left, ties, losses by most.
      row.rank = row.value === 'W' ? 1e6 - after.remoteness : row.value === 'T' ? 0 : -1e6 + after.remoteness;
    }
  }
  for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].rank >= rows[i].rank, `best first: ${rows[i - 1].move} before ${rows[i].move}`);
  return rows;
}

/** The verdict's contest answer as the first row must show it: `{value, remoteness}` or `{score}`. */
function verdictOf(game, answer) {
  if (game === 'tableau') return { score: answer };
  if (answer === 'Tie' || answer === 'TIE') return { value: 'T', remoteness: '' };
  const [who, n] = answer.split(' ');
  const firstWins = who === 'Red' || who === 'WHITE';
  return { value: firstWins ? 'W' : 'L', remoteness: Number(n) };
}

describe('the move table agrees with the engine', () => {
  for (const game of ['river', 'chase', 'tableau']) {
    test(`${game}: on random boards every row is the position after its move, best first; the first row is the verdict's`, async () => {
      const random = seeded({ river: 20, chase: 21, tableau: 22 }[game]);
      let rowsSeen = 0;
      const boards = Array.from({ length: 5 }, () => BOARDS[game](random));
      if (game === 'river') boards.push(RIVER_TIE);
      const values = new Set();
      for (const board of boards) {
        await session.open(`${board.query}&solve=1`);
        await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
        await testLab(game, board.text);
        const start = Number(await $('move-table-box').getAttribute('data-position'));
        assert.equal(await lab('toMove', start), 0, 'the start: the first side to move');
        const answer = await $('verdict').getAttribute('data-result');
        let rows = await checkRows(board, start, 0);
        const verdict = verdictOf(game, answer);
        const outcome = await lab('outcome', start);
        if (rows.length === 0) {
          assert.equal(outcome.remoteness, 0, `${board.query}: no moves only where the game is over`);
          continue;
        }
        if (game === 'tableau') {
          assert.equal(rows[0].score, verdict.score, `${board.query}: the first row ends where the verdict says`);
        } else {
          assert.equal(rows[0].value, verdict.value, `${board.query}: the first row's value is the verdict's`);
          // The verdict counts from the position, the row after its move (RULES §4).
          if (verdict.value !== 'T') assert.equal(Number(rows[0].remoteness) + 1, verdict.remoteness, `${board.query}: one move less than the verdict`);
        }
        // Into the replay: the last row (tries it), then the first, and so on for a few moves,
        // checking the table at each position.
        let position = start;
        let toMove = 0;
        let soFar = 0;
        let stones = 0;
        for (let ply = 0; ply < 6 && rows.length > 0; ply++) {
          for (const row of rows) values.add(row.value);
          const index = ply % 2 === 0 ? rows.length - 1 : 0;
          const row = rows[index];
          await $('move-row').nth(index).click();
          if (game === 'tableau') {
            const { to } = parseName(row.move, board.cols);
            soFar += toMove === 0 ? board.weights.a[to] : -board.weights.b[to];
            stones += 1;
          }
          position = row.child;
          toMove = 1 - toMove;
          await session.page.waitForFunction((p) => document.querySelector('[data-testid=move-table-box]').dataset.position === String(p), position);
          rowsSeen += rows.length;
          rows = await checkRows(board, position, toMove, { soFar, stones });
        }
        assert.equal(await $('controls').getAttribute('data-phase'), 'replaying', 'clicking a row plays it: a replay');
        rowsSeen += rows.length;
      }
      assert.ok(rowsSeen >= 30, `enough rows checked (${rowsSeen})`);
      assert.ok(values.has('W') && values.has('L') && (game !== 'river' || values.has('T')), `rows of each value seen (${[...values]})`);
    });
  }
});

describe('the move table in use', () => {
  const SAMPLE5 = ['...######', '.#.......', '.#######.', '.#.#.....', '.#O#.####', '.#.#.....', '.#######.', '.#X......', '.O.......'];
  // The board draws (and marks) a preview at its next animation frame: read it after two.
  const previewing = () =>
    $('board').evaluate(async (canvas) => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return canvas.classList.contains('previewing');
    });

  test('pointing at a row shows its move on the board; leaving shows the board again', async () => {
    await session.open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
    await session.page.waitForSelector('[data-testid=verdict][data-result]');
    assert.equal(await previewing(), false);
    await $('move-row').nth(1).hover();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=board]').classList.contains('previewing'));
    await session.page.mouse.move(0, 0);
    await session.page.waitForFunction(() => !document.querySelector('[data-testid=board]').classList.contains('previewing'));
    assert.equal(await $('controls').getAttribute('data-phase'), 'solved', 'pointing plays nothing');
  });

  test('one tab stop; ↑ ↓ move along the rows, showing each; Enter plays the focused one', async () => {
    await session.open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
    await session.page.waitForSelector('[data-testid=verdict][data-result]');
    assert.equal(await session.page.locator('[data-testid=move-row][tabindex="0"]').count(), 1, 'one tab stop');
    // Tab reaches it from the control just before it in the page's order.
    await $('move-row').first().evaluate((row) => {
      const stops = [...document.querySelectorAll('button, select, input, [tabindex="0"]')].filter(
        (el) => el.checkVisibility() && !(/** @type {HTMLButtonElement} */ (el).disabled),
      );
      /** @type {HTMLElement} */ (stops[stops.indexOf(row) - 1]).focus();
    });
    await session.page.keyboard.press('Tab');
    const focused = () => session.page.evaluate(() => document.activeElement.dataset.move ?? null);
    const names = await $('move-row').evaluateAll((rows) => rows.map((r) => r.dataset.move));
    assert.equal(await focused(), names[0], 'Tab lands on the first row');
    assert.equal(await previewing(), true, 'the focused row is shown on the board');
    await session.page.keyboard.press('ArrowDown');
    await session.page.keyboard.press('ArrowDown');
    assert.equal(await focused(), names[2]);
    await session.page.keyboard.press('ArrowUp');
    assert.equal(await focused(), names[1]);
    await session.page.keyboard.press('Enter');
    await session.page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'replaying');
    assert.match(await $('replay-status').textContent(), /^Move 1 of \d+/);
    assert.equal(await $('replay-move').first().getAttribute('data-move'), names[1], 'the move played is the row’s');
    assert.equal(await session.page.locator('[data-testid=replay-move].mine').count(), 1, 'not the best move: the person’s line');
    assert.equal(await session.page.locator('[data-testid=move-row][tabindex="0"]').count(), 1, 'still one tab stop');
    assert.ok(await focused(), 'the focus stays in the table, on the new position’s moves');
    assert.equal(await previewing(), false, 'the board shows the position played, not a preview');
  });

  test('playing against perfect play, the table hides the values and gives no answer away', async () => {
    const rows = ['#.#', 'O.O', '.X.'];
    await session.open(`?game=river&board=${encodeURIComponent(rows.join('/'))}&solve=1`);
    await session.page.waitForSelector('[data-testid=verdict][data-result]');
    await $('tool-play').click();
    await session.page.selectOption('[data-testid=play-as]', '0');
    await session.page.waitForFunction(() => document.querySelector('[data-testid=play-status]').dataset.state === 'yours');
    const shown = await rowsShown();
    assert.equal(shown.length, 4);
    assert.deepEqual(new Set(shown.map((r) => `${r.value}${r.remoteness}`)), new Set(['']), 'no value, no count');
    assert.match(await $('move-table-box').textContent(), /hidden until you have chosen/);
  });
});

describe('screenshots', () => {
  const SAMPLE5 = ['...######', '.#.......', '.#######.', '.#.#.....', '.#O#.####', '.#.#.....', '.#######.', '.#X......', '.O.......'];
  const shot = (name) => session.page.screenshot({ path: new URL(name, OUT).pathname });

  test('the move table (desktop and phone, light and dark, a row pointed at) and the replay’s chips on the phone', async () => {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      session.page = await openPage(session.browser.context);
      await session.page.setViewportSize(viewport);
      await session.open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
      await session.page.waitForSelector('[data-testid=verdict][data-result]');
      // The board and the table together where they fit; on the phone the table at the top, clear of the control bar.
      await $('move-table-box').evaluate((box, phone) => box.scrollIntoView({ block: phone ? 'start' : 'end' }), name === 'phone');
      await $('move-row').nth(3).hover();
      await session.page.waitForFunction(() => document.querySelector('[data-testid=board]').classList.contains('previewing'));
      for (const scheme of ['light', 'dark']) {
        await session.page.emulateMedia({ colorScheme: scheme });
        await session.page.waitForTimeout(200);
        await shot(`movetable-${name}${scheme === 'dark' ? '-dark' : ''}.png`);
      }
      await session.page.emulateMedia({ colorScheme: 'light' });
      if (name === 'phone') {
        await session.page.mouse.move(0, 0);
        await $('replay-start').click();
        await $('replay-next').click();
        await $('replay-moves').evaluate((list) => list.scrollIntoView({ block: 'center' }));
        await shot('movetable-chips-phone.png');
        await session.page.emulateMedia({ colorScheme: 'dark' });
        await session.page.waitForTimeout(200);
        await shot('movetable-chips-phone-dark.png');
      }
      await closeChecked(session.page);
      session.page = null;
    }
    // Tableau: placements with their points and the final difference.
    await session.open('?game=tableau&a=5,1,9;2,8,3;7,4,6&b=3,9,1;8,2,7;4,6,5&solve=1');
    await session.page.waitForSelector('[data-testid=verdict][data-result]');
    await $('move-row').first().click();
    await $('move-table-box').evaluate((box) => box.scrollIntoView({ block: 'end' }));
    await shot('movetable-tableau-desktop.png');
  });
});

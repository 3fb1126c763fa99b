// Browser tests of the page's one vocabulary (issue 20, defects 3, 4, 5 and 11's words): the
// three ways of playing named by what they do, one way of counting moves (RULES §4: a
// position's number is the moves left from it, a move's the moves left after it) on tiles,
// chips, drills and verdicts, every count of positions saying what it counts, moves named
// by piece and squares everywhere, the replay's chips unclipped on a phone, and the words of
// the analysis's progress and speed. Moves and values come from a Lab of the test's own, not
// from the page. In Debian's headless Chromium; every test fails on any console error.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { cellCentre, pageSession, solveInPage } from './helpers.mjs';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

const SAMPLE2 = ['#.#', 'O.O', '.X.'];
const SAMPLE5 = ['...######', '.#.......', '.#######.', '.#.#.....', '.#O#.####', '.#.#.....', '.#######.', '.#X......', '.O.......'];
const riverQuery = (rows) => `?game=river&board=${encodeURIComponent(rows.join('/'))}`;

/** Opens the page on `rows`, solved. */
async function openSolved(rows) {
  await session.open(`${riverQuery(rows)}&solve=1`);
  await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
}

/** Solves a river board in a Lab of the test's own (`window.testLab`). */
const testLab = (rows) => solveInPage(session.page, 'river', rows.join('\n'));

/** The test's own name of a move of the river board `rows`: "Red (5,3)→(4,3)" (RULES: cells as (row,column) from 1). */
function nameOf(rows, move, toMove) {
  const cols = rows[0].length;
  const cell = (c) => `(${Math.floor(c / cols) + 1},${(c % cols) + 1})`;
  return `${['Red', 'Black'][toMove]} ${cell(move.from)}→${cell(move.to)}`;
}

/** The start of the river board `rows` in the test's Lab. */
const startOf = (rows) =>
  session.page.evaluate((text) => {
    const cells = [...text.replace(/\n/g, '')];
    const reds = cells.flatMap((c, i) => (c === 'O' ? [i] : []));
    return window.testLab.position(Uint16Array.from([...reds, cells.indexOf('X')]), 0);
  }, rows.join('\n'));

async function tap(cell, cols) {
  await $('board').scrollIntoViewIfNeeded();
  const at = await cellCentre(session.page, Math.floor(cell / cols), cell % cols);
  await session.page.mouse.click(at.x, at.y);
}

/** The number of moves left a sentence gives: "… wins in 4 more moves", "… wins with this move" (or "at once"). */
function movesLeftIn(words) {
  const match = /wins (?:in (\d+)|with this move|at once)/.exec(words);
  assert.ok(match, `a count of moves in "${words}"`);
  return match[1] === undefined ? 0 : Number(match[1]);
}

describe('defect 3: the three ways of playing have three names', () => {
  test('the main button animates the analysis, replays, continues a replay; the tool plays against perfect play', async () => {
    await session.open(riverQuery(SAMPLE5));
    const name = (id) => $(id).evaluate((el) => el.getAttribute('aria-label') ?? el.textContent.trim());
    const analysis = await name('play');
    await $('solve-now').click();
    await session.page.waitForSelector('[data-testid=verdict][data-result]');
    const replay = await name('play');
    await $('replay-next').click();
    const going = await name('play');
    const tool = await name('tool-play');
    const names = [analysis, replay, going, tool];
    assert.equal(new Set(names.map((n) => n.toLowerCase())).size, 4, `four names: ${names.join(' | ')}`);
    assert.deepEqual(names.filter((n) => /\bplay\b/i.test(n)), [tool], 'only playing against perfect play says “play”');
    assert.match(analysis, /analysis/i);
    assert.match(replay, /replay/i);
    assert.match(going, /replay/i);
    assert.match(tool, /perfect play/i);
  });
});

describe('defect 4: one way of counting moves, and counts that say what they count', () => {
  test('a drill’s answer: its chip and the table count what the sentence counts', async () => {
    await openSolved(SAMPLE5);
    await testLab(SAMPLE5);
    await $('tool-drill').click();
    await session.page.selectOption('[data-testid=drill-level]', 'medium');
    await $('drill').click();
    await session.page.waitForFunction(() => !document.querySelector('[data-testid=drill-position]').hidden);
    const position = Number(await $('drill-position').getAttribute('data-position'));
    const moves = await session.page.evaluate((p) => window.testLab.moves(p), position);
    const right = moves.find((m) => m.outcome.value === 'win');
    await tap(right.from, 9);
    await tap(right.to, 9);
    await $('drill-result').waitFor();
    const words = await $('drill-result').textContent();
    const said = movesLeftIn(words.split('is the only right move')[1] ?? '');
    // The person's move, as the chip shows it: W and the moves left.
    const chip = await $('replay-move').first().locator('.badge').textContent();
    assert.equal(chip, `W${said}`, `the chip (${chip}) counts as the sentence does: "${words}"`);
    const mover = await session.page.evaluate((p) => window.testLab.toMove(p), position);
    const row = session.page.locator(`[data-testid=move-row][data-move="${nameOf(SAMPLE5, right, mover)}"]`);
    assert.deepEqual([await row.getAttribute('data-value'), await row.getAttribute('data-remoteness')], ['W', String(said)], 'the table’s row');
    assert.equal(said, right.outcome.remoteness - 1, 'the moves left after the move');
    assert.equal(Number(await $('drill-position').getAttribute('data-remoteness')), said + 1, 'the position counts its own move too');
  });

  test('the batch’s positions (what the start reaches) and the board’s (all of them) are named apart', async () => {
    await openSolved(SAMPLE5);
    const label = (dd) => $(dd).evaluate((el) => el.previousElementSibling.textContent.trim());
    const all = await label('total');
    await $('tool-batch').click();
    await session.page.fill('[data-testid=batch-input]', `0 1\n9 9\n${SAMPLE5.join('\n')}\n`);
    await $('batch-run').click();
    await session.page.waitForSelector('[data-testid=batch-status][data-state=done]');
    const column = await session.page.evaluate(() => {
      const table = document.querySelector('[data-testid=batch-table]');
      const heads = [...table.querySelectorAll('th')].map((th) => th.textContent);
      const at = heads.findIndex((h) => /position/i.test(h));
      return { head: heads[at], value: table.querySelector('tbody tr').cells[at].textContent };
    });
    assert.equal(column.value, '70,560', 'the batch solves what the start can reach');
    assert.equal(await $('total').textContent(), '115,248', 'the board view analyses every position');
    assert.notEqual(column.head, all, 'two counts, two names');
    assert.match(all, /\ball\b/i, `the board's count says it is all of them: "${all}"`);
    const note = (await $('batch-positions').count()) ? await $('batch-positions').textContent() : '';
    assert.match(`${column.head} ${note}`, /reach/, `the batch says it counts what the start can reach: "${column.head}" "${note}"`);
  });
});

describe('defect 5: a move has one name everywhere', () => {
  test('the replay’s chips, the move table, Explain and the grades name a move by side and squares', async () => {
    await openSolved(SAMPLE5);
    await testLab(SAMPLE5);
    const start = await startOf(SAMPLE5);
    const line = await session.page.evaluate((p) => window.testLab.optimalLine(p), start);
    const names = line.slice(0, 6).map((move, i) => nameOf(SAMPLE5, move, i % 2));
    await $('replay-start').click();
    const chips = await $('replay-move').evaluateAll((items) => items.slice(0, 6).map((item) => item.textContent));
    chips.forEach((chip, i) => assert.match(chip, new RegExp(`^${i + 1}\\. ${names[i].replace(/[()]/g, '\\$&')} [WLT]\\d*$`), `chip ${i + 1}: ${chip}`));
    await $('replay-start').click();
    assert.equal(await $('move-row').first().getAttribute('data-move'), names[0], 'the table’s best move');
    await $('explain').click();
    await session.page.waitForSelector('[data-testid=proof-node][data-move]');
    const rows = await session.page.locator('[data-testid=proof-node] > .proof-row .proof-move').evaluateAll((els) => els.slice(0, 6).map((e) => e.textContent));
    assert.deepEqual(rows, names, 'Explain’s line');
  });

  test('a graded move is named as its chip names it', async () => {
    await openSolved(SAMPLE2);
    await testLab(SAMPLE2);
    await $('tool-play').click();
    await session.page.selectOption('[data-testid=play-as]', '0');
    await session.page.waitForFunction(() => document.querySelector('[data-testid=play-status]').dataset.state === 'yours');
    const [move] = await session.page.evaluate((p) => window.testLab.moves(p), await startOf(SAMPLE2));
    await tap(move.from, 3);
    await tap(move.to, 3);
    await $('grade').waitFor();
    const name = nameOf(SAMPLE2, move, 0);
    assert.ok((await $('grade').textContent()).includes(name), `the grade names ${name}: ${await $('grade').textContent()}`);
    assert.ok((await $('replay-move').first().textContent()).includes(name), 'and so does the chip');
  });

  test('phone: the first row of chips is not clipped, highlighted or focused', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.setViewportSize({ width: 390, height: 844 });
    await openSolved(SAMPLE5);
    await $('replay-next').click();
    await $('replay-moves').evaluate((list) => list.scrollIntoView({ block: 'center' }));
    /** Whether the first chip and the ring drawn outside it (outline) lie inside the list's scrolling box. */
    const inside = () =>
      $('replay-moves').evaluate((list) => {
        const chip = list.children[0];
        const style = getComputedStyle(chip);
        const ring = style.outlineStyle === 'none' ? 0 : Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
        const c = chip.getBoundingClientRect();
        const l = list.getBoundingClientRect();
        const box = { top: l.top + list.clientTop, left: l.left + list.clientLeft, right: l.left + list.clientLeft + list.clientWidth };
        return { ring, fits: c.top - ring >= box.top && c.left - ring >= box.left && c.right + ring <= box.right };
      });
    const current = await inside();
    assert.ok(current.ring > 0, 'the current move is ringed');
    assert.ok(current.fits, 'the current move’s ring is inside the list');
    await $('replay-move').first().focus();
    await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('ArrowLeft');
    const focused = await inside();
    assert.ok(focused.fits, `the focus ring is inside the list (${focused.ring} px)`);
  });
});

describe('defect 11: words a person understands', () => {
  test('row by row, the first steps say what they did: no ties marked that are not there, no “units of propagation”', async () => {
    await session.open(riverQuery(SAMPLE5));
    await $('order').selectOption('tiers');
    const words = [];
    for (let i = 0; i < 4; i++) {
      await $('step').click();
      await session.page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'paused');
      const read = async (id) => (await $(id).textContent()).trim();
      const [progress, timeline, frontier] = [await read('progress-text'), await read('timeline-text'), await read('frontier-title')];
      words.push({ progress, timeline, frontier, ties: Number(await $('ties').getAttribute('data-value')), decided: Number(await $('decided').getAttribute('data-value')), total: Number(await $('total').getAttribute('data-value')) });
    }
    for (const w of words) {
      if (w.ties === 0) assert.doesNotMatch(w.progress, /marking .*ties/i, `no ties to mark: "${w.progress}"`);
      if (w.decided < w.total) assert.doesNotMatch(w.frontier, /every position is decided/i, `${w.decided} of ${w.total} decided: "${w.frontier}"`);
      assert.doesNotMatch(w.timeline, /units? of propagation/, w.timeline);
    }
    assert.match(words[3].timeline, /\d+ decided positions? worked back from/, 'the timeline counts positions');
  });

  test('the game menu gives each problem its own name too (过河卒, 棋盘游戏, 一双木棋)', async () => {
    await session.open(riverQuery(SAMPLE2));
    // The list as it opens (the menu, closed, shows its game's title alone: gamemenu.js).
    await $('game').dispatchEvent('pointerdown');
    const names = await $('game').evaluate((select) => Object.fromEntries([...select.options].map((o) => [o.value, o.textContent])));
    assert.match(names.river, /^River pawn · 过河卒/);
    assert.match(names.chase, /^Chase · 棋盘游戏/);
    assert.match(names.tableau, /^Tableau · 一双木棋/);
  });

  test('the speed slider reads as one scale: each notch where it is and what it does', async () => {
    await session.open(riverQuery(SAMPLE2));
    const notches = Number(await $('speed').getAttribute('max')) + 1;
    const labels = [];
    for (let i = 0; i < notches; i++) {
      await $('speed').evaluate((slider, v) => {
        slider.value = String(v);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }, i);
      labels.push(await $('speed-value').textContent());
    }
    labels.forEach((label, i) => {
      const match = /^(\d+) of (\d+): (\S.*)$/.exec(label);
      assert.ok(match, `notch ${i}: "${label}"`);
      assert.deepEqual([Number(match[1]), Number(match[2])], [i + 1, notches], `notch ${i}: its place on the scale`);
      assert.match(match[3], i === notches - 1 ? /^as fast as it goes$/ : /^[\d,]+ (position|layer)s? a second$/, `notch ${i}: what it does`);
    });
    assert.equal(await $('speed').getAttribute('aria-valuetext'), labels.at(-1), 'read out as shown');
  });
});

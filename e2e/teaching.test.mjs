// Browser tests of the algorithm stepped a line at a time (panels/code.js, panels/queuestrip.js,
// machine/lesson.js): the lit line, the variables, the queue and the main board following the
// step are checked against a Lab of the test's own that solved the same board to the end (the
// value of each position taken, each parent decided, the pieces drawn), and against the shown
// state itself only where the algorithm relates two moments (the queue's head is what is taken
// next; a counter drops by one; a line back and forth again is the same state).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { pageSession, solveInPage } from './helpers.mjs';

const session = pageSession();
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** Everything the teaching views show, read at once. */
const read = () =>
  session.page.evaluate(() => {
    const q = (id) => document.querySelector(`[data-testid=${id}]`);
    const board = q('board');
    return {
      phase: q('controls').dataset.phase,
      lines: [...document.querySelectorAll('[data-testid=code-line][data-current]')].map((li) => li.dataset.line),
      index: q('code-card').dataset.index,
      vars: Object.fromEntries([...document.querySelectorAll('[data-testid^=var-]')].map((el) => [el.dataset.testid.slice(4), el.dataset.value])),
      decision: q('var-decision')?.textContent ?? '',
      queue: [...document.querySelectorAll('[data-testid=queue-item]')].map((el) => Number(el.dataset.position)),
      queueLength: q('queue-length')?.textContent ?? '',
      shows: board.dataset.shows,
      position: board.dataset.position,
      pieces: board.dataset.pieces,
      // The progress line without its timing (milliseconds differ between two runs of a line).
      progress: q('progress-text').textContent.replace(/ · [\d,.]+ ms$/, ''),
    };
  });

/** Presses `control` and waits until the page shows something else, paused again. */
async function press(control) {
  const before = JSON.stringify(await read());
  await $(control).click();
  for (let tries = 0; tries < 400; tries++) {
    const now = await read();
    if (['paused', 'solved'].includes(now.phase) && JSON.stringify(now) !== before) return now;
    await session.page.waitForTimeout(15);
  }
  assert.fail(`${control} changed nothing`);
}

/** The test's own Lab's answer for a position: `{value, remoteness}` or `{score}`, its pieces. */
const truth = (position) =>
  session.page.evaluate((pos) => ({ outcome: window.testLab.outcome(pos), pieces: [...window.testLab.pieces(pos)].join(',') }), position);

/**
 * Steps a win/lose game a line at a time, `lines` times, checking every line against the test's
 * Lab; every `layerEvery` lines it jumps to the next layer (Layer ▶) to reach later tiers. Returns
 * the line ids seen.
 */
async function walk({ lines, layerEvery = Infinity, order }) {
  const seen = new Set();
  /** Positions taken so far (none twice), and the distance of the last one (one queue: never less). */
  const taken = new Set();
  let distance = 0;
  let prev = await read();
  // A small board is solved live on load: the first line starts the analysis over.
  for (let i = 0; i < lines; i++) {
    const jumped = i > 0 && i % layerEvery === 0;
    const now = await press(jumped ? 'step-layer' : 'step-line');
    if (now.phase === 'solved') break;
    assert.equal(now.lines.length, 1, `one line is lit: ${now.lines}`);
    const [line] = now.lines;
    seen.add(line);
    const popped = now.vars.popped === undefined ? null : Number(now.vars.popped);
    if (popped !== null) {
      const { outcome, pieces } = await truth(popped);
      assert.equal(now.vars['popped-value'], `${outcome.value}:${outcome.remoteness}`, `line ${i}: c's value is the table's`);
      assert.equal(now.shows, 'position', `line ${i}: the board follows the step`);
      assert.equal(Number(now.position), popped, `line ${i}: the board shows c`);
      assert.equal(now.pieces, pieces, `line ${i}: the board draws c's pieces`);
      // A position newly taken is the one the queue showed at its head.
      const newly = prev.vars.popped !== now.vars.popped || (['take', 'arrive'].includes(line) && prev.index !== now.index && now.index === '0');
      if (newly && !jumped && prev.queue.length > 0 && prev.lines[0] !== 'ties') assert.equal(popped, prev.queue[0], `line ${i}: c was the queue's head`);
      if (newly && line === 'take') {
        assert.ok(!taken.has(popped), `line ${i}: #${popped} is taken once`);
        taken.add(popped);
        if (order === 'global') assert.ok(outcome.remoteness >= distance, `line ${i}: one queue takes by distance: ${outcome.remoteness} after ${distance}`);
        distance = outcome.remoteness;
      }
    }
    const parent = now.vars.parent === undefined ? null : Number(now.vars.parent);
    if (line === 'win' || line === 'lose') {
      const { outcome } = await truth(parent);
      assert.equal(outcome.value, line, `line ${i}: p's value is the table's`);
      assert.match(now.decision, new RegExp(` in ${outcome.remoteness}$`), `line ${i}: p's distance is the table's`);
      assert.equal(Number(now.queueLength), Number(prev.queueLength) + 1, `line ${i}: p is queued`);
      // Won after a child lost for its mover; lost once its last move is refuted.
      if (line === 'win') assert.match(now.vars['popped-value'], /^lose:/, `line ${i}: p wins because c is lost`);
      else assert.equal(now.vars['counter-before'], '1', `line ${i}: p loses as its last move is refuted`);
    }
    if (line === 'count') assert.equal(Number(now.vars['counter-after']), Number(now.vars['counter-before']) - 1, `line ${i}: the counter drops by one`);
    if (line === 'skip') assert.equal(now.vars['counter-before'], '', `line ${i}: a skipped parent has no counter`);
    if (i % 9 === 4) {
      // A line back and forth again shows the same state.
      await press('step-line-back');
      assert.deepEqual(await press('step-line'), now, `line ${i}: back and forth again`);
    }
    prev = now;
  }
  return seen;
}

describe('the algorithm, a line at a time', () => {
  test('river 3×3, tier by tier: every line checked against the engine; back and forth', async () => {
    await session.open('?game=river&board=O..%2F.O.%2FX..');
    await $('order').selectOption('tiers');
    await solveInPage(session.page, 'river', 'O..\n.O.\nX..');
    const seen = await walk({ lines: 50, layerEvery: 18 });
    for (const line of ['scan', 'arrive', 'parent', 'win', 'ties']) assert.ok(seen.has(line), `${line} was lit: ${[...seen]}`);
    assert.equal(await $('code').getAttribute('data-algorithm'), 'tiers');
  });

  test('river 5×5, one queue: taking, counting, losing and skipping, checked against the engine', async () => {
    const rows = ['O.O..', '.....', '..#..', '.....', '..X..'];
    await session.open(`?game=river&board=${encodeURIComponent(rows.join('/'))}`);
    await $('order').selectOption('global');
    await solveInPage(session.page, 'river', rows.join('\n'));
    const seen = await walk({ lines: 70, layerEvery: 25, order: 'global' });
    for (const line of ['scan', 'take', 'parent', 'win', 'count', 'skip']) assert.ok(seen.has(line), `${line} was lit: ${[...seen]}`);
    assert.equal(await $('code').getAttribute('data-algorithm'), 'queue');
  });

  test('chase 3×3: the same checks on a game with one kind of piece each', async () => {
    await session.open('?game=chase&n=3&white=1,1&black=3,3');
    await solveInPage(session.page, 'chase', 'W..\n...\n..B');
    const seen = await walk({ lines: 40, order: 'global' });
    for (const line of ['parent', 'win']) assert.ok(seen.has(line), `${line} was lit: ${[...seen]}`);
  });

  test('tableau 2×3: the layered solver; a position scored is the table’s score', async () => {
    await session.open('?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1');
    await solveInPage(session.page, 'tableau', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1');
    let scored = 0;
    for (let i = 0; i < 80; i++) {
      const now = await press('step-line');
      if (now.phase === 'solved') break;
      if (i === 0) assert.equal(await $('code').getAttribute('data-algorithm'), 'layers');
      if (now.lines[0] !== 'scored') continue;
      const { outcome, pieces } = await truth(Number(now.vars.popped));
      assert.equal(Number(now.vars.best), outcome.score, `line ${i}: score[p] is the table's`);
      assert.equal(now.pieces, pieces, `line ${i}: the board draws p's stones`);
      scored += 1;
    }
    assert.ok(scored >= 3, `positions scored: ${scored}`);
  });

  test('a composed game (the River pawn rules): the same checks from the rules file', async () => {
    const rules = readFileSync(new URL('../rules/river-pawn.toml', import.meta.url), 'utf8');
    const rows = ['O..', '.O.', 'X..'];
    await session.open(`?game=custom&rules=${encodeURIComponent(rules)}&board=${encodeURIComponent(rows.join('/'))}`);
    await session.page.evaluate(
      async ([board, rules]) => {
        const engine = await import('./www/pkg/retrolab.js');
        window.testLab?.free();
        window.testLab = new engine.Lab(new engine.Start('custom', board, rules));
        while (!window.testLab.runFor(50, Infinity).done);
      },
      [rows.join('\n'), rules],
    );
    const seen = await walk({ lines: 30 });
    for (const line of ['parent', 'win']) assert.ok(seen.has(line), `${line} was lit: ${[...seen]}`);
  });

  test('Predict: asked before a parent is decided, graded by what the line then does', async () => {
    await session.open('?game=river&board=O..%2F.O.%2FX..');
    await press('step-line');
    await $('predict').check();
    let graded = 0;
    for (let i = 0; i < 60 && graded < 4; i++) {
      await press('step-line');
      if (!(await $('predict-question').isVisible())) continue;
      await $('predict-win').click();
      await session.page.waitForSelector('[data-testid=predict-result]:not([hidden])');
      const now = await read();
      const truthful = now.lines[0] === 'win';
      assert.equal(await $('predict-result').getAttribute('data-correct'), String(truthful), `graded by the line: ${now.lines[0]}`);
      graded += 1;
    }
    assert.ok(graded >= 2, `questions answered: ${graded}`);
  });
});

describe('words that match what is on show', () => {
  test('a scan that queues nothing does not say it seeds the queue', async () => {
    // Tier by tier, the first tier (black on the top row: every game over) has no parent in it.
    await session.open('?game=river&board=O..%2F.O.%2FX..');
    await $('order').selectOption('tiers');
    const scan = await press('step-line');
    assert.equal(scan.lines[0], 'scan');
    assert.equal(scan.queueLength === '' ? 0 : Number(scan.vars['queue-length']), 0, 'the first tier queues nothing');
    assert.match(await $('code-says').textContent(), /nothing is queued/);
    assert.match(await $('frontier-lines').textContent(), /nothing is queued/);
    assert.doesNotMatch(await $('frontier-lines').textContent(), /seed the queue/);
    // The next tier's scan queues its finished positions, and says so.
    const next = await press('step-layer');
    const again = next.lines[0] === 'scan' ? next : await press('step-line');
    assert.equal(again.lines[0], 'scan');
    assert.ok(Number(again.vars['queue-length']) > 0, `the second tier queues: ${again.vars['queue-length']}`);
    assert.match(await $('code-says').textContent(), /a place in the queue/);
  });

  test('the keys . and , step a line as the buttons do, on a board solved as it was drawn too', async () => {
    await session.open('?game=river&board=O..%2F.O.%2FX..');
    await session.page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'solved');
    await session.page.locator('body').click({ position: { x: 5, y: 5 } });
    await session.page.keyboard.press('.');
    await session.page.waitForFunction(() => document.querySelector('[data-testid=code-card]')?.dataset.line === 'scan');
    await session.page.keyboard.press('.');
    await session.page.waitForFunction(() => document.querySelector('[data-testid=code-card]').dataset.line !== 'scan');
    const after = await read();
    await session.page.keyboard.press(',');
    await session.page.waitForFunction(() => document.querySelector('[data-testid=code-card]').dataset.line === 'scan');
    assert.notEqual(after.lines[0], 'scan');
  });

  test('the main button says what it continues', async () => {
    const sample5 = ['...######', '.#.......', '.#######.', '.#.#.....', '.#O#.####', '.#.#.....', '.#######.', '.#X......', '.O.......'];
    await session.open(`?game=river&board=${encodeURIComponent(sample5.join('/'))}&solve=1`);
    await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 60_000 });
    assert.equal(await $('play').textContent(), '▶ Replay');
    await $('play').click();
    await session.page.waitForTimeout(1500);
    await $('play').click(); // pause the 75-move replay part way
    await session.page.waitForFunction(() => !/Pause/.test(document.querySelector('[data-testid=play]').textContent));
    assert.equal(await $('play').textContent(), '▶ Continue replay');
  });
});

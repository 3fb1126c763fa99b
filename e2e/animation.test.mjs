// Browser tests of watching the analysis: step, step layer, play / pause, speed, restart,
// solve instantly, the histogram, the replay of optimal play, the shortcuts, sound, and
// frame times at full speed on 16×16. In Debian's headless Chromium (`./build.sh test`);
// every test fails on any console error or uncaught exception. Screenshots go to e2e/out/.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { CASES, OUT, cellCentre, pageSession, riverLink, riverSamples } from './helpers.mjs';

const session = pageSession();
let sample5;

before(async () => {
  sample5 = riverLink((await riverSamples())[4]);
});

/** Opens the page on a query string and waits until the solver is loaded. */
const open = (query) => session.open(query);

const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const value = async (id) => Number(await $(id).getAttribute('data-value'));
const phase = () => $('controls').getAttribute('data-phase');
const frontier = async () =>
  session.page.evaluate(() => ({ ...document.querySelector('[data-testid=frontier]').dataset }));
const screenshot = (name) => session.page.screenshot({ path: new URL(name, OUT).pathname, fullPage: true });

/** Screenshots `name`.png in the light theme and `name`-dark.png in the dark one. */
async function screenshots(name) {
  await session.page.mouse.move(0, 0);
  await screenshot(`${name}.png`);
  await session.page.emulateMedia({ colorScheme: 'dark' });
  await session.page.waitForTimeout(200);
  await screenshot(`${name}-dark.png`);
  await session.page.emulateMedia({ colorScheme: 'light' });
}

/** Waits until the analysis is in phase `want`. */
const settled = (want) => session.page.waitForFunction((p) => document.querySelector('[data-testid=controls]').dataset.phase === p, want);

/** Presses `control` (a test id) and waits until the work it asked for is shown. */
async function stepWith(act) {
  const seq = (await frontier()).seq ?? '';
  await act();
  await session.page.waitForFunction((s) => {
    const f = document.querySelector('[data-testid=frontier]');
    const c = document.querySelector('[data-testid=controls]');
    return (f.dataset.seq ?? '') !== s && c.dataset.phase !== 'stepping';
  }, seq);
  return frontier();
}
const step = (id = 'step') => stepWith(() => $(id).click());

/** Sets the speed slider to notch `index` (0 = 1 position a second; beyond the last, as fast as it goes). */
const setSpeed = (index) =>
  session.page.evaluate((i) => {
    const slider = document.querySelector('[data-testid=speed]');
    slider.value = String(i);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }, index);

const resultOf = async () => {
  await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
  return $('verdict').getAttribute('data-result');
};

/** Chooses the order of the analysis (remembered: a test that changes it puts it back). */
const useOrder = (order) => $('order').selectOption(order);

describe('watching the analysis', () => {
  test('Step: the scan, then one queue entry at a time; decided grows by exactly the positions shown', async () => {
    await open(sample5);
    await useOrder('global'); // one queue: every finished position is queued by the scan
    await settled('solved'); // solved live: Step steps the analysis from the start
    assert.equal(await $('step').isEnabled(), true);
    const scan = await step();
    assert.equal(scan.kind, 'scan');
    const decided = await value('decided');
    assert.equal(Number(scan.decided), decided, 'the scan decides the finished positions');
    assert.equal(await value('queued'), (await value('wins')) + (await value('losses')), 'won and lost ones are queued');
    assert.equal(await value('total'), 115_248);
    let someDecided = 0;
    for (let i = 0; i < 40; i++) {
      const before = await value('decided');
      const shown = await step();
      assert.equal(shown.kind, 'pop');
      assert.equal(Number(shown.decided), Number(shown.won) + Number(shown.lost));
      assert.equal((await value('decided')) - before, Number(shown.decided), `step ${i + 1}: decided grows by the parents shown decided`);
      someDecided += Number(shown.decided);
    }
    assert.ok(someDecided > 0, 'some steps decide parents');
    assert.equal(Number(await $('histogram').getAttribute('data-total')), await value('decided'), 'the histogram counts every decided position');
    // The position taken from the queue is drawn on the main board, the code card beside it.
    assert.equal(await $('board').getAttribute('data-shows'), 'position', 'the board follows the step');
    assert.equal(await $('board').getAttribute('data-position'), await $('var-popped').getAttribute('data-value'), 'the board shows the position taken');
    assert.equal(await $('code-card').isVisible(), true, 'the code card says what the step did');
    await useOrder('tiers');
  });

  test('Step layer: pops until the next entry is one move further out', async () => {
    await open(sample5);
    await useOrder('global'); // one queue: remoteness layers run over the whole board
    await step();
    for (const r of [0, 1, 2]) {
      const layer = await step('step-layer');
      assert.equal(layer.remoteness, String(r), `the layer ends with remoteness ${r}`);
      const next = await step();
      assert.equal(next.remoteness, String(r + 1), `then the queue's next entry is at ${r + 1}`);
    }
    await useOrder('tiers');
  });

  test('Play then Pause stops it; the histogram total is the decided count; Solve instantly; Restart', async () => {
    await open(sample5);
    await setSpeed(9); // 1000 per second
    assert.equal(await $('speed-value').textContent(), '10 of 17: 1,000 positions a second');
    await $('play').click(); // solved live: Animate starts the analysis again from the empty table
    await settled('running');
    await session.page.waitForFunction(() => Number(document.querySelector('[data-testid=decided]').dataset.value) > 14_000);
    assert.equal(await phase(), 'running');
    assert.equal(await $('play').textContent(), '❚❚ Pause');
    await $('play').click();
    await settled('paused');
    const paused = await value('decided');
    await session.page.waitForTimeout(400);
    assert.equal(await value('decided'), paused, 'nothing moves while paused');
    assert.equal(Number(await $('histogram').getAttribute('data-total')), paused);
    await $('solve-now').click();
    assert.equal(await resultOf(), 'Red 75');
    assert.equal(await value('decided'), 115_248);
    assert.equal(Number(await $('histogram').getAttribute('data-total')), 115_248);
    assert.match(await $('play').textContent(), /Replay/, 'watched: the main button replays');
    await $('restart').click();
    await settled('ready');
    assert.equal(await value('decided'), 0);
    assert.equal(await $('verdict').getAttribute('data-result'), null);
    assert.equal((await step()).kind, 'scan', 'a restarted analysis begins with the scan');
  });

  test('defect 10: Animate solves in tasks of their own, never inside an animation frame (which draws the board)', async () => {
    await open(sample5);
    await session.page.evaluate(async () => {
      const { Lab } = await import('/www/pkg/retrolab.js');
      const frame = window.requestAnimationFrame;
      let inFrame = false;
      window.requestAnimationFrame = (callback) =>
        frame((time) => {
          inFrame = true;
          try {
            callback(time);
          } finally {
            inFrame = false;
          }
        });
      const { runFor } = Lab.prototype;
      window.slices = { inFrame: 0, apart: 0 };
      Lab.prototype.runFor = function (...args) {
        window.slices[inFrame ? 'inFrame' : 'apart'] += 1;
        return runFor.apply(this, args);
      };
    });
    await setSpeed(Number(await $('speed').getAttribute('max')));
    await $('play').click();
    await settled('solved');
    const slices = await session.page.evaluate(() => window.slices);
    assert.ok(slices.apart >= 3, `the analysis ran in slices (${slices.apart})`);
    assert.equal(slices.inFrame, 0, 'no slice inside an animation frame');
  });

  test('mid-run screenshots (river sample 5), light and dark', async () => {
    await open(sample5);
    await step();
    for (let i = 0; i < 28; i++) await step('step-layer');
    await setSpeed(4); // 20 per second
    await $('play').click();
    await session.page.waitForTimeout(700);
    await session.page.mouse.move(0, 0);
    await screenshot('river-animation.png');
    await session.page.emulateMedia({ colorScheme: 'dark' });
    await session.page.waitForTimeout(300);
    await screenshot('river-animation-dark.png');
    await session.page.emulateMedia({ colorScheme: 'light' });
    await $('play').click();
  });

  test('clicking a histogram bar shows an example position of that remoteness', async () => {
    await open(`${sample5}&solve=1`);
    await resultOf();
    // The histogram is low in the inspector, which scrolls to show each example: find it each time.
    await $('histogram').click({ position: { x: 24, y: 30 } });
    const example = await frontier();
    assert.equal(example.kind, 'example');
    assert.match(await $('frontier-title').textContent(), /^Example: (Red|Black) to move wins in \d+$/);
    assert.equal(await $('inset').isVisible(), true);
    const box = await $('histogram').boundingBox();
    await $('histogram').click({ position: { x: 24, y: box.height - 40 } });
    assert.match(await $('frontier-title').textContent(), /^Example: (Red|Black) to move loses in \d+$/);
  });
});

describe('replay', () => {
  test('sample 5: 75 moves of optimal play, Red wins', async () => {
    await open(`${sample5}&solve=1`);
    assert.equal(await resultOf(), 'Red 75');
    await $('replay-start').click();
    assert.equal(await phase(), 'replaying');
    assert.equal(await $('replay-move').count(), 75);
    assert.equal(await $('verdict').textContent(), 'Red wins in 75 moves');
    assert.equal(await $('replay-prev').isDisabled(), true);
    for (let i = 1; i <= 75; i++) {
      await $('replay-next').click();
      if (i === 1) assert.equal(await $('verdict').textContent(), 'Red wins in 74 more moves');
    }
    assert.equal(await $('verdict').textContent(), 'Red has won');
    assert.match(await $('replay-status').textContent(), /^Move 75 of 75/);
    assert.equal(await $('replay-next').isDisabled(), true);
    assert.equal(await $('verdict').getAttribute('data-result'), 'Red 75', 'the contest answer stays');
    await $('replay-move').nth(11).click();
    assert.match(await $('replay-status').textContent(), /^Move 12 of 75 · Red to move/);
    // Play replays at the slider's speed (at most 8 moves a second); Play again pauses.
    await setSpeed(16);
    await $('play').click();
    await session.page.waitForFunction(() => /^Move (1[4-9]|[2-7]\d) of/.test(document.querySelector('[data-testid=replay-status]').textContent));
    await $('play').click();
    const stopped = await $('replay-status').textContent();
    await session.page.waitForTimeout(300);
    assert.equal(await $('replay-status').textContent(), stopped, 'paused');
    await $('replay-move').nth(11).click();
    await session.page.mouse.move(0, 0);
    await screenshot('river-replay.png');
    await session.page.emulateMedia({ colorScheme: 'dark' });
    await session.page.waitForTimeout(200);
    await screenshot('river-replay-dark.png');
    await session.page.emulateMedia({ colorScheme: 'light' });
  });

  test('playing a move that is not optimal changes the verdict; Back undoes it', async () => {
    await open(`${sample5}&solve=1`);
    await resultOf();
    await $('replay-start').click();
    await $('board').scrollIntoViewIfNeeded(); // the replay's buttons are below the move table: the board may have scrolled up
    // Red's moves at the start of sample 5: the piece at (4,2) up or down, the one at (8,1) left or right.
    let changed = null;
    for (const [row, col] of [[3, 2], [5, 2], [8, 0], [8, 2]]) {
      const { x, y } = await cellCentre(session.page, row, col);
      await session.page.mouse.click(x, y);
      assert.match(await $('replay-status').textContent(), /^Move 1 of/);
      const words = await $('verdict').textContent();
      if (words !== 'Red wins in 74 more moves') {
        changed = words;
        assert.equal(await session.page.locator('[data-testid=replay-move].mine').count(), 1, 'the move is marked as the person’s');
        assert.match(await $('replay-status').textContent(), /your line/);
      }
      await $('replay-prev').click();
      assert.equal(await $('verdict').textContent(), 'Red wins in 75 moves', 'Back returns to the start');
      if (changed) break;
    }
    assert.ok(changed, 'some first move is worse than the optimal one');
    assert.match(changed, /^(Red wins in (7[5-9]|[89]\d|\d{3,}) more moves|Black wins in \d+ more moves|Tie)/);
  });
});

describe('keyboard and sound', () => {
  test('Space play/pause, → step, Shift+→ step layer, +/− speed, R restart, ← → in the replay', async () => {
    await open(sample5);
    await useOrder('global'); // one queue: the second step pops
    await setSpeed(2);
    await settled('solved');
    await session.page.locator('header h1').click();
    // Solved live, → walks the replay: R starts the analysis again from the empty table.
    await session.page.keyboard.press('r');
    await settled('ready');
    await session.page.keyboard.press('+');
    assert.equal(await $('speed-value').textContent(), '4 of 17: 10 positions a second');
    await session.page.keyboard.press('-');
    await session.page.keyboard.press('-');
    assert.equal(await $('speed-value').textContent(), '2 of 17: 2 positions a second');
    assert.equal((await stepWith(() => session.page.keyboard.press('ArrowRight'))).kind, 'scan');
    assert.equal((await stepWith(() => session.page.keyboard.press('ArrowRight'))).kind, 'pop');
    assert.equal((await stepWith(() => session.page.keyboard.press('Shift+ArrowRight'))).remoteness, '0');
    await session.page.keyboard.press('Space');
    assert.equal(await phase(), 'running');
    await session.page.keyboard.press('Space');
    await settled('paused');
    // On the focused Play button, Space toggles once (not also as a button click).
    await $('play').focus();
    await session.page.keyboard.press('Space');
    await session.page.waitForTimeout(100);
    assert.equal(await phase(), 'running');
    await session.page.keyboard.press('Space');
    await settled('paused');
    await session.page.keyboard.press('r');
    await settled('ready');
    assert.equal(await value('decided'), 0);
    await $('board').focus();
    await session.page.keyboard.press('Enter');
    assert.equal(await resultOf(), 'Red 75');
    // The focused board keeps its own arrows (its cursor); off the board they walk the replay.
    await session.page.locator('header h1').click();
    await session.page.keyboard.press('ArrowRight');
    assert.match(await $('replay-status').textContent(), /^Move 1 of 75/);
    await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('ArrowLeft');
    assert.match(await $('replay-status').textContent(), /^Move 1 of 75/);
    await session.page.keyboard.press('Home');
    assert.match(await $('replay-status').textContent(), /^Move 0 of 75/);
    await useOrder('tiers');
  });

  test('defect 11: sound is off on a first visit; the switch is remembered across visits', async () => {
    await open(sample5);
    assert.equal(await $('sound').getAttribute('aria-pressed'), 'false', 'off until turned on');
    assert.equal(await $('sound').textContent(), 'Sound off');
    await $('sound').click();
    assert.equal(await $('sound').getAttribute('aria-pressed'), 'true');
    await session.page.reload();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
    assert.equal(await $('sound').getAttribute('aria-pressed'), 'true', 'on, as left');
    await $('sound').click();
    await session.page.reload();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
    assert.equal(await $('sound').getAttribute('aria-pressed'), 'false', 'off, as left');
    await $('sound').click();
    assert.equal(await $('sound').textContent(), 'Sound on');
    // With sound on after a gesture, stepping and replaying play effects without errors.
    await step();
    await step('step-layer');
    await $('solve-now').click();
    await resultOf();
    await $('replay-next').click();
  });
});

describe('chase and tableau', () => {
  test('chase: the same controls, the inset, the replay', async () => {
    await open('?game=chase&n=8&white=2,2&black=7,6');
    await setSpeed(8); // 500 per second
    await $('play').click(); // solved live: Animate starts the analysis again from the empty table
    await settled('running');
    await session.page.waitForFunction(() => Number(document.querySelector('[data-testid=decided]').dataset.value) > 1500);
    await $('play').click();
    await settled('paused');
    assert.equal((await step()).kind, 'pop');
    assert.equal(await $('board').getAttribute('data-position'), await $('var-popped').getAttribute('data-value'), 'the board shows the position taken');
    await screenshots('chase-animation');
    await $('solve-now').click();
    const answer = await resultOf();
    assert.match(answer, /^(WHITE|BLACK) \d+$/);
    const moves = Number(answer.split(' ')[1]);
    await $('replay-start').click();
    assert.equal(await $('replay-move').count(), moves);
  });

  test('tableau: the staircase empties while scored and fills in the replay', async () => {
    const numbers = (await readFile(new URL('tableau/020.in', CASES), 'utf8')).trim().split('\n');
    await open('?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1');
    await session.page.locator('.contest-text summary').click();
    await $('contest-text').fill(numbers.join('\n'));
    await $('use-text').click();
    const [n, m] = numbers[0].split(/\s+/).map(Number);
    assert.equal(await $('rows').inputValue(), String(n));
    assert.equal(await $('cols').inputValue(), String(m));
    assert.equal((await step()).kind, 'sorted');
    for (let i = 0; i < 5; i++) assert.equal((await step()).kind, 'score');
    assert.equal(Number(await $('histogram').getAttribute('data-total')), 5);
    await step('step-layer');
    await session.page.locator('.contest-text summary').click();
    await screenshots('tableau-animation');
    await $('solve-now').click();
    const expected = (await readFile(new URL('tableau/020.ans', CASES), 'utf8')).trim();
    assert.equal(await resultOf(), expected);
    await $('replay-start').click();
    assert.equal(await $('replay-move').count(), n * m);
    for (let i = 0; i < n * m; i++) await session.page.keyboard.press('ArrowRight');
    assert.match(await $('verdict').textContent(), /^Final: /);
    await session.page.keyboard.press('Home');
    for (let i = 0; i < 5; i++) await session.page.keyboard.press('ArrowRight');
    await screenshots('tableau-replay');
  });
});


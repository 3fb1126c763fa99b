// Browser tests of the timeline and of where values came from (issue 12 §4), in Debian's
// headless Chromium: rewinding by re-running gives the tables and counters of stepping there,
// and forward again the finished table (the engine's checksum of every record); a tapped
// heatmap cell names the step that decided it and a child whose value, checked with a fresh
// engine and the CLI, makes the claim true, undecided one step earlier; tableau's timeline
// scrubs layers. Screenshots go to e2e/out/.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { OUT, cellCentre, nodeGames, pageSession, riverLink, riverSamples, wholeTable } from './helpers.mjs';
import { provenanceWords } from '../www/panels/provenance.js';
import { stepWords } from '../www/panels/timeline.js';
import { Phase } from '../www/pkg/retrolab.js';

const { river, tableau } = await nodeGames();

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;

const session = pageSession();
let page;
let samples;

before(async () => {
  samples = await riverSamples();
});

/** Opens the page on a query string and waits until the solver is loaded. */
const open = async (query) => {
  page = await session.open(query);
};

const $ = (id) => page.locator(`[data-testid=${id}]`);
const phase = () => $('controls').getAttribute('data-phase');
const solved = () => page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 60_000 });

/** The timeline's hooks and the counters, once the analysis rests at a step (checksum computed). */
async function atRest() {
  await page.waitForSelector('[data-testid=timeline][data-checksum]', { timeout: 60_000 });
  return page.evaluate(() => {
    const value = (id) => Number(document.querySelector(`[data-testid=${id}]`).dataset.value);
    const t = document.querySelector('[data-testid=timeline]');
    return {
      step: Number(t.dataset.step),
      value: Number(t.value),
      max: Number(t.max),
      steps: t.dataset.steps === '' ? null : Number(t.dataset.steps),
      checksum: t.dataset.checksum,
      counters: ['total', 'decided', 'queued', 'wins', 'losses', 'ties'].map(value),
      text: document.querySelector('[data-testid=timeline-text]').textContent,
    };
  });
}

/** Drags the timeline to `step` (as the range input reports a drag) and waits until it is shown. */
async function rewindTo(step) {
  await page.evaluate((s) => {
    const slider = document.querySelector('[data-testid=timeline]');
    slider.value = String(s);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }, step);
  await page.waitForFunction((s) => Number(document.querySelector('[data-testid=timeline]').dataset.step) === s, step, { timeout: 60_000 });
  return atRest();
}

/** Presses Step `times` times, each time waiting until the analysis waits again. */
async function pressStep(times) {
  for (let i = 0; i < times; i++) {
    await $('step').click();
    await page.waitForFunction(() => ['paused', 'solved'].includes(document.querySelector('[data-testid=controls]').dataset.phase));
  }
}

/** The provenance box's hooks once it has an answer. */
async function provenance() {
  await page.waitForSelector('[data-testid=provenance]:not([hidden]):not([data-how=working])');
  return page.evaluate(() => {
    const d = document.querySelector('[data-testid=provenance]').dataset;
    const n = (v) => (v === '' ? null : Number(v));
    return {
      position: n(d.position), toMove: n(d.toMove), value: d.value, remoteness: n(d.remoteness), how: d.how, step: n(d.step),
      child: n(d.child), childToMove: n(d.childToMove), childValue: d.childValue, childRemoteness: n(d.childRemoteness),
      text: document.querySelector('[data-testid=provenance]').textContent,
    };
  });
}

/** Taps the heatmap cell at `row`, `col` (0-based), the provenance box closed first, and waits for its provenance. */
async function tapCell(row, col) {
  // A tap asks where the cell's value came from (on a game with obstacles, once chosen).
  if (await $('tap-mode').isVisible()) await $('tap-inspect').check();
  if (await $('provenance').isVisible()) await $('provenance-close').click();
  await page.waitForSelector('[data-testid=provenance][hidden]', { state: 'attached' });
  // The page may scroll the verdict into view, smoothly, when an analysis ends: wait until the
  // board is in view and still.
  await $('board').scrollIntoViewIfNeeded();
  for (let moved = true; moved; ) {
    const before = await $('board').boundingBox();
    await page.waitForTimeout(50);
    moved = (await $('board').boundingBox()).y !== before.y;
  }
  const at = await cellCentre(page, row, col);
  await page.mouse.click(at.x, at.y);
  return provenance();
}

/** The outcome of `position` for `game`'s board `text`, from a fresh engine in the page (not the page's analysis). */
const engineOutcome = (game, text, position) =>
  page.evaluate(
    async ([g, t, pos]) => {
      const engine = await import('./www/pkg/retrolab.js');
      const lab = new engine.Lab(new engine.Start(g, t));
      while (!lab.runFor(50, Infinity).done);
      const outcome = lab.outcome(pos);
      const toMove = lab.toMove(pos);
      lab.free();
      return { ...outcome, toMove };
    },
    [game, text, position],
  );

/** The CLI's answer line for one river board (red to move). */
const cliRiver = (rows) => execFileSync(CLI, ['river'], { input: `0 1\n${rows.length} ${rows[0].length}\n${rows.join('\n')}\n` }).toString().trim();

/** River rows with the black piece moved to `row`, `col`. */
function blackAt(rows, row, col) {
  const cells = rows.map((r) => [...r.replace('X', '.')]);
  cells[row][col] = 'X';
  return cells.map((r) => r.join(''));
}

describe('timeline', () => {
  test('river: step s on the timeline is Step pressed s times, and forward again is the finished table', async () => {
    await open(riverLink(samples[4]));
    await pressStep(40);
    const stepped = await atRest();
    assert.equal(stepped.step, 40, 'each Step press is one step of the timeline');
    await $('solve-now').click();
    await solved();
    const done = await atRest();
    assert.equal(done.step, done.steps);
    assert.equal(done.max, done.steps, 'the slider ends at the last step');
    assert.equal(done.counters[1], done.counters[0], 'all decided');
    for (const step of [40, 1, 0, 2000, 39]) {
      const back = await rewindTo(step);
      assert.equal(await phase(), 'paused');
      if (step === 40) {
        assert.equal(back.checksum, stepped.checksum, 'the table of step 40 is the one Step reached');
        assert.deepEqual(back.counters, stepped.counters);
      }
      assert.ok(back.counters[1] < done.counters[1], `fewer decided at step ${step}`);
      assert.equal(await $('verdict').getAttribute('data-result'), null, 'no verdict before the end');
    }
    const again = await rewindTo(done.steps);
    await solved();
    assert.equal(await $('verdict').getAttribute('data-result'), 'Red 75');
    assert.equal(again.checksum, done.checksum, 'forward to the end: the same table');
    assert.deepEqual(again.counters, done.counters);
  });

  test('dragging backwards shows fewer decided positions, forwards more, and Play goes on from a rewound step', async () => {
    await open(`${riverLink(samples[4])}&solve=1`);
    await solved();
    const { steps } = await atRest();
    const decided = [];
    for (const step of [steps - 1, 90_000, 50_000, 20_000, 5000, 1]) decided.push((await rewindTo(step)).counters[1]);
    for (let i = 1; i < decided.length; i++) assert.ok(decided[i] < decided[i - 1], `backwards: ${decided}`);
    const forwards = [];
    for (const step of [2, 5000, 50_000, steps - 1]) forwards.push((await rewindTo(step)).counters[1]);
    for (let i = 1; i < forwards.length; i++) assert.ok(forwards[i] > forwards[i - 1], `forwards: ${forwards}`);
    assert.equal(forwards[1], decided[4], 'step 5000 either way');
    await rewindTo(60_000);
    await $('solve-now').click();
    await solved();
    assert.equal((await atRest()).step, steps);
  });

  test('tableau: the timeline scrubs layers, from the full board back to the empty one', async () => {
    // 2 × 3: staircases by stones 0…6 number 1, 1, 2, 2, 2, 1, 1 (10 in all).
    await open('?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1&solve=1');
    await solved();
    const done = await atRest();
    assert.equal(done.steps, 8, 'the scan and 7 layers');
    const sizes = [1, 1, 2, 2, 2, 1, 1];
    for (const step of [1, 2, 5, 7, 3, 0]) {
      const at = await rewindTo(step);
      const scored = sizes.slice(sizes.length - Math.max(0, step - 1)).reduce((a, b) => a + b, 0);
      assert.equal(at.counters[1], scored, `step ${step}: the ${step - 1} last layers scored`);
      if (step >= 2) assert.match(at.text, new RegExp(`the positions with ${8 - step} stones? scored`));
    }
    const end = await rewindTo(8);
    await solved();
    assert.equal(end.checksum, done.checksum);
    assert.equal(await $('verdict').getAttribute('data-result'), '2');
  });

  test('16×16: rewinding re-runs in slices with progress, and a newer drag replaces an older one', async () => {
    const lines = (await readFile(new URL('../benches/data/river-tie-16x16.in', import.meta.url), 'utf8')).split('\n');
    const rows = lines.slice(2, 18).map((l) => l.trim());
    await open(`${riverLink(rows)}&solve=1`);
    await solved();
    // Its start reaches 125,500 of its 16,130,268 positions: answered from those first, the
    // whole table follows, and the timeline is the whole table's.
    await wholeTable(page);
    const done = await atRest();
    const texts = [];
    await page.exposeFunction('sawText', (t) => texts.push(t));
    await page.evaluate(() => {
      const text = document.querySelector('[data-testid=timeline-text]');
      new MutationObserver(() => window.sawText(text.textContent)).observe(text, { childList: true, characterData: true, subtree: true });
    });
    const half = Math.floor(done.steps / 2);
    await page.evaluate(([a, b]) => {
      const slider = document.querySelector('[data-testid=timeline]');
      for (const s of [a, b]) {
        slider.value = String(s);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }, [half, half + 1000]);
    const shown = await rewindTo(half + 1000);
    assert.equal(shown.step, half + 1000, 'the last drag wins');
    assert.ok(texts.some((t) => /^Re-running the analysis from the start to step [\d,]+: \d+%$/.test(t)), `progress shown: ${texts.slice(0, 3)}`);
    const end = await rewindTo(done.steps);
    assert.equal(end.checksum, done.checksum);
    // Where a value came from takes a re-run of its own here, in slices with their progress.
    const free = [...rows.join('')].flatMap((ch, cell) => (ch === '.' ? [cell] : []));
    const cell = free[25];
    await page.evaluate(() => {
      const box = document.querySelector('[data-testid=provenance]');
      new MutationObserver(() => box.dataset.how === 'working' && window.sawText(`working ${box.dataset.position}`)).observe(box, { attributes: true });
    });
    const p = await tapCell(Math.floor(cell / rows[0].length), cell % rows[0].length);
    assert.ok(p.how === 'won' || p.how === 'lost', p.how);
    assert.ok(p.step > 1 && p.step < done.steps);
    assert.ok(texts.includes(`working ${p.position}`), 'the search showed its progress first');
  });
});

describe('where each value came from', () => {
  test('river: a tapped cell names the step and the child that decided it, which the engine and the CLI confirm', async () => {
    const rows = samples[4];
    const text = rows.join('\n');
    await open(`${riverLink(rows)}&solve=1`);
    await solved();
    const { steps } = await atRest();
    const checked = new Set();
    for (const [row, col] of [[3, 2], [1, 2], [6, 8], [0, 0], [3, 5], [7, 4]]) {
      const p = await tapCell(row, col);
      checked.add(p.how);
      assert.equal(p.toMove, 0, 'heatmap positions have Red to move');
      if (p.how === 'scan') {
        // Black on the top row (no start the CLI accepts): the engine says it is over.
        const own = await engineOutcome('river', text, p.position);
        assert.deepEqual([p.step, p.value, p.remoteness], [1, own.value, 0]);
        continue;
      }
      // The position's own value, from the CLI: the board with the black piece on that cell.
      const answer = cliRiver(blackAt(rows, row, col));
      assert.equal(answer, `${p.value === 'win' ? 'Red' : 'Black'} ${p.remoteness}`, `cell (${row},${col})`);
      assert.ok(p.how === 'won' || p.how === 'lost', p.how);
      assert.ok(p.step > 1 && p.step < steps);
      // The child, from a fresh engine: lost in r − 1 for a win, won in r − 1 for a loss.
      const child = await engineOutcome('river', text, p.child);
      assert.equal(child.toMove, 1, 'Black to move in the child');
      assert.deepEqual([child.value, child.remoteness], [p.how === 'won' ? 'lose' : 'win', p.remoteness - 1]);
      assert.deepEqual([p.childValue, p.childRemoteness], [child.value, child.remoteness]);
      assert.equal(p.value, p.how === 'won' ? 'win' : 'lose');
      assert.match(p.text, new RegExp(`Decided at step ${p.step.toLocaleString('en-US')} of ${steps.toLocaleString('en-US')}`));
      // When: undecided one step earlier, decided with the same answer at that step.
      await rewindTo(p.step - 1);
      assert.equal((await tapCell(row, col)).how, 'undecided');
      await rewindTo(p.step);
      const then = await tapCell(row, col);
      assert.deepEqual([then.how, then.step, then.child], [p.how, p.step, p.child]);
      await rewindTo(steps);
      await solved();
    }
    assert.deepEqual([...checked].sort(), ['lost', 'scan', 'won']);
  });

  test('ties are marked in the last step; the child opens on the board and explains itself; Jump rewinds there', async () => {
    await open(`${riverLink(samples[3])}&solve=1`);
    await solved();
    const { steps } = await atRest();
    await $('replay-when').click();
    const start = await provenance();
    assert.equal(start.value, 'tie');
    assert.deepEqual([start.how, start.step], ['tie', steps]);
    assert.match(start.text, /Never decided: a tie \(marked at step/);
    // A decided cell: its child shows on the board, and its own provenance is one step earlier or more.
    await open(`${riverLink(samples[4])}&solve=1`);
    await solved();
    const p = await tapCell(3, 2);
    assert.ok(p.child !== null);
    const board = await $('board').screenshot();
    await $('provenance-child').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=provenance-child]').getAttribute('aria-pressed') === 'true');
    await page.waitForTimeout(100);
    assert.notDeepEqual(await $('board').screenshot(), board, 'the child is drawn over the board');
    await $('provenance-follow').click();
    await page.waitForFunction((c) => document.querySelector('[data-testid=provenance]').dataset.position === String(c) && document.querySelector('[data-testid=provenance]').dataset.how !== 'working', p.child);
    const child = await provenance();
    assert.ok(child.step < p.step, 'the child was decided before it decided its parent');
    await $('provenance-jump').click();
    await page.waitForFunction((s) => document.querySelector('[data-testid=timeline]').dataset.step === String(s), child.step);
    assert.equal(await phase(), 'paused');
  });

  test('a proof node says when it was decided', async () => {
    await open(`${riverLink(samples[4])}&solve=1`);
    await solved();
    await $('explain').click();
    const node = page.locator('[data-testid=proof-node]').nth(1);
    await node.waitFor();
    const position = Number(await node.getAttribute('data-position'));
    // One "When decided?" for the proof view: it asks about the focused node.
    await node.locator(':scope > .proof-row').click();
    await $('proof-when').click();
    const p = await provenance();
    assert.equal(p.position, position);
    assert.equal(p.value, await node.getAttribute('data-value'));
    assert.equal(p.remoteness, Number(await node.getAttribute('data-remoteness')));
    assert.ok(['won', 'lost'].includes(p.how), p.how);
  });

  test('chase and tableau: provenance of a cell and of the replay position', async () => {
    await open('?game=chase&n=4&white=2,2&black=4,4&solve=1');
    await solved();
    const p = await tapCell(0, 3);
    assert.ok(['won', 'lost', 'scan'].includes(p.how), p.how);
    if (p.how !== 'scan') {
      const child = await engineOutcome('chase', '....\n.W..\n....\n...B', p.child);
      assert.deepEqual([child.value, child.remoteness], [p.how === 'won' ? 'lose' : 'win', p.remoteness - 1]);
    }
    await open('?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1&solve=1');
    await solved();
    const { steps } = await atRest();
    await $('replay-next').click();
    await $('replay-when').click();
    const one = await provenance();
    assert.equal(one.how, 'scored');
    assert.equal(one.step, steps - 1, 'one stone: scored in the step before the empty board');
    assert.match(one.text, /Scored at step 7 of 8, with the layer of 1 stone/);
    // Its best move's score is the position's own, in the first player's favour or not.
    const child = await engineOutcome('tableau', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1', one.child);
    assert.ok(Number.isInteger(child.score));
    assert.equal(child.toMove, 0, 'two stones: the first player moves');
  });
});

describe('screenshots', () => {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    test(`${name}: the timeline mid-analysis and a provenance explanation, light and dark`, async () => {
      session.page = await openPage(session.browser.context);
      page = session.page;
      await page.setViewportSize(viewport);
      await open(`${riverLink(samples[4])}&solve=1`);
      await solved();
      await rewindTo(30_000);
      await tapCell(3, 2);
      // The phone's controls stick to the bottom of the screen: its shot is the screen, the
      // timeline at its top; the desktop's is the whole page.
      const phone = name === 'phone';
      if (phone) await $('timeline-box').evaluate((box) => box.scrollIntoView({ block: 'start' }));
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.mouse.move(0, 0);
        await page.waitForTimeout(150);
        await page.screenshot({ path: new URL(`timeline-${name}-${scheme}.png`, OUT).pathname, fullPage: !phone });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    });
  }
});

describe('words (no browser)', () => {
  const board = river.defaultBoard(); // 9 × 9
  const timeline = { reached: 120, steps: null };
  test('a step says what it did, with the number of steps once known', () => {
    const p = { units: 56, remoteness: 3, done: false, ties: 0 };
    assert.equal(stepWords(river, { ...p, step: 0 }, timeline), 'Step 0 (furthest so far 120): nothing decided yet.');
    assert.match(stepWords(river, { ...p, step: 1 }, timeline), /^Step 1 \(furthest so far 120\): the scan/);
    assert.equal(stepWords(river, { ...p, step: 57 }, { ...timeline, steps: 903 }), 'Step 57 of 903: queue entry 56 taken (remoteness 3).');
    assert.equal(stepWords(river, { ...p, step: 903, done: true, ties: 1 }, { ...timeline, steps: 903 }), 'Step 903 of 903: the queue is empty; 1 position left is marked as a tie.');
    assert.equal(stepWords(tableau, { step: 3, layers: 7 }, { reached: 8, steps: 8 }), 'Step 3 of 8: the positions with 5 stones scored.');
  });
  test('tier by tier, a step names the tier and where in its cycle it is', () => {
    const p = { units: 56, remoteness: 3, done: false, ties: 0, tier: 2, tiers: 9 };
    const steps = { ...timeline, steps: 903 };
    assert.equal(stepWords(river, { ...p, step: 61, phase: Phase.Propagate }, steps), 'Step 61 of 903: Black’s row 3 of 9 · 56 decided positions worked back from so far (remoteness 3).');
    assert.equal(stepWords(river, { ...p, step: 60, phase: Phase.Scan }, steps), 'Step 60 of 903: Black’s row 3 of 9 · the tiers before it are solved; its scan comes next.');
  });
  test('provenance: the position, the child, and why, in the players’ names', () => {
    const p = { position: 9, pieces: [0, 80, 40], toMove: 0, outcome: { value: 'lose', remoteness: 7 }, working: null, undecided: false };
    const child = { position: 4, pieces: [1, 80, 40], toMove: 1, outcome: { value: 'win', remoteness: 6 } };
    const lost = provenanceWords(river, board, { ...p, found: { step: 57, how: 'lost', child } }, 903);
    assert.equal(lost.title, 'Decided at step 57 of 903: Red loses in 7');
    assert.match(lost.lines[0], /^red pieces \(1,1\) and \(9,9\), black piece \(5,5\), Red to move\. While the queue worked through remoteness 6, its last move not yet known to lose — to red pieces \(1,2\) and \(9,9\), black piece \(5,5\) \(Black to move there\) — was refuted/);
    const won = provenanceWords(river, board, { ...p, outcome: { value: 'win', remoteness: 7 }, found: { step: 57, how: 'won', child } }, null);
    assert.equal(won.title, 'Decided at step 57: Red wins in 7');
    assert.match(won.lines[0], /its child red pieces .* was taken from the queue, lost for Black in 6: so this position is won/);
    // Tier by tier, a child in the row above is not queued in this row: its value arrives.
    const arrivedWon = provenanceWords(river, board, { ...p, outcome: { value: 'win', remoteness: 7 }, found: { step: 57, how: 'won', child, arrived: true } }, null);
    assert.match(arrivedWon.lines[0], /the value of its child red pieces .*, solved in the tier before, arrived: lost for Black in 6: so this position is won/);
    const arrivedLost = provenanceWords(river, board, { ...p, found: { step: 57, how: 'lost', child, arrived: true } }, 903);
    assert.match(arrivedLost.lines[0], /was refuted: that child \(solved in the tier before\) arrived won for Black in 6\./);
    assert.match(provenanceWords(river, board, { ...p, found: { step: 1, how: 'scan', child: null } }, 903).lines[0], /the game is already over, Red has lost\. Remoteness 0\./);
    assert.equal(provenanceWords(river, board, { ...p, found: { step: 903, how: 'tie', child: null } }, 903).title, 'Never decided: a tie (marked at step 903 of 903)');
    assert.equal(provenanceWords(river, board, { ...p, found: null, undecided: true }, 903).title, 'Not decided yet');
    assert.equal(provenanceWords(river, board, { ...p, found: null, working: { step: 25, to: 100 } }, 903).title, 'Finding when it was decided… 25%');
  });
});

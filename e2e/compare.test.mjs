// Browser tests of "Compare my output" in the batch view (www/tools/compare.js): contest
// vectors of tests/cases/ solved in the page, the CLI's output for them (./target/release/retrolab,
// built by ./build.sh) changed on purpose — a wrong number, a missing last line, an extra line,
// trailing white space that must not count, inner white space that must — pasted or opened as
// the person's output, and the differing lines the page reports checked exactly against the
// lines changed. On a desktop and a phone screen.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CASES, pageSession } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
const tid = (id) => `[data-testid=${id}]`;

/** What `retrolab <game>` prints for `input` (it must answer it). */
function cliOutput(game, input) {
  const run = spawnSync(CLI, [game], { input, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

/** A contest vector's input and the CLI's output for it, as lines (without the final line break). */
async function vector(game, name) {
  const input = await readFile(new URL(`${game}/${name}`, CASES), 'utf8');
  const output = cliOutput(game, input);
  assert.ok(output.endsWith('\n'));
  return { input, lines: output.slice(0, -1).split('\n') };
}

/** A river input of these boards' texts (`n m` and rows each). */
const riverInput = (boards) => `0 ${boards.length}\n${boards.join('\n')}\n`;

/** An open river board of n × n: red's pieces in the top corners, black's in the bottom row's middle. */
function openRiverBoard(n) {
  const rows = Array.from({ length: n }, () => '.'.repeat(n));
  rows[0] = `O${'.'.repeat(n - 2)}O`;
  rows[n - 1] = `${'.'.repeat(n / 2)}X${'.'.repeat(n / 2 - 1)}`;
  return `${n} ${n}\n${rows.join('\n')}`;
}

for (const [screen, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  describe(`compare my output (${screen})`, () => {
    const session = pageSession({ launch: { viewport } });
    const $ = (id) => session.page.locator(tid(id));
    const diff = async () => {
      const box = $('batch-diff');
      return { differ: Number(await box.getAttribute('data-differ')), first: Number(await box.getAttribute('data-first')), verdict: await box.locator('.compare-verdict').textContent() };
    };

    /** Opens the batch view of `game` on `input`, solved to the end. */
    async function solved(game, input) {
      await session.open(`?game=${game}&input=${encodeURIComponent(input)}`);
      await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 60_000 });
    }

    /** Pastes `text` as the person's output (the box's text replaced, as a paste or typing does). */
    const paste = (text) => $('batch-compare').fill(text);

    test('contest vectors with lines changed on purpose: the differing lines reported exactly', async () => {
      const river = await vector('river', '01.in');
      await solved('river', river.input);
      // The exact answers, with trailing spaces, tabs and a carriage return: accepted.
      await paste(river.lines.map((line, i) => line + ['', '  ', '\t', ' \r'][i % 4]).join('\n') + '\n');
      assert.deepEqual(await diff(), { differ: 0, first: 0, verdict: 'Accepted' });
      // No final line break is no difference either.
      await paste(river.lines.join('\n'));
      assert.deepEqual(await diff(), { differ: 0, first: 0, verdict: 'Accepted' });
      // A wrong number on line 4 and on line 7, trailing spaces elsewhere.
      const wrong = river.lines.map((line, i) => (i === 3 || i === 6 ? line.replace(/\d+$/, (n) => String(Number(n) + 1)).replace(/^Tie$/, 'Red 1') : `${line}   `));
      assert.notEqual(wrong[3], river.lines[3]);
      await paste(wrong.join('\n') + '\n');
      assert.deepEqual(await diff(), { differ: 2, first: 4, verdict: 'Wrong answer on line 4' });
      // Each differing line is listed with theirs beside the expected answer, the first highlighted and in view.
      const rows = await $('batch-diff').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
      assert.deepEqual(rows, [
        ['4', wrong[3].trimEnd(), river.lines[3]],
        ['7', wrong[6].trimEnd(), river.lines[6]],
      ]);
      const first = $('batch-diff').locator('tbody tr').first();
      await assertInView(first);
      // Inner white space counts: a judge compares the line, not its words.
      await paste(river.lines.map((line, i) => (i === 0 ? line.replace(' ', '  ') : line)).join('\n'));
      assert.deepEqual(await diff(), { differ: 1, first: 1, verdict: 'Wrong answer on line 1' });

      // Chase: the last line missing (trailing spaces everywhere else).
      const chase = await vector('chase', 'cases.in');
      await solved('chase', chase.input);
      await paste(chase.lines.slice(0, -1).map((line) => `${line} `).join('\n') + '\n');
      assert.deepEqual(await diff(), { differ: 1, first: chase.lines.length, verdict: `Wrong answer on line ${chase.lines.length}` });
      assert.deepEqual(await $('batch-diff').locator('tbody tr').first().evaluate((tr) => tr.dataset.kind), 'missing');
      // An extra line after the last answer, and a blank line there: two extra lines.
      await paste(`${chase.lines.join('\n')}\n\nWHITE 1\n`);
      assert.deepEqual(await diff(), { differ: 2, first: chase.lines.length + 1, verdict: `Wrong answer on line ${chase.lines.length + 1}` });

      // Tableau, opened as a file: an extra line.
      const tableau = await vector('tableau', '003.in');
      await solved('tableau', tableau.input);
      await $('batch-compare-file').setInputFiles({ name: 'mine.out', mimeType: 'text/plain', buffer: Buffer.from(`${tableau.lines[0]}\n0\n`) });
      await session.page.waitForFunction(() => document.querySelector('[data-testid=batch-diff]')?.dataset.first === '2');
      assert.deepEqual(await diff(), { differ: 1, first: 2, verdict: 'Wrong answer on line 2' });
      // Nothing at all: every line missing.
      await paste('\n');
      assert.deepEqual(await diff(), { differ: tableau.lines.length, first: 1, verdict: 'Wrong answer on line 1' });
      assert.deepEqual(session.page.problems, []);
    });

    test('while the batch solves, lines not answered yet are pending, not wrong; the verdict follows the end', async () => {
      const sample = await vector('river', 'sample1.in');
      const boards = sample.input.trim().split('\n').slice(1).join('\n');
      const input = riverInput([...boards.split(/\n(?=\d+ \d+\n)/), openRiverBoard(16)]);
      const expected = cliOutput('river', input);
      await session.open('?game=river&input=');
      await session.page.locator(tid('tool-batch')).waitFor();
      if ((await $('tool-batch').getAttribute('aria-selected')) !== 'true') await $('tool-batch').click();
      await $('batch-input').fill(input);
      // A wrong first line, the rest right: wrong as soon as line 1 is answered, the rest pending meanwhile.
      const mine = expected.replace(/^.*\n/, 'Red 1\n');
      await paste(mine);
      // Every state the comparison shows, recorded as it changes.
      await $('batch-diff').evaluate((box) => {
        window.seen = [];
        const note = () => window.seen.push({ ...box.dataset, running: document.querySelector('[data-testid=batch-status]').dataset.state === 'running' });
        new MutationObserver(note).observe(box, { attributes: true });
      });
      await $('batch-run').click();
      await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 60_000 });
      const seen = await session.page.evaluate(() => window.seen);
      const during = seen.filter((s) => s.running && Number(s.same) > 0 && Number(s.pending) > 0);
      assert.ok(during.length > 0, `a comparison with answered and pending lines while solving: ${JSON.stringify(seen)}`);
      for (const s of during) assert.deepEqual([s.differ, s.first], ['1', '1'], 'only the wrong line differs; unanswered lines are pending');
      assert.deepEqual(await diff(), { differ: 1, first: 1, verdict: 'Wrong answer on line 1' });
      assert.equal(await $('batch-diff').getAttribute('data-pending'), '0');
      await paste(expected);
      assert.deepEqual(await diff(), { differ: 0, first: 0, verdict: 'Accepted' });
    });
  });
}

/** Waits until `locator`'s element is on screen, above a phone's docked control bar (the sheet it may be in stands above that bar), or fails after 3 s. */
async function assertInView(locator) {
  const inView = () =>
    locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const dock = document.querySelector('[data-testid=dock]');
      const bar = document.querySelector('[data-testid=controls]');
      const bottom = dock && getComputedStyle(dock).position === 'fixed' ? bar.getBoundingClientRect().top : innerHeight;
      return r.top >= 0 && r.bottom <= bottom + 1;
    });
  for (let tries = 0; tries < 30 && !(await inView()); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(await inView(), 'the first difference is scrolled into view');
}

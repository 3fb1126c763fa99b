// Browser tests of the workbench (issue 13): the batch view, exports, play against perfect
// play and drills. Answers are checked against the CLI (./target/release/retrolab, built by
// ./build.sh) or the contest vectors' .ans files, never against the page itself.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { after, afterEach, before, describe, test } from 'node:test';
import { launch, openPage } from './browser.mjs';
import { CASES, OUT, closeChecked } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;

let browser;
let page;

before(async () => {
  browser = await launch();
  await mkdir(OUT, { recursive: true });
});
after(async () => browser?.close());
afterEach(async () => {
  const closing = page;
  page = null;
  await closeChecked(closing);
});

/** Opens the page on a query string and waits until the solver is loaded. */
async function open(query = '') {
  page ??= await openPage(browser.context);
  await page.goto(`${browser.url}index.html${query}`);
  await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
  return page;
}

/** `retrolab game` on `input`: `{stdout, stderr, status}`. */
function cli(game, input) {
  const run = spawnSync(CLI, [game], { input, encoding: 'utf8' });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

const tid = (id) => `[data-testid=${id}]`;

/** Opens tool `id`'s tab (unless it is open). */
async function openTool(id) {
  const tab = page.locator(tid(`tool-${id}`));
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

/** Solves `text` in the batch view and waits for the end; resolves to the rows' `data-result`s. */
async function batchOf(text) {
  await openTool('batch');
  await page.fill(tid('batch-input'), text);
  await page.click(tid('batch-run'));
  await page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 60_000 });
  return page.locator(tid('batch-row')).evaluateAll((rows) => rows.map((r) => r.dataset.result));
}

/** The file the batch view's download button saves. */
async function downloadAnswers() {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.click(tid('batch-download'))]);
  return readFile(await saved.path(), 'utf8');
}

describe('batch view', () => {
  test('the downloaded answers of every contest vector are the CLI’s bytes', async () => {
    for (const game of ['river', 'chase', 'tableau']) {
      await open(`?game=${game}&input=`);
      const files = (await readdir(new URL(`${game}/`, CASES))).filter((f) => f.endsWith('.in')).sort();
      assert.ok(files.length > 0, game);
      for (const name of files) {
        const input = await readFile(new URL(`${game}/${name}`, CASES), 'utf8');
        const results = await batchOf(input);
        const expected = await readFile(new URL(`${game}/${name.replace(/\.in$/, '.ans')}`, CASES), 'utf8');
        assert.equal(results.join('\n') + '\n', expected, `${game}/${name}: the table`);
        assert.equal(await downloadAnswers(), expected, `${game}/${name}: the download`);
      }
    }
  });

  test('a bad board in the middle is reported with the CLI’s message and the rest still solve', async () => {
    const sample = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    const bad = sample.replace('.#X\n', '.#Z\n');
    const { stderr, status } = cli('river', bad);
    assert.equal(status, 2);
    assert.match(stderr, /^retrolab river: line 13: board 3: /);
    await open('?game=river&input=');
    const results = await batchOf(bad);
    const answers = (await readFile(new URL('river/sample1.ans', CASES), 'utf8')).trim().split('\n');
    assert.deepEqual(results, [answers[0], answers[1], stderr.replace(/^retrolab river: /, '').trim(), answers[3], answers[4]]);
    assert.equal(await page.locator(tid('batch-download')).isDisabled(), true, 'the CLI prints no answers for it');
    // A chase line in the middle, and text after the last river board.
    const queries = ['2 1 1 2 2', '4 1 1 1', '3 1 1 3 3'].join('\n');
    await page.selectOption(tid('game'), 'chase');
    const chase = await batchOf(queries);
    assert.deepEqual(chase, [cli('chase', '2 1 1 2 2').stdout.trim(), cli('chase', queries).stderr.replace(/^retrolab chase: /, '').trim(), cli('chase', '3 1 1 3 3').stdout.trim()]);
  });

  test('a batch link opens the batch view and solves its input; a row opens its board, solved', async () => {
    const sample = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    await open(`?game=river&input=${encodeURIComponent(sample)}`);
    await page.waitForSelector(`${tid('batch-status')}[data-state=done]`);
    assert.equal(await page.locator(tid('tool-batch')).getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator(tid('message')).isVisible(), false, 'no notice about a missing board');
    const results = await page.locator(tid('batch-row')).evaluateAll((rows) => rows.map((r) => r.dataset.result));
    assert.equal(results.join('\n') + '\n', cli('river', sample).stdout);
    await page.locator(`${tid('batch-row')}[data-index="1"]`).click();
    await page.waitForSelector(`${tid('verdict')}[data-result]`);
    assert.equal(await page.locator(tid('verdict')).getAttribute('data-result'), results[1]);
    assert.equal(await page.locator(tid('rows')).inputValue(), '3');
    await page.screenshot({ path: new URL('workbench-batch.png', OUT).pathname, fullPage: true });
  });
});

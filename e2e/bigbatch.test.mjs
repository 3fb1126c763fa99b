// Browser tests of the batch view on large contest inputs (issue 22): a file or a paste over
// the text box's limit is held as bytes and shown as a summary and its first lines, never put
// into the text box, and its answers are still the CLI's (./target/release/retrolab).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { OUT, pageSession } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
const session = pageSession();
const tid = (id) => `[data-testid=${id}]`;

/** `retrolab game < input`'s standard output; the run must succeed. */
function cli(game, input) {
  const run = spawnSync(CLI, [game], { input, maxBuffer: 1 << 26 });
  assert.equal(run.status, 0, String(run.stderr));
  return String(run.stdout);
}

/** Chase query lines of sizes 2 to 8 and a few starts, up to `bytes` bytes of them. */
function chaseBytes(bytes) {
  const lines = [];
  let length = 0;
  for (let i = 0; ; i++) {
    const n = 2 + (i % 7);
    const line = `${n} 1 1 ${n} ${1 + (i % n)}\n`;
    if (length + line.length > bytes) return lines.join('');
    lines.push(line);
    length += line.length;
  }
}

/** Chase query lines, every size and a few starts, `count` of them. */
function chaseLines(count) {
  const lines = [];
  for (let i = 0; i < count; i++) {
    const n = 2 + (i % 4);
    lines.push(`${n} 1 1 ${n} ${1 + (i % n)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Opens the batch view of `game`'s page. */
async function openBatch(game) {
  await session.open(`?game=${game}`);
  await session.page.click(tid('tool-batch'));
}

/** Solves what the batch view holds and resolves to the file its download button saves. */
async function solveAndDownload() {
  await session.page.click(tid('batch-run'));
  await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 120_000 });
  const [saved] = await Promise.all([session.page.waitForEvent('download'), session.page.click(tid('batch-download'))]);
  return readFile(await saved.path(), 'utf8');
}

describe('batch view, large inputs', () => {
  test('a file over 64 KiB is a summary and its first lines, and solves as the CLI', async () => {
    const input = chaseLines(8000);
    assert.ok(input.length > 64 * 1024);
    const file = new URL('big-chase.in', OUT).pathname;
    await writeFile(file, input);
    await openBatch('chase');
    await session.page.setInputFiles(tid('batch-file'), file);
    await session.page.waitForSelector(`${tid('batch-summary')}[data-lines="8000"]`);
    assert.equal(await session.page.locator(tid('batch-input')).isVisible(), false, 'the text box is hidden');
    assert.equal(await session.page.locator(tid('batch-input')).inputValue(), '', 'and holds nothing');
    assert.match(await session.page.locator(tid('batch-summary')).textContent(), /^big-chase\.in · 0\.1 MiB \(.* bytes\) · 8,000 lines/);
    assert.equal(await session.page.locator(tid('batch-preview')).textContent(), input.split('\n').slice(0, 6).join('\n'));
    assert.equal(await solveAndDownload(), cli('chase', input));
  });

  test('a 16 MiB file solves as the CLI, and the page answers clicks meanwhile', { timeout: 600_000 }, async () => {
    const input = chaseBytes(16 << 20);
    const file = new URL('chase-16mib.in', OUT).pathname;
    await writeFile(file, input);
    const expected = cli('chase', input);
    await openBatch('chase');
    await session.page.setInputFiles(tid('batch-file'), file);
    await session.page.waitForSelector(`${tid('batch-summary')}[data-lines]:not([data-lines=""])`, { timeout: 60_000 });
    await session.page.click(tid('batch-run'));
    // While it runs, the pager moves to the next page of rows at a click.
    await session.page.waitForSelector(`${tid('batch-later')}:not([disabled])`);
    await session.page.click(tid('batch-later'));
    assert.match(await session.page.locator(tid('batch-page')).textContent(), /^Rows 251–500 of /);
    assert.equal(await session.page.locator(tid('batch-status')).getAttribute('data-state'), 'running', 'clicked while it runs');
    await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 500_000 });
    const problems = (input.split('\n').length - 1).toLocaleString('en-US');
    assert.match(await session.page.locator(tid('batch-page')).textContent(), new RegExp(`the first 10,000 of ${problems} problems are kept as rows`));
    const [saved] = await Promise.all([session.page.waitForEvent('download'), session.page.click(tid('batch-download'))]);
    const output = await readFile(await saved.path(), 'utf8');
    assert.equal(output.length, expected.length);
    assert.ok(output === expected, 'the download is the CLI’s output, byte for byte');
  });

  test('pasting text over 64 KiB takes it out of the text box; a small file goes into it', async () => {
    const input = chaseLines(7000);
    await openBatch('chase');
    await session.page.locator(tid('batch-input')).focus();
    await session.page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.querySelector('[data-testid=batch-input]').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, input);
    await session.page.waitForSelector(`${tid('batch-summary')}[data-lines="7000"]`);
    assert.match(await session.page.locator(tid('batch-summary')).textContent(), /^pasted text · /);
    assert.equal(await session.page.locator(tid('batch-input')).inputValue(), '');
    assert.equal(await solveAndDownload(), cli('chase', input));
    // Back to the text box: a small input is text to edit.
    await session.page.click(tid('batch-edit'));
    const small = chaseLines(3);
    const file = new URL('small-chase.in', OUT).pathname;
    await writeFile(file, small);
    await session.page.setInputFiles(tid('batch-file'), file);
    await session.page.waitForFunction((text) => document.querySelector('[data-testid=batch-input]').value === text, small);
    assert.equal(await session.page.locator(tid('batch-summary')).isVisible(), false);
    assert.equal(await solveAndDownload(), cli('chase', small));
  });
});

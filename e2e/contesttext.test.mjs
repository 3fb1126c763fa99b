// Browser tests of the board's contest text box and "Copy link" (issue 31, points 6 and 12):
// a text of several boards is never cut to its first — the box keeps it, says it belongs in
// the batch and moves it there, where it is answered as the CLI answers it
// (./target/release/retrolab); the batch's words name no command; "Copy link" copies the
// address of the board on show, or offers it selected where the clipboard is refused. On a
// desktop and a phone screen.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { CASES, pageSession, riverLink } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
const tid = (id) => `[data-testid=${id}]`;
const SMALL = ['#.#', 'O.O', '.X.'];

/** What `retrolab <game>` prints for `input`. */
function cliOutput(game, input) {
  const run = spawnSync(CLI, [game], { input, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

for (const [screen, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  describe(`the contest text box and Copy link (${screen})`, () => {
    const session = pageSession({ launch: { viewport } });
    const $ = (id) => session.page.locator(tid(id));
    const param = (name) => new URL(session.page.url()).searchParams.get(name);

    test('a text of several boards keeps every board, says it belongs in the batch, and moves there', async () => {
      const input = await readFile(new URL('river/sample1.in', CASES), 'utf8');
      await session.open(riverLink(SMALL));
      await session.page.locator('.contest-text summary').click();
      await $('contest-text').fill(input);
      // Said as soon as it is pasted.
      await $('contest-text-note').waitFor();
      assert.match(await $('contest-text-count').textContent(), /^This text holds 5 boards\./);
      assert.equal(await $('contest-text-batch').textContent(), 'Open all 5 in the batch');
      await $('use-text').click();
      await session.page.waitForFunction(() => document.querySelector('[data-testid=chooser-status]')?.textContent === 'Board 1 of 5');
      assert.equal(await $('contest-text').inputValue(), input, 'the box keeps every board');
      assert.equal(await $('contest-text-note').isVisible(), true);
      await $('chooser-next').click();
      await session.page.waitForFunction(() => document.querySelector('[data-testid=chooser-status]')?.textContent === 'Board 2 of 5');
      assert.equal(await $('contest-text').inputValue(), input, 'choosing another of its boards keeps them all');
      // To the batch: the whole text, answered as the CLI answers it.
      await $('contest-text-batch').click();
      await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 60_000 });
      assert.equal(await $('tool-batch').getAttribute('aria-selected'), 'true');
      assert.equal(await $('batch-input').inputValue(), input);
      const results = await $('batch-row').evaluateAll((rows) => rows.map((r) => r.dataset.result));
      assert.equal(results.join('\n') + '\n', cliOutput('river', input));
      // The box shows the board on show again, one board.
      assert.match(await $('contest-text').inputValue(), /^\d+ 1\n/);
      assert.equal(await $('contest-text-note').isVisible(), false);
      assert.deepEqual(session.page.problems, []);
    });

    test('the batch says what its positions count in a person’s words, naming no command', async () => {
      for (const [game, input] of [
        ['river', '0 1\n3 3\n#.#\nO.O\n.X.\n'],
        ['chase', '2 1 1 2 2\n'],
        ['tableau', '1 1\n5\n3\n'],
      ]) {
        await session.open(`?game=${game}&input=${encodeURIComponent(input)}`);
        await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 60_000 });
        const words = await $('batch-positions').textContent();
        assert.match(words, /^Positions solved: /, game);
        assert.doesNotMatch(words, /\b(river|chase|tableau|custom)\b/, `${game}: ${words}`);
      }
    });

    test('Copy link copies the address of the board on show, and says so', async () => {
      await session.open(riverLink(SMALL));
      const origin = new URL(session.page.url()).origin;
      await session.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const copy = session.page.locator(`.toolbar ${tid('copy-link')}`);
      await copy.click();
      await session.page.waitForFunction(() => document.querySelector('.toolbar [data-testid=copy-link-said]')?.textContent === 'Link copied');
      const copied = await session.page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, session.page.url());
      assert.equal(new URL(copied).searchParams.get('board'), SMALL.join('/'));
      // The link opens the same board.
      const other = await openPage(session.browser.context);
      await other.goto(copied);
      await other.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
      assert.equal(new URL(other.url()).searchParams.get('board'), SMALL.join('/'));
      assert.deepEqual(other.problems, []);
      await other.close();
      await session.browser.context.clearPermissions();
    });

    test('where the clipboard is refused, the link is offered selected in a field', async () => {
      session.page = await openPage(session.browser.context);
      await session.page.addInitScript(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
      });
      await session.open('?game=chase&n=5&white=1,1&black=4,5');
      await session.page.locator(`.toolbar ${tid('copy-link')}`).click();
      const field = session.page.locator(`.toolbar ${tid('copy-link-field')}`);
      await field.waitFor();
      const link = await field.inputValue();
      assert.equal(link, session.page.url());
      assert.equal(param('n'), '5');
      const selected = await field.evaluate((el) => [el.selectionStart, el.selectionEnd, document.activeElement === el]);
      assert.deepEqual(selected, [0, link.length, true]);
      assert.match(await session.page.locator(`.toolbar ${tid('copy-link-said')}`).textContent(), /copy the selected link/);
    });
  });
}

// Browser tests of the composed game's limit by bytes: a board that needs more memory than
// the limit gets the engine's one line — what it needs, the limit, the CLI's very words — as
// the page's message, and the page goes on with the board it had (no blank page, no trap).
// The words are the CLI's (./target/release/retrolab, which ./build.sh test builds first).
// A view that asks the engine for more memory later (where a value came from, the proof's
// size) says the engine's refusal where its answer would be, and the page goes on.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { pageSession } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
const RULES = new URL('../rules/river-pawn.toml', import.meta.url).pathname;
const RIVER = readFileSync(RULES, 'utf8');

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const param = (name) => new URL(session.page.url()).searchParams.get(name);

/** An open board of `rows` × `cols`: the reds on its first two cells, black on its last. */
const open = (rows, cols) =>
  Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => {
      const cell = r * cols + c;
      if (cell < 2) return 'O';
      return cell === rows * cols - 1 ? 'X' : '.';
    }).join(''),
  );

describe('the composed game’s limit by bytes', () => {
  test('a pasted board over the limit gets the CLI’s refusal as a message, and the page goes on', async () => {
    const page = await session.open(`?game=custom&rules=${encodeURIComponent(RIVER)}`);
    const before = param('board');
    // Tiered by black's rows, 32 × 32 still needs more than the limit for its whole table.
    const input = `0 1\n32 32\n${open(32, 32).join('\n')}\n`;
    const cli = spawnSync(CLI, ['custom', '--rules', RULES], { input, encoding: 'utf8' });
    assert.equal(cli.status, 2);
    const refusal = cli.stderr.trim().replace(/^retrolab custom: /, '');
    assert.match(refusal, /^line 2: board 1: the board needs \d+ MB to answer its start and \d+ MB for its whole table; retrolab solves composed boards needing at most \d+ MB and \d+ MB/);

    await page.locator('.contest-text summary').click();
    await $('contest-text').fill(input);
    await $('use-text').click();
    await page.waitForFunction(() => /the board needs/.test(document.querySelector('[data-testid=message]')?.textContent ?? ''));
    assert.equal(await $('message').isVisible(), true);
    assert.ok((await $('message').textContent()).includes(refusal), await $('message').textContent());
    // The page goes on: the board it had, editable and solvable.
    assert.equal(param('board'), before);
    assert.equal(await $('board').isVisible(), true);
    await $('solve-now').click();
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 60_000 });
  });

  test('a trace or a proof count the engine refuses for memory says why in place, and the page goes on', async () => {
    const page = await session.open('?game=chase&n=6&white=1,1&black=6,6&solve=1');
    await page.waitForSelector('[data-testid=verdict][data-result]');
    // The engine's refusals, as its glue throws them (a copy of the analysis, the proof's sets):
    // memory is not exhausted on purpose here, the refusals' paths in Rust are tests/page_memory.rs's.
    await page.evaluate(async () => {
      const { Lab, ProofWalk } = await import('/www/pkg/retrolab.js');
      Lab.prototype.trace = () => {
        throw new Error('needs 4096 MB, could not reserve it');
      };
      ProofWalk.prototype.runFor = () => {
        throw new Error('walking the proof needs 4096 MB, could not reserve it');
      };
    });
    await $('replay-when').click();
    await page.waitForSelector('[data-testid=provenance][data-how=failed]');
    assert.match(await $('provenance').textContent(), /Could not find when it was decided.*the copy needs 4096 MB, could not reserve it\. The analysis itself is whole\./s);
    await $('explain').click();
    await page.waitForSelector('[data-testid=proof-size][data-done=failed]');
    assert.equal(await $('proof-size').textContent(), 'The whole proof could not be counted: walking the proof needs 4096 MB, could not reserve it.');
    assert.ok((await page.locator('[data-testid=proof-node]').count()) > 0, 'the line of best play stays');
    // The page goes on: the analysis restarts and solves again.
    await $('restart').click();
    await $('solve-now').click();
    await page.waitForSelector('[data-testid=verdict][data-result]');
  });
});

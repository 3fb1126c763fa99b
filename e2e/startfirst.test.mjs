// Browser tests of the start first: a composed board whose whole table is many times what its
// start reaches (fox and hounds on a 6×8 board: 18.7 million positions, the start half a
// million) is answered by Solve instantly from what the start reaches — the verdict the CLI's,
// the move table, a replay — before the whole table's analysis in the background ends; then
// the whole table takes its place: the heatmap then shades every placement as a whole-table
// solve of the test's own does, and the replay goes on where it stood.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { customAnswer, pageSession } from './helpers.mjs';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

const FOX = readFileSync(new URL('../rules/fox-and-hounds.toml', import.meta.url), 'utf8');
const ROWS = ['.H.H.H.H', '........', '........', '........', '........', '....F...'];
const LINK = `?game=custom&rules=${encodeURIComponent(FOX)}&board=${encodeURIComponent(ROWS.join('/'))}`;

/** The board's heatmap as the page shows it (its `data-heat`, view.js). */
const heatShown = () => $('board').getAttribute('data-heat');
/** What the whole table under way says in words, and whether it is on show. */
const tableLine = async () => ((await $('table-progress').isVisible()) ? $('table-progress').textContent() : null);

describe('the start first', () => {
  test('the verdict, moves and replay come from what the start reaches, then the whole table takes over', async () => {
    const page = await session.open(LINK);
    await $('solve-now').click();
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
    // Answered before the whole table's analysis ends, which is under way, in words.
    assert.match(await tableLine(), /^Heatmap of every placement: /, 'the whole table is under way');
    assert.equal(await $('progress-text').getAttribute('data-span'), 'start');
    assert.match(await $('progress-text').textContent(), /^What the start reaches · /);
    assert.equal(await $('total-label').textContent(), 'Positions the start reaches');
    const reached = Number(await $('total').getAttribute('data-value'));
    const result = await $('verdict').getAttribute('data-result');
    assert.equal(result, customAnswer(FOX, ROWS), 'the verdict is the CLI’s answer');
    const moves = await $('move-row').allTextContents();
    assert.ok(moves.length > 0, 'the move table is shown');
    // A replay, two moves in, while the whole table is analysed: the controls are usable.
    await $('replay-next').click();
    await $('replay-next').click();
    const replayed = await $('move-table-box').textContent();
    // Explain the replay's position.
    await $('explain').click();
    await page.waitForSelector('[data-testid=proof-title]:visible');
    const proof = await $('proof-title').textContent();
    assert.notEqual(await tableLine(), null, 'the replay and Explain came before the whole table was analysed');

    // The whole table takes over: the same verdict, the replay where it stood.
    await page.waitForSelector('[data-testid=progress-text][data-span=whole]', { timeout: 300_000 });
    assert.equal(await tableLine(), null);
    assert.match(await $('progress-text').textContent(), /^Every placement · /);
    assert.equal(await $('total-label').textContent(), 'All positions');
    const whole = Number(await $('total').getAttribute('data-value'));
    assert.ok(whole >= 4 * reached, `${whole} positions against ${reached}`);
    assert.equal(await $('verdict').getAttribute('data-result'), result);
    assert.equal(await $('move-table-box').textContent(), replayed, 'the replay stands where it stood, its moves as they were');
    await page.waitForSelector('[data-testid=proof-title]:visible');
    assert.equal(await $('proof-title').textContent(), proof, 'the proof on show goes on in the whole table');
    await $('replay-start').click();
    for (let i = 0; i < 3 && (await $('controls').getAttribute('data-phase')) !== 'solved'; i++) await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=controls][data-phase=solved]');
    assert.deepEqual(await $('move-row').allTextContents(), moves, 'the start’s moves as they were');

    // The heatmap of the start now shades every placement, as a whole-table solve of the test's own.
    const expected = await page.evaluate(
      async ([rules, rows]) => {
        const engine = await import('./www/pkg/retrolab.js');
        const lab = new engine.Lab(new engine.Start('custom', rows, rules));
        while (!lab.runFor(50, Infinity).done);
        const board = rows.split('\n').join('');
        const pieces = [...board].flatMap((c, cell) => (c === 'F' ? [cell] : [])).concat([...board].flatMap((c, cell) => (c === 'H' ? [cell] : [])));
        const slice = lab.slice(lab.position(Uint16Array.from(pieces), 0), 0);
        const records = lab.records();
        const word = (pos) => {
          if (pos === engine.NoPosition.Sentinel) return '-';
          const state = records[pos] >>> engine.RecordLayout.StateShift;
          return state === engine.RecordState.Tie ? 'T' : `${state}:${records[pos] & engine.RecordLayout.RemotenessMask}`;
        };
        const heat = [...slice].map(word).join(',');
        lab.free();
        return heat;
      },
      [FOX, ROWS.join('\n')],
    );
    assert.equal(await heatShown(), expected);
    assert.ok(expected.split(',').filter((w) => w !== '-').length > 20, 'the heatmap shades every cell of the fox’s, not only those the start reaches');
  });
});

// Browser tests of the one colour scheme (issue 31, point 4): a colour is a winner everywhere.
// The heatmap's legend gives each side's win its colour; a move in the move table and in the
// replay's list is coloured by who wins by it (worked out here from its letter for the mover
// and whose move it is), whoever makes it — so Black's "L69", a win for Red, wears Red's colour
// — and the legend says so once.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pageSession, riverLink, riverSamples } from './helpers.mjs';

const session = pageSession();
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** The legend's colour of each outcome: `{Red: rgb, Black: rgb, Tie: rgb}`. */
const legendColours = () =>
  $('legend-items').evaluate((list) =>
    Object.fromEntries([...list.querySelectorAll('li')].map((li) => [li.textContent.replace(/^\s*[WLT]\s*/, '').replace(/ wins$/, ''), getComputedStyle(li.querySelector('.swatch')).backgroundColor])),
  );

/** The background colour of each badge under `selector`, with its letter: `[{letter, colour}]`. */
const badges = (selector) =>
  session.page.locator(selector).evaluateAll((els) => els.map((el) => ({ letter: el.textContent.trim()[0], colour: getComputedStyle(el).backgroundColor })));

/** Who wins by a move of `mover` (0 Red, 1 Black) whose letter for the mover is `letter`. */
const winner = (letter, mover) => (letter === 'T' ? 'Tie' : (letter === 'W') === (mover === 0) ? 'Red' : 'Black');

describe('one colour scheme: a colour is a winner', () => {
  test('the move table and the replay colour each move by who wins by it, as the legend does', async () => {
    const board = (await riverSamples())[4];
    await session.open(`${riverLink(board)}&solve=1`);
    await session.page.waitForSelector('[data-testid=move-row]', { timeout: 60_000 });
    const legend = await legendColours();
    assert.notEqual(legend.Red, legend.Black);

    // The move table at the start: Red to move.
    for (const { letter, colour } of await badges('[data-testid=move-row] .badge')) assert.equal(colour, legend[winner(letter, 0)], `Red's ${letter}`);

    // The replay: Red and Black in turn, every move of best play a win for Red.
    await $('replay-start').click();
    const moves = await badges('[data-testid=replay-move] .badge');
    assert.equal(moves.length, 75);
    moves.forEach(({ letter, colour }, i) => {
      assert.equal(winner(letter, i % 2), 'Red', `move ${i + 1}`);
      assert.equal(colour, legend.Red, `move ${i + 1} (${i % 2 ? 'Black' : 'Red'}'s ${letter})`);
    });
    // Said once, in the legend.
    assert.match(await $('legend-text').textContent(), /colours are the winner’s everywhere/);
  });
});

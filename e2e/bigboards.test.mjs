// Browser tests of big boards: a board fills the room it has (a 32×32 chase is drawn in the
// biggest cells that fit its frame, not the smallest glyph set's 10 pixels), and where its
// cells are too small for numbers each cell's value is still readable — pointing at a cell, or
// moving the keyboard cursor onto it, writes its value in numbers under the board. The values
// are checked against the CLI (./target/release/retrolab chase), never against the page.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { cellCentre, pageSession } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
const N = 32;
const CHASE_32 = `?game=chase&n=${N}&white=1,1&black=${N},${N}`;

const session = pageSession();
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** The CLI's answer for chase `n` with White at (wr,wc) and Black at (br,bc), White to move: `{winner, moves}`. */
function cliChase(wr, wc, br, bc) {
  const [winner, moves] = execFileSync(CLI, ['chase'], { input: `${N} ${wr} ${wc} ${br} ${bc}\n`, encoding: 'utf8' }).trim().split(/\s+/);
  return { winner: winner === 'WHITE' ? 'White' : 'Black', moves: Number(moves) };
}

async function solved(viewport) {
  session.page = await openPage(session.browser.context);
  await session.page.setViewportSize(viewport);
  await session.open(CHASE_32);
  await $('solve-now').click();
  await session.page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'solved', null, { timeout: 120_000 });
}

describe('a big board fills its room and keeps its values readable', () => {
  test('1280×800, chase 32×32: the cells are the biggest that fit the frame (at least 14 px), the board whole in it', async () => {
    await solved({ width: 1280, height: 800 });
    const fit = await $('board-frame').evaluate((box) => {
      const canvas = /** @type {HTMLElement} */ (box.querySelector('canvas'));
      return { width: canvas.getBoundingClientRect().width, scrolls: box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1 };
    });
    assert.ok(fit.width / N >= 14, `cells of ${fit.width / N} px`);
    assert.equal(fit.scrolls, false, 'the fitted board is whole in its frame');
    // One zoom step in overflows the frame, which then pans: the fit was the biggest that fits.
    await $('zoom-in').click();
    assert.equal(await $('board-frame').evaluate((box) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1), true);
  });

  test('pointing at a cell and moving the keyboard cursor write its value in numbers: the CLI’s', async () => {
    await solved({ width: 1280, height: 800 });
    const readout = $('cell-readout');
    assert.equal(await readout.isVisible(), true, 'the readout shows with the shades');
    // The heatmap varies the black piece: a cell is White at (1,1) and Black there, White to move.
    for (const [row, col] of [[11, 20], [2, 1], [32, 1], [17, 17]]) {
      const at = await cellCentre(session.page, row - 1, col - 1);
      await session.page.mouse.move(at.x, at.y);
      const text = await readout.textContent();
      const { winner, moves } = cliChase(1, 1, row, col);
      const letter = winner === 'White' ? 'W' : 'L';
      assert.equal(text, `(${row},${col}) ${letter}${moves}, the black piece there: ${winner} wins in ${moves} move${moves === 1 ? '' : 's'}, White to move`);
    }
    // The keyboard: the cursor moved on the focused board (the mouse off it).
    await session.page.mouse.move(0, 0);
    await $('board').focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight']) await session.page.keyboard.press(key);
    const [row, col] = (await $('board').getAttribute('data-cursor')).split(',').map(Number);
    const { winner, moves } = cliChase(1, 1, row, col);
    assert.match(await readout.textContent(), new RegExp(`^\\(${row},${col}\\) [WL]${moves}, the black piece there: ${winner} wins in ${moves} moves`));
  });
});

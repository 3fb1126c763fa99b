// Browser tests of the board's coordinates (issue 31, point 5): its edges are labelled, columns
// along the top and rows down the left, both from 1 and rows from the top as the contest
// statements number them; each number stands at its column's or row's cells, on desktop and
// phone, without the board losing its fit; and the page's move names use the same numbers
// (a move's from-cell "(row,column)" holds the mover's piece in the link's board text).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { boardBox, cellCentre, pageSession, riverLink, riverSamples } from './helpers.mjs';

const session = pageSession();
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** The labels on the board's edges: `{cols: [{n, x, bottom}], rows: [{n, y, right}]}`, client coordinates of their centres. */
const labels = () =>
  $('board-frame').evaluate((frame) => {
    const of = (axis) =>
      [...frame.querySelectorAll(`.coords .${axis}`)].map((el) => {
        const r = el.getBoundingClientRect();
        return { n: Number(el.textContent), x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, bottom: r.bottom, right: r.right, shown: r.width > 0 && getComputedStyle(el).visibility !== 'hidden' };
      });
    return { cols: of('col'), rows: of('row') };
  });

describe('coordinates on the board’s edges', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    test(`${name}: every row and column is numbered at its cells, rows from the top`, async () => {
      const board = (await riverSamples())[4];
      await session.open(riverLink(board));
      await session.page.setViewportSize(viewport);
      await session.page.waitForTimeout(400);
      assert.equal(await session.page.locator('[data-testid=board][data-coords=on]').count(), 1);
      const { cols, rows } = await labels();
      const box = await boardBox(session.page);
      assert.deepEqual(cols.map((l) => l.n), Array.from({ length: board[0].length }, (_, i) => i + 1));
      assert.deepEqual(rows.map((l) => l.n), Array.from({ length: board.length }, (_, i) => i + 1));
      const size = box.w / board[0].length;
      for (const l of cols) {
        const at = await cellCentre(session.page, 0, l.n - 1);
        assert.ok(Math.abs(l.x - at.x) < size / 4, `column ${l.n} at ${l.x}, its cells at ${at.x}`);
        assert.ok(l.bottom <= box.y + 1 && l.shown, `column ${l.n} above the board`);
      }
      for (const l of rows) {
        const at = await cellCentre(session.page, l.n - 1, 0);
        assert.ok(Math.abs(l.y - at.y) < size / 4, `row ${l.n} at ${l.y}, its cells at ${at.y}`);
        assert.ok(l.right <= box.x + 1 && l.shown, `row ${l.n} left of the board`);
      }
      const fits = await $('board-frame').evaluate((f) => f.scrollWidth <= f.clientWidth && f.scrollHeight <= f.clientHeight);
      assert.ok(fits, 'the labelled board still fits its frame');
    });
  }

  test('a move’s name uses the numbers on the edges: its from-cell holds the mover’s piece', async () => {
    const board = (await riverSamples())[4];
    await session.open(`${riverLink(board)}&solve=1`);
    await session.page.waitForSelector('[data-testid=move-row]', { timeout: 60_000 });
    const names = await $('move-row').evaluateAll((rows) => rows.map((r) => r.dataset.move));
    assert.ok(names.length > 0);
    for (const name of names) {
      const [, r, c] = /^Red \((\d+),(\d+)\)→/.exec(name) ?? [];
      assert.ok(r, name);
      assert.equal(board[Number(r) - 1][Number(c) - 1], 'O', `${name}: row ${r} from the top, column ${c} from the left holds a red piece`);
    }
  });
});

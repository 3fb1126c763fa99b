// Browser tests of the replay's value history chart (www/panels/valuehistory.js, issue 31's
// point 11): its axes are labelled (the move across, the moves left up), and a tie is drawn as
// a band of the tie colour with its label, not as an empty flat line — read from the chart's
// pixels. The boards' values are the CLI's (./target/release/retrolab). On a desktop and a
// phone screen.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { pageSession } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
const tid = (id) => `[data-testid=${id}]`;
/** Sample 4 of river’s sample1.in, a tie, and sample 3, a win (for black). */
const TIE = ['.....', '.....', '..O..', '#..#.', 'O#.X.'];
const WIN = ['O..', '.#X', '.O.'];

/** What `retrolab river` answers for the board `rows`. */
function answer(rows) {
  const run = spawnSync(CLI, ['river'], { input: `0 1\n${rows.length} ${rows[0].length}\n${rows.join('\n')}\n`, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

/**
 * The chart's pixels, summed up in the page: the rows (CSS pixels, at the top of each) holding
 * a pixel of the tie colour, and the pixels of the label strip above the plot and of the up
 * axis's gutter that differ from the chart's background.
 */
function readChart(page) {
  return page.locator(tid('replay-chart')).evaluate((canvas) => {
    const style = getComputedStyle(canvas);
    const hex = style.getPropertyValue('--tie').trim();
    const tie = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const dpr = height / canvas.clientHeight;
    let tieRows = 0;
    for (let y = 0; y < height; y += Math.round(dpr)) {
      for (let x = 0; x < width; x++) {
        const at = 4 * (y * width + x);
        if (data[at + 3] === 255 && data[at] === tie[0] && data[at + 1] === tie[1] && data[at + 2] === tie[2]) {
          tieRows += 1;
          break;
        }
      }
    }
    /** Pixels drawn (not transparent) in the box of CSS pixels (x, y, w, h). */
    const drawn = (x, y, w, h) => {
      let n = 0;
      for (let yy = Math.round(y * dpr); yy < Math.round((y + h) * dpr); yy++) {
        for (let xx = Math.round(x * dpr); xx < Math.round((x + w) * dpr); xx++) if (data[4 * (yy * width + xx) + 3] > 0) n += 1;
      }
      return n;
    };
    return { tieRows, plotRows: canvas.clientHeight, topLabel: drawn(0, 0, 60, 14), bottomLabel: drawn(0, canvas.clientHeight - 14, canvas.clientWidth, 14), dataset: { ...canvas.dataset } };
  });
}

for (const [screen, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  describe(`the value history chart (${screen})`, () => {
    const session = pageSession({ launch: { viewport } });

    /** Opens river's `rows` solved and the replay at its start; resolves to the CLI's answer, checked against the page's. */
    async function replayOf(rows) {
      await session.open(`?game=river&board=${encodeURIComponent(rows.join('/'))}&solve=1`);
      await session.page.waitForSelector(`${tid('verdict')}[data-result]`, { timeout: 30_000 });
      const expected = answer(rows);
      assert.equal(await session.page.locator(tid('verdict')).getAttribute('data-result'), expected);
      await session.page.locator(tid('replay-start')).click();
      await session.page.waitForSelector(`${tid('replay-chart')}[data-columns]`);
      return expected;
    }

    test('its axes are labelled: the move across, the moves left up', async () => {
      const expected = await replayOf(WIN);
      assert.match(expected, /^(Red|Black) \d+$/);
      const chart = await readChart(session.page);
      assert.equal(chart.dataset.axes, 'move|moves left');
      assert.equal(Number(chart.dataset.columns), Number(expected.split(' ')[1]) + 1);
      assert.equal(chart.dataset.ties, '0');
      assert.ok(chart.topLabel > 20, `the up axis's words are drawn (${chart.topLabel} pixels)`);
      assert.ok(chart.bottomLabel > 20, `the move axis's words are drawn (${chart.bottomLabel} pixels)`);
      assert.ok(chart.tieRows === 0, 'no tie band on a win');
      assert.deepEqual(session.page.problems, []);
    });

    test('a tie is a band of the tie colour the whole height, labelled, not a flat line', async () => {
      assert.equal(await replayOf(TIE), 'Tie');
      const chart = await readChart(session.page);
      assert.equal(chart.dataset.ties, chart.dataset.columns, 'every position of a tied line is a tie');
      assert.ok(chart.tieRows >= chart.plotRows / 2, `the band stands ${chart.tieRows} of ${chart.plotRows} rows high`);
      assert.ok(chart.topLabel > 20, 'labelled');
      assert.deepEqual(session.page.problems, []);
    });
  });
}

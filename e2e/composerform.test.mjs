// Browser tests of the composer people can use (issue 31, point 10): the board keeps its place
// and size with the composer open, on desktop and phone; an edit in the form keeps the rules
// file's comments; a side's win reads as the rules word it; each side's moves are drawn from
// the rules (checked against moves worked out here, cell by cell); "never moves" is a compass
// that stays whole on a phone; Copy link in the composer, and the link it copies opens on the
// board, not under the first visit's guide. Answers are the CLI's
// (./target/release/retrolab, which ./build.sh builds).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { customAnswer, pageSession, setComposerField } from './helpers.mjs';

const FOX = readFileSync(new URL('../rules/fox-and-hounds.toml', import.meta.url), 'utf8');

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** Sets a form field of the composer and lets it change the rules. */
const set = (id, value) => setComposerField(session.page, id, value);

/** Opens the composer from the game menu, as a person does, at `viewport`. */
async function compose(viewport) {
  await session.open('?game=river');
  await session.page.setViewportSize(viewport);
  await $('game').selectOption('custom');
  await $('rules-text').waitFor();
}

/**
 * The picture of one move of `side` (the rules as the engine reads them), worked out here: every
 * cell (dr, dc) a move reaches on an empty board, out to the farthest or 3 cells; '@' the piece.
 */
function movesPicture(side) {
  const named = (dr, dc) => [dr < 0 ? 'up' : dr > 0 ? 'down' : '', dc < 0 ? 'left' : dc > 0 ? 'right' : ''].filter(Boolean).join('-');
  const reached = [];
  const lines = { orthogonal: [[-1, 0], [1, 0], [0, -1], [0, 1]], diagonal: [[-1, -1], [-1, 1], [1, -1], [1, 1]] };
  for (const kind of side.moves) {
    if (kind === 'knight') {
      for (const [dr, dc] of [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]]) if (!side.never.includes(named(dr, dc))) reached.push([dr, dc]);
      continue;
    }
    for (const [dr, dc] of lines[kind]) {
      if (side.never.includes(named(dr, dc))) continue;
      for (let k = 1; k <= side.distance; k++) reached.push([dr * k, dc * k]);
    }
  }
  const reach = Math.min(3, Math.max(1, ...reached.map(([dr, dc]) => Math.max(Math.abs(dr), Math.abs(dc)))));
  const rows = [];
  for (let r = -reach; r <= reach; r++) {
    let row = '';
    for (let c = -reach; c <= reach; c++) row += r === 0 && c === 0 ? '@' : reached.some(([dr, dc]) => dr === r && dc === c) ? '*' : '.';
    rows.push(row);
  }
  return rows.join('/');
}

/** The rules of the text on show, as the engine reads them. */
const rulesOnShow = () =>
  session.page.evaluate(async () => {
    const { readRules } = await import('./www/pkg/retrolab.js');
    return readRules(document.querySelector('[data-testid=rules-text]').value);
  });

describe('the composer people can use', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    test(`${name}: the open composer leaves the board its place and its size`, async () => {
      await compose(viewport);
      const details = session.page.locator('[data-testid=rules-editor] details');
      assert.equal(await details.getAttribute('open'), '', 'the composer is open');
      // The board's frame, which holds the board and the coordinates on its edges.
      const board = () =>
        $('board-frame').evaluate(async (el) => {
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          const canvas = /** @type {HTMLElement} */ (el.querySelector('[data-testid=board]'));
          return { width: Math.round(canvas.getBoundingClientRect().width) };
        });
      /** Where `id` stands laid out: where it shows plus how far everything around it is scrolled (the page, or on a desktop the board's column). */
      const placeOf = (id) =>
        $(id).evaluate((el) => {
          let top = el.getBoundingClientRect().top;
          for (let up = el.parentElement; up; up = up.parentElement) top += up.scrollTop;
          return Math.round(top);
        });
      const open = { top: await placeOf('board-frame'), ...(await board()) };
      const composerTop = await placeOf('rules-editor');
      assert.ok(open.top < composerTop, `the board (${open.top}) is above the composer (${composerTop})`);
      assert.ok(open.top < viewport.height / 2, `the board starts in the screen's upper half: ${open.top}`);
      await session.page.locator('[data-testid=rules-editor] summary').click();
      await session.page.waitForTimeout(300);
      assert.deepEqual({ top: await placeOf('board-frame'), ...(await board()) }, open, 'folding the composer changes nothing of the board');
      const page = await session.page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(page <= viewport.width, `nothing sticks out sideways: the page is ${page} px wide`);
    });
  }

  test('an edit in the form keeps the comments of the rules file and changes only its keys', async () => {
    await compose({ width: 1280, height: 800 });
    await $('rules-preset').selectOption('fox-and-hounds');
    await set('side2-pieces', 3);
    const text = await $('rules-text').inputValue();
    const comments = (t) => t.split('\n').filter((line) => line.trimStart().startsWith('#'));
    assert.deepEqual(comments(text), comments(FOX));
    assert.match(text, /\npieces = 3\n/);
    // Every other line of the preset outside its board stays as it was.
    const board = /board = """[\s\S]*?"""\n/;
    const lines = (t) => t.replace(board, '').split('\n');
    const gone = lines(FOX).filter((line) => !lines(text).includes(line));
    assert.deepEqual(gone, ['pieces = 4']);
    assert.equal(await $('rules-error').textContent(), '');
  });

  test('a side’s win reads as the rules word it, in the verdict and the legend', async () => {
    // The preset's rules on a small board (two hounds on 4 × 4), quick to solve on a busy machine.
    const rows = ['.H.H', '....', '....', '..F.'];
    const small = FOX.replace('pieces = 4', 'pieces = 2').replace(/board = """\n[\s\S]*?"""\n/, `board = """\n${rows.join('\n')}\n"""\n`);
    await session.open(`?game=custom&rules=${encodeURIComponent(small)}&solve=1`);
    await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 60_000 });
    const [winner, moves] = customAnswer(small, rows).split(/\s+/);
    assert.equal(winner, 'Hounds', 'the answer line names the side');
    assert.equal(await $('verdict').textContent(), `The hounds win in ${moves} moves`);
    assert.match(await $('legend-items').textContent(), /The hounds win/);
    // The form words it too, and a new wording goes into the Hounds' table.
    await session.page.locator('[data-testid=rules-editor] summary').click();
    assert.equal(await $('side2-win').inputValue(), 'The hounds win');
    await set('side2-win', 'Dogs prevail');
    const text = await $('rules-text').inputValue();
    assert.match(text.slice(text.lastIndexOf('[[side]]')), /\nwin = "Dogs prevail"\n/);
    await set('side1-win', '');
    assert.equal(await $('side1-win').getAttribute('placeholder'), 'Fox wins');
  });

  test('each side’s moves are drawn from the rules, and follow the form', async () => {
    await compose({ width: 1280, height: 800 });
    const presets = await $('rules-preset').locator('option').evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
    assert.ok(presets.length >= 4);
    for (const preset of presets) {
      await $('rules-preset').selectOption(preset);
      const rules = await rulesOnShow();
      for (const i of [0, 1]) assert.equal(await $(`side${i + 1}-diagram`).getAttribute('data-rows'), movesPicture(rules.side[i]), `${preset}, side ${i + 1}`);
    }
    await $('rules-preset').selectOption('fox-and-hounds');
    assert.equal(await $('side2-diagram').getAttribute('data-rows'), '.../.@./*.*', 'the hounds only go down');
    await set('side2-never-up-left', false);
    await set('side2-distance', 2);
    const rules = await rulesOnShow();
    assert.deepEqual(rules.side[1].never, ['up-right']);
    assert.equal(await $('side2-diagram').getAttribute('data-rows'), movesPicture(rules.side[1]));
    assert.equal(await $('side2-diagram').getAttribute('data-rows'), '*..../.*.../..@../.*.*./*...*');
  });

  test('phone: “never moves” is a compass of three rows that stays inside its side', async () => {
    await compose({ width: 390, height: 844 });
    for (const i of [1, 2]) {
      const box = await session.page.locator('fieldset.side').nth(i - 1).evaluate((side) => {
        const tops = [...side.querySelectorAll('.compass > *')].map((el) => Math.round(el.getBoundingClientRect().top));
        const inner = side.getBoundingClientRect();
        const parts = [...side.querySelectorAll('.compass, .moves-diagram')].map((el) => el.getBoundingClientRect());
        return { rows: new Set(tops).size, cells: tops.length, inside: parts.every((r) => r.left >= inner.left && r.right <= inner.right) };
      });
      assert.deepEqual(box, { rows: 3, cells: 9, inside: true }, `side ${i}`);
    }
  });

  test('Copy link in the composer: its link opens the same game and board, not under the guide', async () => {
    await compose({ width: 1280, height: 800 });
    await $('rules-preset').selectOption('knights');
    const origin = new URL(session.page.url()).origin;
    await session.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await session.page.locator('[data-testid=rules-editor] [data-testid=copy-link]').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=rules-editor] [data-testid=copy-link-said]')?.textContent === 'Link copied');
    const copied = await session.page.evaluate(() => navigator.clipboard.readText());
    await session.browser.context.clearPermissions();
    const rulesText = await $('rules-text').inputValue();
    assert.equal(new URL(copied).searchParams.get('rules'), rulesText);

    // A first visit by that link: the board, no guide over it; the page itself still shows the guide.
    const other = await openPage(session.browser.context, { guide: true });
    await other.goto(copied);
    await other.evaluate(() => localStorage.removeItem('retrolab.guide'));
    await other.reload();
    await other.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
    await other.waitForTimeout(500);
    assert.equal(await other.locator('[data-testid=guide]').isVisible(), false, 'no guide over a shared board');
    assert.equal(await other.locator('[data-testid=rules-text]').inputValue(), rulesText);
    assert.equal(await other.locator('[data-testid=board]').isVisible(), true);
    await other.goto(new URL('index.html', copied).href);
    await other.locator('[data-testid=guide]').waitFor({ state: 'visible' });
    assert.deepEqual(other.problems, []);
    await other.close();
  });
});

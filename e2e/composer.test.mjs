// Browser tests of the rules composer (issue 21): a game composed in the form from scratch,
// drawn, solved, replayed, explained and checked, and its link reopening the same game and
// board; the page's verdict against the CLI's answer on every preset; a bad rules text shown
// and the last good game kept. Answers are the CLI's (./target/release/retrolab, which
// ./build.sh test builds first).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { customAnswer, pageSession, setComposerField } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
const RULES = new URL('../rules/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'composer-'));

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const phase = () => $('controls').getAttribute('data-phase');
const param = (name) => new URL(session.page.url()).searchParams.get(name);
const resultOf = async () => {
  await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 60_000 });
  return $('verdict').getAttribute('data-result');
};

/** Sets a form field of the composer and lets it change the rules. */
const set = (id, value) => setComposerField(session.page, id, value);

describe('the rules composer', () => {
  test('a game composed in the form from scratch: drawn, solved, replayed, explained, checked, and its link', async () => {
    await session.open('?game=river');
    await $('game').selectOption('custom');
    await $('rules-editor').waitFor();
    // Every field of the form, none left as a preset had it.
    await set('rules-name', 'Cat and mouse');
    await set('side1-name', 'Cat');
    await set('side1-letter', 'C');
    await set('side1-colour', '#2a9d8f');
    await set('side1-pieces', 1);
    await set('side1-moves-orthogonal', false);
    await set('side1-moves-diagonal', true);
    await set('side1-moves-knight', false);
    await set('side1-distance', 1);
    await set('side1-jump', false);
    for (const direction of ['up', 'down', 'left', 'right', 'up-left', 'up-right', 'down-left', 'down-right']) await set(`side1-never-${direction}`, false);
    await set('side1-capture', 'wins');
    await set('side1-goal', 'none');
    await set('side2-name', 'Mouse');
    await set('side2-letter', 'M');
    await set('side2-colour', '#e9c46a');
    await set('side2-pieces', 1);
    await set('side2-moves-orthogonal', true);
    await set('side2-moves-diagonal', false);
    await set('side2-moves-knight', false);
    await set('side2-distance', 2);
    await set('side2-jump', false);
    for (const direction of ['up', 'left', 'right', 'up-left', 'up-right', 'down-left', 'down-right']) await set(`side2-never-${direction}`, false);
    await set('side2-never-down', true);
    await set('side2-capture', 'none');
    await set('side2-goal', 'top');
    await set('rules-first', '1');
    await set('rules-stuck', 'loses');
    assert.equal(await $('rules-error').textContent(), '');
    const rulesText = await $('rules-text').inputValue();
    for (const line of ['name = "Cat and mouse"', 'first = "Mouse"', 'letter = "C"', 'moves = ["diagonal"]', 'never = ["down"]', 'goal = "top"', 'distance = 2']) {
      assert.ok(rulesText.includes(line), `the rules text has ${line}:\n${rulesText}`);
    }
    assert.match(await $('rule-line').textContent(), /^Cat and mouse: Mouse \(1 piece, moves first\) against Cat \(1 piece\)/);
    assert.equal(param('rules'), rulesText, 'the link carries the rules');

    // Draws the board: a 5×4 board from the contest text, then an obstacle and the pieces moved with the keys.
    await session.page.locator('.contest-text summary').click();
    await $('contest-text').fill('5 4\n....\n....\n....\n....\nM..C');
    await $('use-text').click();
    await session.page.waitForFunction(() => new URL(location.href).searchParams.get('board') === '..../..../..../..../M..C');
    await $('board').focus();
    await session.page.keyboard.press('ArrowDown'); // the cursor to (2, 1)
    await session.page.keyboard.press('ArrowRight'); // (2, 2)
    await session.page.keyboard.press('Space'); // an obstacle
    await session.page.keyboard.press('ArrowRight'); // (2, 3)
    await session.page.keyboard.press('c'); // the cat there
    const rows = ['....', '.#C.', '....', '....', 'M...'];
    await session.page.waitForFunction((want) => new URL(location.href).searchParams.get('board') === want, rows.join('/'));
    assert.equal(await $('message').isHidden(), true, 'the board is a start of the game');

    await $('solve-now').click();
    const answer = await resultOf();
    assert.equal(answer, customAnswer(rulesText, rows), 'the page answers as the CLI');
    assert.match(await $('verdict').textContent(), /^(Cat|Mouse) wins in \d+ moves?|^Tie/);

    // Replay: the optimal line, a move at a time.
    await $('replay-start').click();
    assert.equal(await phase(), 'replaying');
    const before = await $('replay-status').textContent();
    await $('replay-next').click();
    await session.page.waitForFunction((was) => document.querySelector('[data-testid=replay-status]').textContent !== was, before);

    // Explain the start, and check the whole table from the rules alone.
    await $('replay-start').click();
    await $('explain').click();
    await session.page.locator('[data-testid=proof-node]').first().waitFor();
    const root = await session.page.locator('[data-testid=proof-node]').first().evaluate((el) => ({ ...el.dataset }));
    const [who, moves] = answer.split(' ');
    const value = who === 'Tie' ? 'tie' : who === 'Mouse' ? 'win' : 'lose';
    assert.equal(root.value, value, 'the proof’s root is the verdict (Mouse moves first)');
    if (moves !== undefined) assert.equal(root.remoteness, moves);
    await $('tool-check').click();
    await $('check').click();
    await session.page.waitForSelector('[data-testid=check-result][data-result]', { timeout: 60_000 });
    assert.equal(await $('check-result').getAttribute('data-result'), 'ok');

    // The link reopens the same game and board, solved.
    const link = new URL(session.page.url());
    link.searchParams.set('solve', '1');
    await session.page.goto(link.href);
    await session.loaded();
    assert.equal(await $('game').inputValue(), 'custom');
    assert.equal(await $('rules-text').inputValue(), rulesText, 'the same rules');
    assert.equal(param('board'), rows.join('/'), 'the same board');
    assert.equal(await resultOf(), answer);
  });

  test('on every preset the page’s verdict is the CLI’s answer', async () => {
    const presets = readdirSync(RULES).filter((f) => f.endsWith('.toml'));
    assert.ok(presets.length >= 4, `${presets.length} presets`);
    for (const preset of presets) {
      const rulesText = readFileSync(join(RULES, preset), 'utf8');
      await session.open(`?game=custom&rules=${encodeURIComponent(rulesText)}&solve=1`);
      const answer = await resultOf();
      const rows = param('board').split('/');
      assert.equal(answer, customAnswer(rulesText, rows), preset);
      assert.equal(await $('rules-preset').inputValue(), preset.replace(/\.toml$/, ''), 'the preset is named in the menu');
      const name = /^name = "(.*)"$/m.exec(rulesText)[1];
      // The menu, closed, shows the title alone (gamemenu.js); its list and its tooltip name the rules.
      assert.equal(await $('game').getAttribute('title'), `Composed game · ${name}`, 'the game menu names the rules on show');
      await $('game').dispatchEvent('pointerdown');
      const entry = await session.page.locator('[data-testid=game] option:checked').textContent();
      assert.ok(entry.endsWith(` · ${name}`), `the game menu's list names the rules on show: ${entry}`);
    }
  });

  test('play and drills work on a composed game', async () => {
    const rulesText = readFileSync(join(RULES, 'river-pawn.toml'), 'utf8');
    await session.open(`?game=custom&rules=${encodeURIComponent(rulesText)}&solve=1`);
    await resultOf();
    await $('tool-play').click();
    await session.page.selectOption('[data-testid=play-as]', '1');
    // Red (the page) moves first; then it is Black's turn.
    await session.page.waitForFunction(() => document.querySelector('[data-testid=play-status]').dataset.state === 'yours', null, { timeout: 30_000 });
    await $('tool-drill').click();
    await $('drill').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=drill-position]')?.dataset.position !== undefined, null, { timeout: 30_000 });
    assert.equal(await $('drill-position').getAttribute('data-answer-count'), '1', 'a drill position has one right move');
  });

  test('the batch view answers a composed game’s input as the CLI', async () => {
    const rulesText = readFileSync(join(RULES, 'river-pawn.toml'), 'utf8');
    const input = readFileSync(new URL('../tests/cases/river/sample1.in', import.meta.url), 'utf8');
    await session.open(`?game=custom&rules=${encodeURIComponent(rulesText)}&input=${encodeURIComponent(input)}`);
    await session.page.waitForSelector('[data-testid=batch-status][data-state=done]', { timeout: 60_000 });
    const results = await session.page.locator('[data-testid=batch-row]').evaluateAll((rows) => rows.map((r) => r.dataset.result));
    const file = join(scratch, 'batch.toml');
    writeFileSync(file, rulesText);
    assert.equal(`${results.join('\n')}\n`, execFileSync(CLI, ['custom', '--rules', file], { input, encoding: 'utf8' }));
  });

  test('a bad rules text shows the engine’s message and keeps the last good game', async () => {
    await session.open('?game=custom');
    await $('rules-preset').selectOption('chase');
    const good = await $('rules-text').inputValue();
    const summary = await $('rule-line').textContent();
    const board = param('board');
    assert.equal(await $('rules-error').textContent(), '');
    const bad = good.replace(/pieces = 1/, 'pieces = 5');
    assert.notEqual(bad, good);
    await $('rules-text').fill(bad);
    const line = bad.split('\n').findIndex((l) => l.includes('pieces = 5')) + 1;
    await session.page.waitForFunction(() => document.querySelector('[data-testid=rules-error]').textContent !== '');
    assert.match(await $('rules-error').textContent(), new RegExp(`^line ${line}: side \\d, pieces: `));
    assert.equal(await $('rule-line').textContent(), summary, 'the game on show is the last good one');
    assert.equal(param('rules'), good);
    assert.equal(param('board'), board);
    // The form still states the last good rules; fixing the text clears the message.
    assert.equal(await $('side1-pieces').inputValue(), '1');
    await $('rules-text').fill(good.replace('name = "Chase"', 'name = "Chase again"'));
    await session.page.waitForFunction(() => document.querySelector('[data-testid=rules-error]').textContent === '');
    assert.match(await $('rule-line').textContent(), /^Chase again:/);
    await $('solve-now').click();
    assert.equal(await resultOf(), customAnswer(good, param('board').split('/')));
  });
});

// Browser tests of the tools and the composer in two languages: with `?lang=zh` each tool's
// panel (Explain, Check, Batch, Export, Play, Drills), a cell's provenance, the rules
// composer, a composed game's help line, the first-visit guide and the message of a broken link
// show no English word but the allowed ones — the command line's own words, file
// formats, keys, and a composed game's names, which are its rules file's; in English none of
// them shows Chinese but the contest problems' names. language.test.mjs walks the main views.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { pageSession } from './helpers.mjs';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/**
 * English a Chinese panel shows, each with why: the command line a panel quotes (`retrolab
 * river < river.in`) and the answers it prints (`Red 75`, `Tie`), the contest format's field
 * `id`, the rules' document (RULES §1), units and file formats, keys named on the keyboard,
 * contest names.
 */
const ENGLISH_ALLOWED = new Set(['retrolab', 'river', 'chase', 'tableau', 'custom', 'rules', 'Red', 'Black', 'Tie', 'id', 'RULES', 'MB', 'PNG', 'GIF', 'WebM', 'Enter', 'Esc', 'Shift', 'Ctrl', 'Del', 'CQOI', 'TOML']);
/** Chinese an English panel shows: the contest problems' own names. */
const CHINESE_ALLOWED = ['过河卒', '棋盘游戏', '一双木棋', '省选联考', '九省联考'];

const RIVER = '?game=river&board=%23.%23/O.O/.X.&solve=1';
const RULES = readFileSync(new URL('../rules/river-pawn.toml', import.meta.url), 'utf8');
/** The names the river pawn's rules file gives (the game's, each side's): a composed game's names are its own, in any language. */
const RULES_WORDS = new Set([...RULES.matchAll(/^\s*name\s*=\s*"([^"]*)"/gm)].flatMap(([, name]) => name.match(/[A-Za-z]{2,}/g) ?? []));

/** English words of `text` not allowed (file extensions such as `.in` left out). */
const englishIn = (text, allowed = ENGLISH_ALLOWED) => [...new Set(text.replace(/\.[a-z]{2,4}\b/g, ' ').match(/[A-Za-z]{2,}/g) ?? [])].filter((word) => !allowed.has(word));
const chineseIn = (text) => {
  let rest = text;
  for (const name of CHINESE_ALLOWED) rest = rest.split(name).join(' ');
  return [...new Set(rest.match(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/g) ?? [])];
};

/** Opens `query` and waits for the verdict of the solved board. */
async function openSolved(query) {
  await session.open(query);
  await session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
}

/**
 * Opens each tool by its tab, lets it answer (Check its verdict, Explain its count, Batch its
 * example), and returns `{tab, text}` of each: the visible words of the open panel.
 */
async function toolTexts() {
  const texts = [];
  const tabs = session.page.locator('.tool-tabs button');
  for (let i = 0; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    await tab.click();
    const panel = session.page.locator('[data-testid=tool-panels] > :not([hidden])').first();
    await panel.waitFor();
    // Words that arrive later: the proof's count, the Check's verdict.
    await session.page.waitForFunction(() => !document.querySelector('[data-testid=proof-size]')?.checkVisibility() || document.querySelector('[data-testid=proof-size]').dataset.done);
    await session.page.waitForTimeout(300);
    texts.push({ tab: await tab.textContent(), text: await panel.innerText() });
  }
  return texts;
}

/** The provenance of the cell the board's cursor is on, asked with "ask why": its words. */
async function provenanceText() {
  await $('tap-inspect').click();
  await $('replay-when').click();
  await session.page.waitForSelector('[data-testid=provenance]:not([data-how=working])');
  return $('provenance').innerText();
}

describe('the tools and the composer in Chinese and in English', () => {
  test('?lang=zh: every tool, a provenance and the composer show no English word but the allowed', async () => {
    await openSolved(`${RIVER}&lang=zh`);
    const found = [];
    for (const { tab, text } of await toolTexts()) {
      assert.match(text, /[\u4e00-\u9fff]/, `${tab}: says something in Chinese`);
      const english = englishIn(text);
      if (english.length > 0) found.push(`${tab}: ${english.join(' ')}`);
    }
    const why = await provenanceText();
    assert.match(why, /[\u4e00-\u9fff]/);
    if (englishIn(why).length > 0) found.push(`provenance: ${englishIn(why).join(' ')}`);
    await openSolved(`?game=custom&rules=${encodeURIComponent(RULES)}&lang=zh&solve=1`);
    await $('rules-editor').waitFor();
    // The composer, and the help line that names the composed game's pieces by their keys.
    const composer = `${await $('rules-editor').innerText()}\n${await $('help').innerText()}`;
    const english = englishIn(composer, new Set([...ENGLISH_ALLOWED, ...RULES_WORDS]));
    if (english.length > 0) found.push(`composer: ${english.join(' ')}`);
    assert.deepEqual(found, []);
  });

  test('in English: every tool, a provenance and the composer show no Chinese but the problems’ names', async () => {
    await openSolved(RIVER);
    const found = [];
    for (const { tab, text } of await toolTexts()) {
      if (chineseIn(text).length > 0) found.push(`${tab}: ${chineseIn(text).join(' ')}`);
    }
    const why = await provenanceText();
    assert.match(why, /decided|Decided/);
    if (chineseIn(why).length > 0) found.push(`provenance: ${chineseIn(why).join(' ')}`);
    await openSolved(`?game=custom&rules=${encodeURIComponent(RULES)}&solve=1`);
    await $('rules-editor').waitFor();
    const composer = await $('rules-editor').innerText();
    if (chineseIn(composer).length > 0) found.push(`composer: ${chineseIn(composer).join(' ')}`);
    assert.deepEqual(found, []);
  });

  test('?lang=zh: the guide’s every step and a broken link’s message are in Chinese', async () => {
    await session.open('?lang=zh');
    await $('guide-open').click();
    const found = [];
    for (let step = 1; step <= 10 && (await $('guide').isVisible()); step++) {
      const text = await $('guide').innerText();
      assert.match(text, /[\u4e00-\u9fff]/, `guide step ${step}`);
      if (englishIn(text).length > 0) found.push(`guide step ${step}: ${englishIn(text).join(' ')}`);
      await $('guide-next').click();
    }
    assert.equal(await $('guide').isVisible(), false, 'the guide ends');
    // Links the page cannot read: a board with a stranger character, a chase with no numbers, a game it does not know.
    for (const link of ['?game=river&board=O.Z/.X./.O.', '?game=chase&n=3&white=a', '?game=nope', '?game=tableau&a=1,2&b=1,-2']) {
      await session.open(`${link}&lang=zh`);
      await $('message').waitFor();
      // What the link itself says is quoted as it is: its text in quotes, its parameters' names, the board's characters.
      const message = (await $('message').innerText()).replace(/"[^"]*"/g, ' ');
      assert.match(message, /[\u4e00-\u9fff]/, link);
      const english = englishIn(message, new Set([...ENGLISH_ALLOWED, 'game', 'board', 'white', 'black', 'OX']));
      if (english.length > 0) found.push(`${link}: ${english.join(' ')}`);
    }
    assert.deepEqual(found, []);
  });
});

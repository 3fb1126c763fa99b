// Browser tests of the page in two languages (www/words/i18n.js): `?lang=zh` opens it in
// Chinese, the header's switch `[data-testid=lang]` changes it and the choice survives a
// reload, the first visit follows the browser's preferred languages, `<html lang>` follows;
// the main views of each game in Chinese show no English words but the allowed names and keys,
// and no button of them clips its words; the same views in English show no Chinese but the
// contest problems' own names. The views walked are those whose words are in the catalogs: the
// header, the toolbar and rule line, the verdict and its details and legend, the controls,
// speed, counters and progress, the move table, the replay's bar, the tools' tabs, the help and
// the notes on the numbers; and the full rules (docs/RULES.zh.md).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { pageSession } from './helpers.mjs';
import zh from '../www/words/zh.js';

const session = pageSession({ launch: { viewport: { width: 1280, height: 800 } } });
const $ = (id) => session.page.locator(`[data-testid=${id}]`);

/** The parts of the page walked (their words are all the catalogs'). */
const VIEWS = [
  'header',
  '.toolbar',
  '.rule-line',
  '[data-testid=outcome]',
  '[data-testid=legend]',
  '[data-testid=controls]',
  '.speed',
  '[data-testid=counters]',
  '[data-testid=progress-text]',
  '.histogram figcaption',
  '[data-testid=move-table-box]',
  '.replay-bar',
  '.tool-tabs',
  '[data-testid=help]',
  '.about summary',
  '.keys',
];

/**
 * English the Chinese page shows, each with why: the page's and the languages' names, keys
 * on the keyboard (CtrlZ: two keys side by side), contest names.
 */
const ENGLISH_ALLOWED = new Set(['retrolab', 'RETROLAB', 'EN', 'Ctrl', 'Shift', 'Enter', 'Del', 'CtrlZ', 'CQOI']);
/** Chinese the English page shows: the contest problems' own names, beside the games' English ones. */
const CHINESE_ALLOWED = ['过河卒', '棋盘游戏', '一双木棋', '省选联考', '九省联考'];

const LINKS = {
  river: '?game=river&board=%23.%23/O.O/.X.&solve=1',
  chase: '?game=chase&n=4&white=3,2&black=3,4&solve=1',
  tableau: '?game=tableau&a=0,1,2;3,4,5&b=5,4,3;2,1,0&solve=1',
};

/** Opens `query` on a page of the test's own (`init` runs before the page's scripts) and waits for the solver. */
async function openWith(query, init) {
  session.page ??= await openPage(session.browser.context);
  if (init) await session.page.addInitScript(init);
  await session.page.goto(`${session.browser.url}index.html${query}`);
  await ready();
}

/** Waits until the solver is loaded, in either language. */
const ready = () =>
  session.page.waitForFunction(() => document.querySelector('[data-testid=game] option') && !/Loading the solver|正在加载求解器/.test(document.querySelector('[data-testid=verdict]').textContent));

/** Waits for the verdict of a solved board. */
const solved = () => session.page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });

/** The visible text of the walked views, the contest's answer line (the CLI's words) left out. */
const visibleWords = () =>
  session.page.evaluate((views) => {
    const answer = document.querySelector('[data-testid=verdict]').dataset.result ?? '\u0000';
    // A menu's text is its choice on show, not every entry (the composed game's entry names its rules file's game).
    const menus = [...document.querySelectorAll('select')];
    for (const menu of menus) menu.style.display = 'none';
    const text = views
      .flatMap((selector) => [...document.querySelectorAll(selector)])
      .filter((el) => el.checkVisibility())
      .map((el) => [el.innerText, ...[...el.querySelectorAll('select')].map((s) => s.selectedOptions[0]?.textContent ?? '')].join('\n'))
      .join('\n');
    for (const menu of menus) menu.style.display = '';
    return text.split(answer).join(' ');
  }, VIEWS);

/** The buttons of the walked views whose words do not fit (wider or taller than their box). */
const clipped = () =>
  session.page.evaluate((views) =>
    views
      .flatMap((selector) => [...document.querySelectorAll(`${selector} button`)])
      .filter((b) => b.checkVisibility() && (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1))
      .map((b) => `${b.dataset.testid ?? b.className}: ${b.textContent}`),
  VIEWS);

const englishIn = (text) => [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter((word) => !ENGLISH_ALLOWED.has(word));
const chineseIn = (text) => {
  let rest = text;
  for (const name of CHINESE_ALLOWED) rest = rest.split(name).join(' ');
  return [...new Set(rest.match(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/g) ?? [])];
};

describe('the page in Chinese and in English', () => {
  for (const [game, link] of Object.entries(LINKS)) {
    test(`${game}: ?lang=zh shows its main views in Chinese, no English word left, no button clipped`, async () => {
      await openWith(`${link}&lang=zh`);
      await solved();
      assert.equal(await session.page.evaluate(() => document.documentElement.lang), 'zh');
      assert.equal(await $('lang').inputValue(), 'zh');
      await $('replay-next').click();
      const text = await visibleWords();
      assert.match(text, /[\u4e00-\u9fff]/, 'the views say something in Chinese');
      assert.deepEqual(englishIn(text), [], `English words in:\n${text}`);
      assert.deepEqual(await clipped(), []);
    });

    test(`${game}: the same views in English show no Chinese but the problem's own name`, async () => {
      await openWith(link);
      await solved();
      assert.equal(await session.page.evaluate(() => document.documentElement.lang), 'en');
      await $('replay-next').click();
      const text = await visibleWords();
      assert.match(text, /Move 1 of/);
      assert.deepEqual(chineseIn(text), [], `Chinese in:\n${text}`);
    });
  }

  test('on a phone, in Chinese, no button of the walked views clips its words', async () => {
    session.page = await openPage(session.browser.context);
    await session.page.setViewportSize({ width: 390, height: 844 });
    for (const link of Object.values(LINKS)) {
      await openWith(`${link}&lang=zh`);
      await solved();
      assert.deepEqual(await clipped(), [], link);
    }
  });

  test('the full rules in Chinese: docs/RULES.zh.md’s section of each game', async () => {
    for (const [game, heading] of [['river', '过河卒'], ['chase', '棋盘游戏'], ['tableau', '一双木棋']]) {
      await openWith(`?game=${game}&lang=zh`);
      await $('rules-open').click();
      await session.page.waitForFunction((h) => document.querySelector('[data-testid=rules-title]').textContent.startsWith(h), heading);
      // The title shows at once; the section is fetched: wait until it replaced the loading line.
      await session.page.waitForFunction((loading) => !document.querySelector('[data-testid=rules-body]').textContent.includes(loading), zh['rules.loading']);
      const body = await $('rules-body').innerText();
      assert.match(body, /合法走法|回合/, `${game}: the rules in Chinese`);
      await $('rules-close').click();
    }
  });

  test('the switch reloads the page in the language chosen, keeps the board, and the choice survives a reload', async () => {
    await openWith(LINKS.river.replace('&solve=1', ''));
    assert.equal(await $('verdict').textContent().then((t) => /[\u4e00-\u9fff]/.test(t)), false);
    await Promise.all([session.page.waitForEvent('load'), $('lang').selectOption('zh')]);
    await ready();
    assert.equal(await session.page.evaluate(() => document.documentElement.lang), 'zh');
    assert.equal(await $('lang').inputValue(), 'zh');
    assert.match(session.page.url(), /[?&]lang=zh$/, 'the link says the language');
    assert.match(session.page.url(), /board=%23\.%23\/O\.O\/\.X\./, 'the board is the same');
    assert.equal(await $('play').textContent(), '▶ 动画演示');
    // A visit without lang= in its link: the kept choice.
    await session.page.goto(`${session.browser.url}index.html`);
    await ready();
    assert.equal(await $('lang').inputValue(), 'zh');
    assert.equal(await $('rows').inputValue(), '3', 'the saved board is the same');
    await Promise.all([session.page.waitForEvent('load'), $('lang').selectOption('en')]);
    await ready();
    assert.equal(await session.page.evaluate(() => document.documentElement.lang), 'en');
    assert.doesNotMatch(session.page.url(), /lang=/);
    assert.equal(await $('play').textContent(), '▶ Animate');
  });

  test('a first visit follows the browser’s preferred languages; a link’s lang= and a kept choice come first', async () => {
    const prefer = (languages) => Object.defineProperty(Navigator.prototype, 'languages', { get: () => languages });
    session.page = await openPage(session.browser.context);
    await session.page.addInitScript(prefer, ['fr-FR', 'zh-CN', 'en']);
    await session.page.goto(`${session.browser.url}index.html`);
    await session.page.evaluate(() => localStorage.removeItem('retrolab.language'));
    await session.page.reload();
    await ready();
    assert.equal(await $('lang').inputValue(), 'zh', 'French is not spoken: Chinese, the next preferred');
    await session.page.goto(`${session.browser.url}index.html?lang=en`);
    await ready();
    assert.equal(await $('lang').inputValue(), 'en', 'the link’s language first');
    await session.page.evaluate(() => localStorage.setItem('retrolab.language', 'en'));
    await session.page.goto(`${session.browser.url}index.html`);
    await ready();
    assert.equal(await $('lang').inputValue(), 'en', 'the kept choice before the browser’s');
  });
});

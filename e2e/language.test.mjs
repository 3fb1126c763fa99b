// Browser tests of the page in two languages (www/words/i18n.js): `?lang=zh` opens it in
// Chinese, the header's switch `[data-testid=lang]` changes it and the choice survives a
// reload, the first visit follows the browser's preferred languages, `<html lang>` follows;
// the main views of each game in Chinese show no English words but the allowed names and keys,
// and no button of them clips its words; the same views in English show no Chinese but the
// contest problems' own names. The views walked are those whose words are in the catalogs: the
// header, the toolbar and rule line, the verdict and its details and legend, the controls,
// speed, counters and progress, the move table, the replay's bar, the tools' tabs, the help and
// the notes on the numbers; and the full rules (docs/RULES.zh.md). The engine's messages — a
// bad board, a bad contest input in the batch view, a bad rules file in the composer (the TOML
// parser's and serde's faults too), a board over the memory limit — are said in Chinese, and
// in English as the CLI says them
// (./target/release/retrolab, which ./build.sh test builds first).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  test('the game menu, closed, shows its game’s whole name: each game, both languages, desktop and phone', async () => {
    /** The entry the closed game menu shows, when the menu is narrower than it needs to show it whole. */
    const menuCut = () =>
      session.page.evaluate(() => {
        const menu = /** @type {HTMLSelectElement} */ (document.querySelector('[data-testid=game]'));
        // The width the menu needs for its entry on show, the platform's arrow and padding
        // included: a copy of it with that entry alone, as wide as it likes.
        const alone = /** @type {HTMLSelectElement} */ (menu.cloneNode(false));
        alone.append(new Option(menu.selectedOptions[0].textContent));
        alone.style.cssText = 'position: absolute; visibility: hidden; width: auto; max-width: none';
        menu.after(alone);
        const needs = alone.getBoundingClientRect().width;
        alone.remove();
        return needs > menu.getBoundingClientRect().width + 0.5 ? `${menu.selectedOptions[0].textContent} (${needs} px > ${menu.getBoundingClientRect().width} px)` : null;
      });
    const cut = [];
    session.page = await openPage(session.browser.context);
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await session.page.setViewportSize({ width, height });
      for (const lang of ['en', 'zh']) {
        for (const game of ['river', 'chase', 'tableau', 'custom']) {
          await openWith(`?game=${game}&lang=${lang}`);
          const shown = await menuCut();
          if (shown) cut.push(`${width}×${height} ${lang} ${game}: ${shown}`);
          // The list, opened, names the game on show in full, as it names the others.
          const closed = await $('game').evaluate((menu) => menu.selectedOptions[0].textContent);
          await $('game').focus();
          await $('game').dispatchEvent('pointerdown');
          const open = await $('game').evaluate((menu) => [...menu.options].map((o) => o.textContent));
          await $('game').blur();
          assert.ok(open.every((entry) => entry.includes(' · ')), `${lang}: ${open}`);
          assert.ok(open.some((entry) => entry.startsWith(`${closed} · `)), `${closed} in ${open}`);
          assert.equal(await $('game').evaluate((menu) => menu.selectedOptions[0].textContent), closed, 'closed again: the title');
        }
      }
    }
    assert.deepEqual(cut, []);
  });

  test('the full rules in Chinese: docs/RULES.zh.md’s section of each game', async () => {
    for (const [game, heading] of [['river', '过河卒'], ['chase', '棋盘游戏'], ['tableau', '一双木棋']]) {
      await openWith(`?game=${game}&lang=zh`);
      await $('rules-open').click();
      await session.page.waitForFunction((h) => document.querySelector('[data-testid=rules-title]').textContent.startsWith(h), heading);
      // The title shows at once; the section is fetched: wait until it replaced the loading line.
      await session.page.waitForFunction((loading) => !document.querySelector('[data-testid=rules-body]').textContent.includes(loading), zh['rules.loading']);
      const body = await $('rules-body').innerText();
      assert.ok(!(await $('rules-title').textContent()).includes(`(${game})`), 'the heading names the game, not its id');
      assert.match(body, /合法走法|回合/, `${game}: the rules in Chinese`);
      // The problem's own statement, where Luogu has it, one click away.
      const statement = { river: 'https://www.luogu.com.cn/problem/P9169', tableau: 'https://www.luogu.com.cn/problem/P4363' }[game];
      if (statement) assert.equal(await $('rules-body').locator(`a[href="${statement}"]`).count(), 1, `${game}: the link to its statement`);
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

  describe('the engine’s messages', () => {
    const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;
    const scratch = mkdtempSync(join(tmpdir(), 'language-'));
    /** What `retrolab game` writes to stderr for `input`, without its `retrolab game: `. */
    const cliError = (args, input) => {
      const run = spawnSync(CLI, args, { input, encoding: 'utf8' });
      assert.equal(run.status, 2, run.stderr);
      return run.stderr.trim().replace(/^retrolab \w+: /, '');
    };
    /** Words a message keeps as written in Chinese: the rules file's keys, the size unit. */
    const KEPT = new Set(['pieces', 'first', 'MB']);
    /**
     * The TOML parser's words that no code says (rare slips: the common ones are worded),
     * which Chinese quotes as the parser's own: they are its words, not the page's.
     */
    const PARSER_OWN = /TOML 解析器原话：「[^」]*」/g;
    const englishLeft = (text) => englishIn(text.replace(PARSER_OWN, ' ')).filter((word) => !KEPT.has(word));
    /** A river input whose first board has three reds: `line 2: board 1: …` (its size line). */
    const badRiver = '0 1\n3 3\nOOO\n...\n.X.\n';

    /** Pastes `text` into the contest text box and waits for the message under the board. */
    async function pasted(text) {
      await session.page.locator('.contest-text summary').click();
      await $('contest-text').fill(text);
      await $('use-text').click();
      await session.page.waitForFunction(() => document.querySelector('[data-testid=message]')?.checkVisibility());
      return $('message').textContent();
    }

    test('a bad board pasted: Chinese with ?lang=zh, the CLI’s words in English', async () => {
      const cli = cliError(['river'], badRiver);
      assert.equal(cli, 'line 2: board 1: the board has 3 red pieces (O), it needs exactly 2');
      await openWith('?game=river&lang=zh');
      const zhText = await pasted(badRiver);
      assert.match(zhText, /第 2 行：第 1 个棋盘：棋盘上有 3 枚红子（O），需要正好 2 枚/);
      assert.deepEqual(englishLeft(zhText), [], zhText);
      await openWith('?game=river&lang=en');
      assert.ok((await pasted(badRiver)).includes(cli));
    });

    test('a board over the memory limit: its refusal in Chinese', async () => {
      const rules = new URL('../rules/river-pawn.toml', import.meta.url).pathname;
      // An open 32×32 board: over the limit even in its tiers (black's rows).
      const rows = Array.from({ length: 32 }, (_, r) => (r === 0 ? 'OO' + '.'.repeat(30) : r === 31 ? '.'.repeat(31) + 'X' : '.'.repeat(32)));
      const input = `0 1\n32 32\n${rows.join('\n')}\n`;
      const cli = cliError(['custom', '--rules', rules], input);
      const mb = cli.match(/\d+ MB/g);
      await openWith(`?game=custom&rules=${encodeURIComponent(readFileSync(rules, 'utf8'))}&lang=zh`);
      const text = await pasted(input);
      assert.match(text, /第 2 行：第 1 个棋盘：这个棋盘回答起点需要/);
      for (const figure of mb) assert.ok(text.includes(figure), `${figure} in ${text}`);
      assert.deepEqual(englishLeft(text), [], text);
    });

    test('a bad contest text in the batch view: its row in Chinese, its data the CLI’s', async () => {
      const input = '0 2\n3 3\nO.O\n...\n.X.\n3 x\n...\n';
      const cli = cliError(['river'], input);
      assert.equal(cli, 'line 6: m must be an integer, found "x"');
      await openWith('?game=river&lang=zh');
      await $('tool-batch').click();
      await $('batch-input').fill(input);
      await $('batch-run').click();
      await session.page.waitForSelector('[data-testid=batch-status][data-state=done]', { timeout: 60_000 });
      // The game's contest format above the table is the engine's, in Chinese too.
      assert.match(await session.page.locator('.batch-format').innerText(), /^过河卒（RULES §1）。输入：一行 id T，/);
      const fault = session.page.locator('[data-testid=batch-row].fault');
      assert.equal(await fault.getAttribute('data-result'), cli, 'the data is the CLI’s line');
      const shown = await fault.locator('td.answer').textContent();
      assert.equal(shown, '第 6 行：m 必须是整数，却是 "x"');
      assert.deepEqual(englishLeft(shown), [], shown);
    });

    test('a bad rules file in the composer: its message in Chinese, the key as written', async () => {
      await openWith('?game=custom&lang=zh');
      await $('rules-preset').selectOption('chase');
      // The composed game's rule line is the engine's, in Chinese but for the rules file's names.
      assert.match(await $('rule-line').textContent(), /^Chase：\w+（1 枚棋子，先手）对 \w+（1 枚棋子）。/);
      const good = await $('rules-text').inputValue();
      const bad = good.replace(/pieces = 1/, 'pieces = 5');
      const line = bad.split('\n').findIndex((l) => l.includes('pieces = 5')) + 1;
      const file = join(scratch, 'bad.toml');
      writeFileSync(file, bad);
      const cli = cliError(['custom', '--rules', file], '');
      await $('rules-text').fill(bad);
      await session.page.waitForFunction(() => document.querySelector('[data-testid=rules-error]').textContent !== '');
      const shown = await $('rules-error').textContent();
      assert.match(shown, new RegExp(`^第 ${line} 行：第 \\d 方的 pieces：必须在 1 到 4 之间，却是 5$`));
      assert.deepEqual(englishLeft(shown), [], shown);
      assert.match(cli, new RegExp(`line ${line}: side \\d, pieces: must be between 1 and 4, found 5$`));
    });

    test('the TOML parser’s and serde’s faults in the composer: Chinese words, in English the CLI’s', async () => {
      await openWith('?game=custom&lang=zh');
      await $('rules-preset').selectOption('chase');
      const good = await $('rules-text').inputValue();
      /** Each bad rules file and what its message says in Chinese, after `第 N 行：`. */
      const faults = [
        // A value of the wrong kind.
        [good.replace('pieces = 1', 'pieces = "x"'), '第 1 方的 pieces：类型不对：写的是字符串 "x"，应为整数'],
        // A key without `=`.
        [good.replace('pieces = 1', 'pieces 1'), '键后面没有值：缺少 `=`'],
        // An unclosed `[[`.
        [good.replace('[[side]]', '[[side'), '第 1 方：[[…]] 表头没有写完：缺少 `]]`'],
        // A stray word after a value.
        [good.replace('first = "WHITE"', 'first = "WHITE" x'), 'first：多出了键或值：这里应换行，或用 `#` 开始注释'],
        // A stray number in a number's value: what the field allows.
        [good.replace('pieces = 1', 'pieces = 1 2'), '第 1 方的 pieces：必须是介于 1 到 4 之间的数，却是 1 2'],
        // Words no code says: the parser's own, quoted.
        [good.replace('name = "Chase"', 'name = "Chase"\nname.x = 1'), 'TOML 解析器原话：「cannot extend value of type string with a dotted key」'],
      ];
      /** The composer's message for `text`, in the page's language, once it is `text`'s. */
      async function refused(text) {
        const before = await $('rules-error').textContent();
        await $('rules-text').fill(text);
        await session.page.waitForFunction((was) => {
          const now = document.querySelector('[data-testid=rules-error]').textContent;
          return now !== '' && now !== was;
        }, before);
        return $('rules-error').textContent();
      }
      const cli = faults.map(([bad], i) => {
        const file = join(scratch, `fault-${i}.toml`);
        writeFileSync(file, bad);
        return cliError(['custom', '--rules', file], '').slice(file.length + 2);
      });
      for (const [i, [bad, words]] of faults.entries()) {
        const shown = await refused(bad);
        assert.equal(shown, `${cli[i].replace(/^line (\d+): .*/, '第 $1 行：')}${words}`, cli[i]);
        assert.deepEqual(englishLeft(shown), [], shown);
      }
      await session.page.goto(`${session.browser.url}index.html?game=custom&lang=en`);
      await ready();
      await $('rules-preset').selectOption('chase');
      for (const [i, [bad]] of faults.entries()) assert.equal(await refused(bad), cli[i]);
    });
    test('a form field holding what no rules file may (a piece count of 1.5, no letter): said in Chinese', async () => {
      await openWith('?game=custom&lang=zh');
      for (const [field, value, words] of [
        ['side1-pieces', '1.5', '类型不对：写的是小数 1.5，应为整数'],
        ['side1-letter', '', '类型不对：写的是字符串 ""，应为一个字符'],
      ]) {
        const before = await $(field).inputValue();
        await $(field).fill(value);
        await $(field).dispatchEvent('change');
        await session.page.waitForFunction(() => document.querySelector('[data-testid=rules-error]').textContent !== '');
        const shown = await $('rules-error').textContent();
        assert.equal(shown, words);
        assert.deepEqual(englishLeft(shown), [], shown);
        await $(field).fill(before);
        await $(field).dispatchEvent('change');
        await session.page.waitForFunction(() => document.querySelector('[data-testid=rules-error]').textContent === '');
      }
    });
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

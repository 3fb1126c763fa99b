// The page's words (www/words/i18n.js and its catalogs), checked with no browser: both
// catalogs have the same keys, each message the same arguments and markup in both languages,
// every key is used in www/ (a module or index.html) or is a code the engine words (its
// `engineWords`), and every key used is in the catalogs; en.js says every engine code as the
// engine's English does (src/words.rs), and zh.js has them all;
// and no English words meant for people are left in www/ outside the catalogs — a scan of the
// string literals of every module and of index.html's text, with a short allow-list (below,
// each entry with why) and the list of modules whose words are not in the catalogs yet.

import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import en from '../www/words/en.js';
import zh from '../www/words/zh.js';
import { CATALOGS, formatList, languageOf, setLanguage, t } from '../www/words/i18n.js';
import { said } from '../www/words/text.js';
import init, { engineWords } from '../www/pkg/retrolab.js';

await init({ module_or_path: await readFile(new URL('../www/pkg/retrolab_bg.wasm', import.meta.url)) });
/** Every message the engine words (src/words.rs), with sample arguments and the engine's English of them. */
const engineSays = engineWords();
/** The engine's codes: keys of the catalogs that no module names, said when the engine throws them. */
const engineKeys = new Set(engineSays.map(({ code }) => code));

const ROOT = new URL('../', import.meta.url);
const WWW = new URL('../www/', import.meta.url);

/**
 * The modules whose words are not in the catalogs yet: the scan passes over them. The list
 * shrinks as they are converted; a module on it with no English literal left fails the test,
 * so that it leaves the list once it is done.
 */
const NOT_YET = [];

/**
 * English the page shows as it is, in any language, each with why: names, symbols and the
 * letters the board and the contest formats use.
 */
const ALLOWED = new Set([
  'EN', // the language switch names English by its code (and Chinese by 中)
  'C++', // a programming language's name (the code panel)
  'retrolab', // the page's name
  // class names, never shown
  'message error',
  'tool-hint batch-format',
  'batch-table compare-table',
  'batch-scroll compare-scroll',
  'row pictures',
  // KeyboardEvent.key values the page compares keys with, never shown
  'Enter',
  'Delete',
  'Backspace',
  'Escape',
  'Home',
  'End',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
]);

/** Every module of www/ with its text, as paths under www/ (not the engine's glue, vendored code or the catalogs). */
async function modules() {
  const entries = await readdir(WWW, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.relative(WWW.pathname, path.join(e.parentPath ?? e.path, e.name)))
    .filter((p) => !p.startsWith('pkg/') && !p.startsWith('vendor/') && !['words/en.js', 'words/zh.js'].includes(p))
    .sort();
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(new URL(f, WWW), 'utf8')])));
}

const texts = await modules();
const page = await readFile(new URL('index.html', ROOT), 'utf8');

/**
 * The string literals of a module's text (a template literal with ◇ for each
 * substitution), skipping comments and regular expressions: a small lexer, enough for the
 * page's own code. A substitution is ◇ in its template's text.
 * @param {string} source
 */
function literals(source) {
  const found = [];
  let i = 0;
  let last = '';
  /** Reads a template literal from after its backquote; returns its text with `{}` for substitutions. */
  const template = () => {
    let text = '';
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source[i + 1];
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        i += 2;
        code(true);
        text += '◇';
      } else text += source[i++];
    }
    i++;
    return text;
  };
  /** Reads code to the end, or (`closing`) to the brace that closes a substitution. */
  const code = (closing) => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i];
      if (c === '/' && source[i + 1] === '/') i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
      else if (c === '/' && source[i + 1] === '*') i = source.indexOf('*/', i + 2) + 2;
      else if (c === '/' && (last === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(last) || /\b(return|typeof|case)$/.test(last))) {
        i++;
        let inClass = false;
        while (i < source.length && (source[i] !== '/' || inClass)) {
          if (source[i] === '\\') i++;
          else if (source[i] === '[') inClass = true;
          else if (source[i] === ']') inClass = false;
          i++;
        }
        i++;
        while (/[a-z]/.test(source[i] ?? '')) i++;
        last = 'regex';
      } else if (c === "'" || c === '"') {
        let text = '';
        i++;
        while (i < source.length && source[i] !== c) {
          if (source[i] === '\\') {
            text += source[i + 1];
            i += 2;
          } else text += source[i++];
        }
        i++;
        found.push(text);
        last = 'string';
      } else if (c === '`') {
        i++;
        found.push(template());
        last = 'string';
      } else if (c === '{') {
        depth++;
        i++;
        last = c;
      } else if (c === '}') {
        i++;
        last = c;
        if (depth === 0 && closing) return;
        depth--;
      } else if (/\s/.test(c)) i++;
      else {
        const word = /^[\w$.]+/.exec(source.slice(i, i + 40));
        last = word ? word[0] : c;
        i += word ? word[0].length : 1;
      }
    }
  };
  code(false);
  return found;
}

/**
 * Whether a string literal reads as English for people: two words of letters with a space
 * between, or a capitalised word; not code (selectors, CSS, markup, paths, keys).
 * @param {string} text
 */
function looksEnglish(text) {
  if (ALLOWED.has(text.trim())) return false;
  // A programming error's message, for the developer: it starts with its module's name
  // ("defineGame: …", "controller: …").
  if (/^[a-z][A-Za-z]*: /.test(text)) return false;
  if (/^[.#[:@]|\[[a-z-]+\]|[={}]|^\w+(\.\w+)+$|^\s*$|^<\w|\/\w+\.\w+|^\d|px\b|\s--[a-z]|^(rgba?|var|url|translate|scale)\(/.test(text)) return false;
  return /[A-Za-z]{2,}[ ,][ ]?[A-Za-z]{2,}/.test(text) || /^[A-Z][a-z]+/.test(text);
}

/**
 * A literal as the words it shows: a template of markup (`<p>…</p>`) its text between tags and
 * its titles and labels, each on its own; any other literal as it is.
 * @param {string} literal
 */
function markupWords(literal) {
  if (!/<[a-z]+[\s>]/.test(literal)) return [literal];
  const attributes = [...literal.matchAll(/\s(?:title|aria-label|placeholder)="([^"]*)"/g)].map(([, value]) => value);
  const between = [...literal.matchAll(/>([^<]+)</g)].map(([, words]) => words.trim()).filter((words) => words !== '');
  return [...attributes, ...between];
}

/** The text of index.html's elements and attributes meant for people that do not name a key. */
function pageEnglish() {
  const body = page.slice(page.indexOf('<body>')).replace(/<!--[\s\S]*?-->/g, '').replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const left = [];
  // Elements that name a key for their text: their content is the catalog's.
  const unkeyed = body.replace(/<(\w+)[^>]*\sdata-i18n="[^"]*"[^>]*>[\s\S]*?<\/\1>/g, '');
  for (const [, text] of unkeyed.matchAll(/>([^<]+)</g)) if (/[A-Za-z]{2,}/.test(text) && !ALLOWED.has(text.trim())) left.push(text.trim());
  for (const [tag] of body.matchAll(/<\w+[^>]*>/g)) {
    for (const [, attribute, value] of tag.matchAll(/\s(title|aria-label|placeholder)="([^"]*)"/g)) {
      if (!tag.includes(`data-i18n-${attribute}=`)) left.push(`${attribute}="${value}"`);
    }
  }
  return left;
}

/** The keys index.html and the modules' templates name (data-i18n, data-i18n-title, data-i18n-aria-label). */
const pageKeys = [page, ...texts.values()].flatMap((text) => [...text.matchAll(/\sdata-i18n(?:-[\w-]+)?="([^"]+)"/g)].map(([, key]) => key));

/** The keys the modules name: every literal `t('…')`. */
const moduleKeys = [...texts.values()].flatMap((text) => [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map(([, key]) => key));

/** The `{name}`s of a message, all forms together, sorted. */
const argumentsOf = (message) => [...new Set(forms(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name)))].sort();
/** The markup elements of a message, sorted. */
const markupOf = (message) => forms(message).flatMap((text) => [...text.matchAll(/<(b|em|i|kbd)>/g)].map(([, tag]) => tag)).sort();
const forms = (message) => (typeof message === 'string' ? [message] : Object.values(message));

describe('the catalogs', () => {
  test('have the same keys in both languages', () => {
    assert.deepEqual(Object.keys(zh).filter((key) => !(key in en)), [], 'keys only in Chinese');
    assert.deepEqual(Object.keys(en).filter((key) => !(key in zh)), [], 'keys only in English');
  });

  test('give each message the same arguments and markup in both languages', () => {
    const differ = Object.keys(en).filter((key) => key in zh && argumentsOf(en[key]).join() !== argumentsOf(zh[key]).join());
    assert.deepEqual(differ, []);
    const first = (message) => forms(message)[0];
    const markup = Object.keys(en).filter((key) => key in zh && markupOf(first(en[key])).join() !== markupOf(first(zh[key])).join());
    assert.deepEqual(markup, []);
  });

  test('write a plural message in both languages, with the forms each language needs', () => {
    const plural = Object.keys(en).filter((key) => typeof en[key] !== 'string' || typeof zh[key] !== 'string');
    for (const key of plural) {
      assert.deepEqual(Object.keys(en[key]).sort(), ['one', 'other'], `${key} in English`);
      assert.deepEqual(Object.keys(zh[key]), ['other'], `${key} in Chinese`);
    }
  });

  test('every key is used in www/, and every key used is in the catalogs', () => {
    const used = new Set([...pageKeys, ...moduleKeys, ...engineKeys]);
    const everywhere = [...texts.values(), page].join('\n');
    assert.deepEqual(Object.keys(en).filter((key) => !used.has(key) && !everywhere.includes(`'${key}'`)), [], 'keys no module or element names');
    assert.deepEqual([...used].filter((key) => !(key in en)), [], 'keys missing from the catalogs');
  });
});

describe('the engine’s messages', () => {
  test('en.js says each of them as the engine does, with the same arguments', () => {
    setLanguage('en');
    assert.ok(engineSays.length > 100, 'the engine lists its codes');
    const differ = engineSays.filter(({ code, args, said: english }) => said({ code, args }) !== english);
    assert.deepEqual(
      differ.map(({ code, args, said: english }) => ({ code, engine: english, page: said({ code, args }) })),
      [],
    );
  });

  test('both catalogs have every code, and the engine family holds no other key', () => {
    assert.deepEqual([...engineKeys].filter((key) => !(key in en) || !(key in zh)), []);
    assert.deepEqual(Object.keys(en).filter((key) => key.startsWith('engine.') && !engineKeys.has(key)), []);
  });

  test('a message within a message is said in the language of the page', () => {
    const words = { code: 'engine.line', args: { line: 3, message: { code: 'engine.river.red-count', args: { count: 1 } } } };
    setLanguage('zh');
    assert.equal(said(words), '第 3 行：棋盘上有 1 枚红子（O），需要正好 2 枚');
    setLanguage('en');
    assert.equal(said(words), 'line 3: the board has 1 red piece (O), it needs exactly 2');
    // Numbers as the command line writes them, in either language.
    assert.equal(said({ code: 'engine.memory.refused', args: { mb: 1527 } }), 'needs 1527 MB, could not reserve it');
  });
});

describe('t', () => {
  test('puts the arguments in place, numbers and lists in the language’s way, and picks the plural form', () => {
    setLanguage('en');
    assert.equal(formatList(['a', 'b', 'c']), 'a, b, and c');
    assert.equal(t('main.no-games', { names: ['nim', 'go'] }), 'The solver offers no game this page knows (nim and go).');
    assert.match(t('main.missing-descriptors', { count: 1, names: ['nim'] }), /^The solver offers a game /);
    assert.match(t('main.missing-descriptors', { count: 2, names: ['nim', 'go'] }), /^The solver offers games /);
    setLanguage('zh');
    assert.equal(t('main.no-games', { names: ['nim', 'go'] }), '求解器提供的游戏本页都不认识（nim和go）。');
    assert.equal(t('no.such.key'), 'no.such.key', 'a missing key is said as itself');
    setLanguage('en');
    assert.deepEqual(Object.keys(CATALOGS), ['en', 'zh']);
    assert.deepEqual(['zh-CN', 'zh', 'en-GB', 'fr', undefined].map(languageOf), ['zh', 'zh', 'en', undefined, undefined]);
  });
});

describe('no English left outside the catalogs', () => {
  test('in the modules of www/ (the not-yet-converted ones aside)', () => {
    const left = [];
    for (const [file, text] of texts) {
      if (NOT_YET.includes(file)) continue;
      for (const literal of literals(text).flatMap(markupWords)) if (looksEnglish(literal)) left.push(`${file}: ${JSON.stringify(literal)}`);
    }
    assert.equal(left.length, 0, `English outside the catalogs:\n${left.join('\n')}`);
  });

  test('the not-yet-converted modules still have English (else they leave the list)', () => {
    const done = NOT_YET.filter((file) => !literals(texts.get(file) ?? '').some(looksEnglish));
    assert.deepEqual(done, []);
  });

  test('in index.html: every text and title names its key', () => {
    assert.deepEqual(pageEnglish(), []);
  });

  test('the scan finds what it should (the lexer and the test of English)', () => {
    const sample = "// Not this\nconst a = 'Hello world', b = `Red wins in ${n} moves`, c = '[data-testid=x]', d = /it's/g; /* 'no' */ e('click');";
    assert.deepEqual(literals(sample), ['Hello world', 'Red wins in ◇ moves', '[data-testid=x]', 'click']);
    assert.deepEqual(literals(sample).filter(looksEnglish), ['Hello world', 'Red wins in ◇ moves']);
  });
});

// The page's rooms (docs/ARCHITECTURE.md, "The page"), checked from the imports of www/ as
// text, with no browser: every import of a module — an import statement or a JSDoc type's
// `import('…')` — names a module of its own room or of a room below it, and no modules import
// each other in a circle (a type may name a module that names its own: state.js's State holds
// an Undo, undo.js reads the Editor of a State). Only the controller holds the machine, only
// keep/storage.js touches localStorage, and no module is longer than LONG lines without saying
// why at its top ("// Why one module: …").

import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';

const WWW = new URL('../www/', import.meta.url);

/** The rooms from the top down: a module may import its own room's modules and those of rooms below. */
const ROOMS = ['main.js', 'tools', 'panels', 'board', 'keep', 'machine', 'games', 'words', 'engine', 'pkg', 'vendor'];

/** Lines a module may have without a word at its top about why it is longer. */
const LONG = 400;

/** Every module of www/ (its own, not the engine's glue or vendored code), as paths under www/. */
async function modules() {
  const entries = await readdir(WWW, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.relative(WWW.pathname, path.join(e.parentPath ?? e.path, e.name)))
    .filter((p) => !p.startsWith('pkg/') && !p.startsWith('vendor/'))
    .sort();
}

/** The room of a path under www/: its folder, or the file itself at the top. */
const roomOf = (file) => (file.includes('/') ? file.split('/')[0] : file);

/**
 * The modules `file` imports (paths under www/), each with the import's text and whether it is
 * run (an import statement) or only a type's (a JSDoc `import('…')`).
 */
function importsOf(file, text) {
  const found = [];
  const patterns = [
    [/^import\s[^;]*?from\s+'(\.{1,2}\/[^']+)'|^import\s+'(\.{1,2}\/[^']+)'/gm, true],
    [/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g, false],
  ];
  for (const [pattern, runs] of patterns) {
    for (const [whole, spec, bare] of text.matchAll(pattern)) {
      found.push({ whole: whole.replace(/\s+/g, ' '), runs, target: path.normalize(path.join(path.dirname(file), spec ?? bare)) });
    }
  }
  return found;
}

const files = await modules();
const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(new URL(f, WWW), 'utf8')])));

describe('the rooms of www/', () => {
  test('every module is in a room', () => {
    assert.deepEqual(files.filter((f) => !ROOMS.includes(roomOf(f))), []);
  });

  test('every import names a module of its own room or of a room below it', () => {
    const up = [];
    for (const [file, text] of texts) {
      const from = ROOMS.indexOf(roomOf(file));
      for (const { whole, target } of importsOf(file, text)) {
        if (ROOMS.indexOf(roomOf(target)) < from) up.push(`${file}: ${whole}`);
      }
    }
    assert.deepEqual(up, []);
  });

  test('no modules import each other in a circle (types may refer to each other within a room)', () => {
    const runs = (file, text) => importsOf(file, text).filter((i) => i.runs).map((i) => i.target);
    const edges = new Map([...texts].map(([file, text]) => [file, [...new Set(runs(file, text))].filter((t) => texts.has(t))]));
    /** @type {Map<string, 'open' | 'done'>} */
    const seen = new Map();
    const circles = [];
    const visit = (file, trail) => {
      if (seen.get(file) === 'done') return;
      if (seen.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
        return;
      }
      seen.set(file, 'open');
      for (const next of edges.get(file)) visit(next, [...trail, file]);
      seen.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    assert.deepEqual(circles, []);
  });

  test('only the controller (machine/api.js) holds the machine; the views ask machine/phases.js for a phase helper', () => {
    const holders = files.filter((f) => importsOf(f, texts.get(f)).some((i) => i.runs && i.target === 'machine/controller.js'));
    assert.deepEqual(holders, ['machine/api.js']);
  });

  test('only keep/storage.js touches localStorage', () => {
    assert.deepEqual(files.filter((f) => f !== 'keep/storage.js' && texts.get(f).includes('localStorage')), []);
  });

  test(`a module over ${LONG} lines says at its top why it is that long`, () => {
    const long = files.filter((f) => texts.get(f).split('\n').length > LONG && !/^(\/\/.*\n)*\/\/ Why one module:/.test(texts.get(f)));
    assert.deepEqual(long, []);
  });
});

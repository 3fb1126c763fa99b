// Tests of the page's modules that need no browser (`node --test`, run by `./build.sh test`
// with the browser tests, after the wasm is built): the game descriptors' one shape
// (games/define.js), the game registry (games/index.js), the board-editing commands (edits.js),
// links (url.js), contest text (the engine's, through the games' fromText), the undo stacks and
// steps (undo.js) and the board's zoom levels (frame.js). The engine is loaded from its bytes.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import * as B from '../www/games/grid.js';
import * as edits from '../www/machine/edits.js';
import { CELL, defineGame } from '../www/games/define.js';
import { gamesFor } from '../www/games/index.js';
import { devicePixelsFor, fitLevel, stepLevel, zoomLevels } from '../www/board/frame.js';
import { LARGE_CELL, LARGE_SCORED_CELL, SMALL_CELL, glyphSets } from '../www/board/pixels.js';
import { back, createSteps, forth, noUndo, remember } from '../www/machine/undo.js';
import { MAX_QUERY, arrive, parseLink, readParams } from '../www/keep/url.js';
import { nodeGames } from './helpers.mjs';
import en from '../www/words/en.js';
import zh from '../www/words/zh.js';

const { engine, river, chase, tableau } = await nodeGames();

/** The fields the engine gives a game (define.js EngineFields), which a descriptor leaves out. */
const ENGINE_FIELDS = ['summary', 'format', 'sides', 'obstacles', 'square', 'minRows', 'maxRows', 'minCols', 'maxCols', 'maxCells', 'maxWeight', 'toText', 'fromText'];

/** River's own fields, as its descriptor module gives them to defineGame (pieces: their looks). */
const riverFields = () => ({
  ...Object.fromEntries(Object.entries(river).filter(([field]) => !ENGINE_FIELDS.includes(field) && !['cell', 'withWeights'].includes(field))),
  pieces: river.pieces.map(({ side, label, keys }) => ({ side, label, keys })),
});

/** River defined from `fields` and completed by the engine. */
const riverFrom = (/** @type {Record<string, any>} */ fields) => defineGame('river', () => fields).withEngine(engine);

describe('defineGame', () => {
  test('fills in the optional fields a descriptor leaves out, and the engine’s', () => {
    assert.equal(river.cell, CELL);
    assert.equal(tableau.cell, 28, 'a field given is kept');
    assert.deepEqual([chase.obstacles, tableau.obstacles, river.obstacles], [false, false, true]);
    assert.deepEqual(tableau.pieces, []);
    assert.deepEqual(
      river.pieces.map(({ ch, count }) => [ch, count]),
      [
        ['O', 2],
        ['X', 1],
      ],
      'letters and counts from the engine',
    );
    assert.deepEqual([river.sides, chase.square, tableau.maxWeight], [['Red', 'Black'], true, 100000]);
    assert.equal(tableau.defaultVarying, 0);
    const board = chase.defaultBoard();
    assert.equal(chase.clear(board), board, 'clear leaves a board without obstacles as it is');
    assert.equal(chase.withWeights(board, 0, 1, 2), board, 'a game without weights ignores them');
    assert.ok(Object.isFrozen(river));
  });

  test('a missing required field fails at once, naming the game and the field', () => {
    const { verdict, ...withoutVerdict } = riverFields();
    assert.equal(typeof verdict, 'function');
    assert.throws(() => riverFrom(withoutVerdict), { message: 'defineGame: game "river" has no verdict (a function)' });
    assert.throws(() => riverFrom({ ...riverFields(), id: 'chase' }), { message: 'defineGame: game "river"\'s descriptor has the id "chase"' });
  });

  test('a field of the wrong type, an unknown field, an unknown kind or an engine’s field fails', () => {
    assert.throws(() => riverFrom({ ...riverFields(), defaultVarying: '2' }), { message: `defineGame: game "river"'s defaultVarying is a string, not a number` });
    assert.throws(() => riverFrom({ ...riverFields(), defualtVarying: 2 }), { message: 'defineGame: game "river" has an unknown field defualtVarying' });
    assert.throws(() => riverFrom({ ...riverFields(), kind: 'cards' }), { message: 'defineGame: game "river"\'s kind is "cards", not one of pieces, scored' });
    assert.throws(() => riverFrom({ ...riverFields(), maxRows: 16 }), { message: "defineGame: game \"river\" states maxRows, which is the engine's to say (gameFacts)" });
    const onePiece = { ...riverFields(), pieces: riverFields().pieces.slice(1) };
    assert.throws(() => riverFrom(onePiece), { message: 'defineGame: game "river" draws 1 kinds of pieces, but 2 of its sides have pieces (gameFacts)' });
    const again = riverFrom(riverFields());
    assert.deepEqual(Object.keys(again).sort(), Object.keys(river).sort(), 'river’s own fields pass');
    assert.deepEqual(again.pieces, river.pieces);
  });
});

describe('games/index.js', () => {
  test('imports the descriptors of the engine’s names, in the engine’s order, and says which have none', async () => {
    const names = (/** @type {string[]} */ list) => ({ ...engine, gameNames: () => list });
    const { games, missing } = await gamesFor(names(['tableau', 'nim', 'river', '../games/chase', 'chase', 'index']));
    assert.deepEqual(
      games.map((game) => game.id),
      ['tableau', 'river', 'chase'],
    );
    assert.deepEqual(missing, ['nim', '../games/chase', 'index']);
    assert.deepEqual(await gamesFor(names([])), { games: [], missing: [] });
  });
});

describe('edits', () => {
  const editor = (rows, game = river) => ({ game, board: B.fromRows(rows) });

  test('paint puts and removes obstacles on free cells only, in games that have them', () => {
    const e = editor(['O..', '.X.', 'O..']);
    assert.deepEqual(B.toRows(edits.paint(e, 1, true).board), ['O#.', '.X.', 'O..']);
    assert.equal(edits.paint(e, 1, true).piecesOnly, false);
    assert.equal(edits.paint(e, 0, true), null, 'not on a piece');
    assert.equal(edits.paint(e, 1, false), null, 'already free');
    assert.equal(edits.paint(editor(['W.', '.B'], chase), 1, true), null, 'chase has no obstacles');
  });

  test('a piece moved onto a free cell keeps the analysis; onto an obstacle it does not', () => {
    const e = editor(['O.#', '.X.', 'O..']);
    const free = edits.movePiece(e, 4, 1);
    assert.deepEqual(B.toRows(free.board), ['OX#', '...', 'O..']);
    assert.equal(free.piecesOnly, true);
    const obstacle = edits.movePiece(e, 4, 2);
    assert.deepEqual(B.toRows(obstacle.board), ['O.X', '...', 'O..']);
    assert.equal(obstacle.piecesOnly, false);
    assert.deepEqual(
      edits.movePiece(e, 4, 0),
      { notice: 'The black piece cannot go on (1,1): the red piece stands there. Put it on a free cell or an obstacle.', cell: 0 },
      'not onto another piece: refused, saying why, about that cell',
    );
    assert.equal(edits.movePiece(editor(['WB', '..'], chase), 0, 1).notice, 'The white piece cannot go on (1,2): the black piece stands there. Put it on a free cell.');
    assert.equal(edits.movePiece(e, 1, 5), null, 'only pieces move');
  });

  test('placePiece adds a missing piece, else moves the nearest one', () => {
    const oneRed = editor(['O..', '.X.', '...']);
    const added = edits.placePiece(oneRed, 'O', 8);
    assert.deepEqual(B.toRows(added.board), ['O..', '.X.', '..O']);
    assert.equal(added.piecesOnly, false, 'a new piece changes what is analysed');
    const twoReds = editor(['O..', '.X.', '..O']);
    const moved = edits.placePiece(twoReds, 'O', 7);
    assert.deepEqual(B.toRows(moved.board), ['O..', '.X.', '.O.'], 'the red at (3,3) is nearer than the one at (1,1)');
    assert.equal(moved.piecesOnly, true);
    assert.equal(edits.placePiece(twoReds, 'Z', 7), null, 'not a piece of the game');
    assert.equal(edits.placePiece(twoReds, 'O', 4).cell, 4, 'not onto the black piece: refused, about its cell');
  });

  test('resize clamps to the game’s limits; square games stay square', () => {
    const e = editor(['O..', '.X.', 'O..']);
    assert.equal(edits.resize(e, 3, 3), null, 'the same size is no edit');
    const big = edits.resize(e, 40, 40).board;
    assert.deepEqual([big.rows, big.cols], [24, 24]);
    const wide = edits.resize(e, 16, 40).board;
    assert.deepEqual([wide.rows, wide.cols], [16, 24], 'at most maxCols columns');
    const c = edits.resize({ game: chase, board: chase.defaultBoard() }, 5, 9).board;
    assert.deepEqual([c.rows, c.cols], [5, 5]);
  });

  test('loadText gives a fresh board or a notice; setGame a fresh default board', () => {
    assert.deepEqual(edits.loadText({ game: chase }, '4 1 1 2 2'), { board: chase.fromText('4 1 1 2 2').board, fresh: true, deliberate: true, choices: null });
    assert.match(edits.loadText({ game: chase }, 'nonsense').notice, /^The text could not be read: row 1, column 1: unknown character 'n'/);
    const e = editor(['O..', '.X.', 'O..']);
    const switched = edits.setGame(e, tableau);
    assert.equal(switched.game, tableau);
    assert.equal(switched.fresh, true);
    assert.deepEqual(switched.board, tableau.defaultBoard());
    assert.equal(edits.setGame(e, river), null, 'the same game is no edit');
    assert.equal(edits.setGame(e, undefined), null, 'an unknown game is no edit');
  });

  test('clear, setWeights and preset ask for a board only when it changes', () => {
    assert.deepEqual(B.toRows(edits.clear(editor(['O#.', '.X#', 'O..'])).board), ['O..', '.X.', 'O..']);
    assert.equal(edits.clear(editor(['O..', '.X.', 'O..'])), null);
    const t = { game: tableau, board: tableau.defaultBoard() };
    assert.equal(edits.setWeights(t, 0, t.board.a[0], t.board.b[0]), null);
    assert.deepEqual(edits.setWeights(t, 0, 5, 6).board.a[0], 5);
    assert.equal(edits.preset(t, 99, Math.random), null);
    assert.deepEqual(edits.preset(t, 0, Math.random).board, tableau.defaultBoard());
  });
});

describe('words', () => {
  test('defect 8: the page says “obstacles”, never “walls” (the guide, the games’ help and rules, the page)', async () => {
    const said = [river, chase, tableau].flatMap((g) => [g.summary, g.rules, g.help]);
    // The guide's words are the catalog's (www/words/en.js, its `guide.` messages).
    said.push(Object.entries(en).filter(([key]) => key.startsWith('guide.')).map(([, words]) => words).join('\n'));
    said.push(await readFile(new URL('../index.html', import.meta.url), 'utf8'));
    for (const words of said) assert.doesNotMatch(words, /\bwalls?\b/i);
    assert.match(said.at(-2), /draw obstacles/, 'the guide names them as the page does');
    // In Chinese too: 障碍 (obstacle), never 墙 (wall).
    assert.deepEqual(Object.keys(zh).filter((key) => /墙/.test(JSON.stringify(zh[key]))), []);
  });
});

describe('links, contest text and undo (issue 11)', () => {
  const games = [river, chase, tableau];
  const params = (query) => readParams(query);

  test('a link that names no board gives null; the visit then starts on the saved board, solving it for solve=1', () => {
    for (const [search, hash] of [['', ''], ['?utm_source=x', ''], ['?foo=bar', ''], ['?solve=1', ''], ['', '#x']]) {
      assert.equal(parseLink(readParams(search, hash), games, river), null, search + hash);
    }
    const saved = '?game=river&board=O../.%23X/.O.';
    const start = arrive('?utm_source=x', saved, games);
    assert.deepEqual(B.toRows(start.board), ['O..', '.#X', '.O.']);
    assert.equal(start.notice, null);
    assert.equal(start.solve, false);
    assert.equal(start.chosen, true);
    assert.equal(arrive('?solve=1', saved, games).solve, true);
    assert.deepEqual(B.toRows(arrive('', '', games).board), B.toRows(river.defaultBoard()));
    assert.deepEqual(B.toRows(arrive('', null, games).board), B.toRows(river.defaultBoard()));
  });

  test('a game alone is its default board; a board that cannot be read says whose it was', () => {
    const chaseOnly = parseLink(params('?game=chase'), games, river);
    assert.equal(chaseOnly.game, chase);
    assert.equal(chaseOnly.notice, null);
    assert.match(parseLink(params('?game=river&board=O.Z'), games, river).notice, /^The link’s board could not be read/);
    const corrupt = arrive('?utm_source=y', '?game=river&board=ZZ/ZZ', games);
    assert.match(corrupt.notice, /^The board saved from your last visit could not be read .*; showing the default board\.$/);
    assert.doesNotMatch(corrupt.notice, /link/);
    assert.equal(corrupt.solve, false);
    assert.equal(corrupt.chosen, true, 'the default board replaces a saved board that cannot be read');
    assert.match(arrive('', '?game=nope&x=1', games).notice, /saved from your last visit is of an unknown game "nope"/);
    // Board parameters without `game` name the game they belong to.
    assert.equal(parseLink(params('?n=4&white=1,1&black=2,2'), games, river).game, chase);
  });

  test('issue 22: only a readable link is chosen over the saved board; the others offer it back; an over-long link is not read', () => {
    const saved = '?game=river&board=O../.%23X/.O.';
    const readable = arrive('?game=river&board=O.../..X./O...', saved, games);
    assert.equal(readable.chosen, true);
    assert.equal(readable.notice, null);
    assert.deepEqual(B.toRows(readable.saved.board), ['O..', '.#X', '.O.'], 'the saved board, for undo to go back to');
    for (const [query, words] of [
      ['?game=river&board=%3Cimg%20src%3Dx%3E', /^The link’s board could not be read \(.*\); showing the default board\. Your saved board is kept\.$/],
      ['?game=nope', /^The link names an unknown game "nope"; showing the default board\. Your saved board is kept\.$/],
      ['?game=chase', /^This link shows Chase’s default board\. Your saved board is kept\.$/],
      ['?game=river&input=0%201%0A3%203%0A...', /^This link opens a contest input in the batch view, with River pawn’s default board in the editor\. Your saved board is kept\.$/],
    ]) {
      const start = arrive(query, saved, games);
      assert.equal(start.chosen, false, query);
      assert.match(start.notice.text, words, query);
      assert.equal(start.notice.back, saved, query);
    }
    assert.equal(arrive('?game=river&input=x', saved, games).input, 'x');
    // Nothing saved, or the saved board is the one shown: nothing to offer.
    assert.equal(arrive('?game=chase', null, games).notice, null);
    assert.equal(arrive('?game=river', `?game=river&board=${river.toParams(river.defaultBoard())[0][1]}`, games).notice, null);
    assert.equal(typeof arrive('?game=river&board=Z', null, games).notice, 'string');
    // Too long: not read at all (a board this long would not read either), the saved board shown.
    const long = `?game=river&board=${'.'.repeat(MAX_QUERY)}`;
    const refused = arrive(long, saved, games);
    assert.deepEqual(B.toRows(refused.board), ['O..', '.#X', '.O.']);
    assert.equal(refused.chosen, false, 'the address is left alone');
    assert.equal(refused.named, false);
    assert.match(refused.notice, /^This link is too long to read \(65,554 characters; the page reads links of up to 65,536\); showing your saved board\.$/);
    assert.equal(arrive(`?game=river&input=${'x'.repeat(MAX_QUERY)}`, saved, games).input, undefined, 'a long batch link opens nothing');
    assert.match(arrive(long, null, games).notice, /showing the default board\.$/);
    assert.match(arrive('', `?game=river&board=${'.'.repeat(MAX_QUERY)}`, games).notice, /^The board saved from your last visit could not be read \(it is 65,554 characters long\)/);
  });

  test('river contest text: every board, size lines and T checked, line numbers in the errors (the engine’s)', async () => {
    const input = await readFile(new URL('../tests/cases/river/sample1.in', import.meta.url), 'utf8');
    const read = river.fromText(input);
    assert.equal(read.boards.length, 5);
    assert.equal(read.board, read.boards[0]);
    assert.deepEqual(B.toRows(read.boards[1]), ['#.#', 'O.O', '.X.']);
    assert.ok(Object.isFrozen(read.board) && Object.isFrozen(read.board.cells));
    assert.deepEqual(B.toRows(river.fromText('3 3\n#.#\nO.O\n.X.').board), ['#.#', 'O.O', '.X.'], 'one board with its size line');
    assert.deepEqual(B.toRows(river.fromText('#.#\nO.O\n.X.').board), ['#.#', 'O.O', '.X.'], 'rows alone');
    assert.equal(river.fromText('2 4\nO.O\n.X.').error, 'line 2: row 1 of board 1 has 3 cells, expected m = 4');
    assert.equal(river.fromText('0 2\n3 3\n#.#\nO.O\n.X.').error, 'line 6: expected the size line `n m` of board 2, found the end of the input');
    assert.match(river.fromText('0 1\n\n2 2\nO.\n.Z').error, /^line 5: board 1: row 2, column 2: unknown character 'Z'/);
  });

  test('chase contest text: one board per line', () => {
    const read = chase.fromText('4 1 1 2 2\n\n5 1 1 5 5\n');
    assert.deepEqual(read.boards.map((b) => b.rows), [4, 5]);
    assert.equal(chase.fromText('4 1 1 2 2\n4 1 1 9 9').error, 'line 2: r2 must be between 1 and 4, found 9');
    assert.equal(chase.toText(chase.defaultBoard()), '8 2 2 7 6\n');
  });

  test('choose shows another board of the text; undo keeps the stacks', () => {
    const { boards } = river.fromText('0 2\n3 3\n#.#\nO.O\n.X.\n3 3\nO..\n.#X\n.O.');
    const loaded = edits.loadText({ game: river }, '0 2\n3 3\n#.#\nO.O\n.X.\n3 3\nO..\n.#X\n.O.');
    assert.deepEqual(loaded.choices, { boards: loaded.choices.boards, index: 0 });
    assert.deepEqual(B.toRows(edits.choose({ choices: loaded.choices }, 1).board), B.toRows(boards[1]));
    assert.equal(edits.choose({ choices: loaded.choices }, 0), null, 'the board shown is no edit');
    assert.equal(edits.choose({ choices: loaded.choices }, 2), null);
    let undo = noUndo();
    const [a, b, c] = ['A', 'B', 'C'].map((name) => ({ name }));
    undo = remember(remember(undo, a), b); // shown: c
    const first = back(undo, c);
    assert.equal(first.snapshot, b);
    const second = back(first.undo, b);
    assert.equal(second.snapshot, a);
    assert.equal(back(second.undo, a), null);
    const again = forth(second.undo, a);
    assert.equal(again.snapshot, b);
    assert.deepEqual(remember(again.undo, b).future, [], 'a new edit drops the redo steps');
  });

  test('each edit is one undo step, but a pointer stroke’s edits are one together', () => {
    const steps = createSteps();
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((name) => ({ name }));
    let undo = steps.before(noUndo(), a);
    undo = steps.before(undo, b);
    assert.deepEqual(undo.past, [a, b]);
    steps.begin();
    undo = steps.before(undo, c);
    undo = steps.before(undo, { name: 'drawn within the stroke' });
    assert.deepEqual(undo.past, [a, b, c], 'the stroke is one step, back to where it began');
    steps.end();
    assert.deepEqual(steps.before(undo, d).past, [a, b, c, d]);
  });
});

describe('zoom levels (frame.js)', () => {
  const DPRS = [1, 1.25, 1.5, 2, 3];

  test('every level is a whole number of device pixels per art pixel, at least one CSS pixel, smallest first', () => {
    for (const game of [river, chase, tableau]) {
      for (const dpr of DPRS) {
        const levels = zoomLevels(glyphSets(game), dpr);
        assert.ok(levels.length > 3, `${game.id} at ${dpr}`);
        levels.forEach((l, i) => {
          assert.ok(Number.isInteger(l.pixels) && l.pixels / dpr >= 1, `${game.id} at ${dpr}: ${JSON.stringify(l)}`);
          assert.equal(l.size, (l.cell * l.pixels) / dpr);
          if (i > 0) assert.ok(l.size >= levels[i - 1].size, `${game.id} at ${dpr}: sorted`);
        });
      }
    }
  });

  test('the small glyph set only below the full sets, at every cell from SMALL_CELL up; tableau has none', () => {
    for (const dpr of DPRS) {
      const levels = zoomLevels(glyphSets(chase), dpr);
      const smallestFull = Math.min(...levels.filter((l) => !l.reduced).map((l) => l.size));
      assert.equal(smallestFull, (CELL * Math.ceil(dpr)) / dpr, `at ${dpr}`);
      const small = levels.filter((l) => l.reduced);
      assert.ok(small.every((l) => l.size < smallestFull), `at ${dpr}`);
      // Every cell from the smallest up to the full set's, at the fewest device pixels: a big board takes the biggest that fits.
      const cells = small.filter((l) => l.pixels === Math.ceil(dpr - 1e-6)).map((l) => l.cell);
      assert.deepEqual(cells, Array.from({ length: CELL - SMALL_CELL }, (_, i) => SMALL_CELL + i), `at ${dpr}`);
      assert.ok(levels.some((l) => l.cell === LARGE_CELL), `at ${dpr}: the large set`);
      assert.ok(zoomLevels(glyphSets(tableau), dpr).every((l) => l.cell >= tableau.cell));
    }
  });

  test('fit: the biggest level that shows the whole board; the smallest when none does', () => {
    const at = (game, dpr, rows, cols, room) => {
      const levels = zoomLevels(glyphSets(game), dpr);
      return levels[fitLevel(levels, rows, cols, room)];
    };
    // A 390 px phone gives a board 329 CSS px of width.
    const phone = { width: 329, height: 500 };
    assert.deepEqual(at(chase, 3, 32, 32, phone), { cell: SMALL_CELL, pixels: 3, size: 10, reduced: true }, 'chase 32×32: the small set');
    assert.deepEqual(at(chase, 3, 20, 20, phone), { cell: CELL, pixels: 3, size: 16, reduced: false }, 'chase 20×20: the full set');
    assert.equal(at(river, 3, 24, 24, phone).size * 24 <= 329, true, 'river 24×24 fits');
    assert.deepEqual(at(chase, 1.5, 32, 32, phone), zoomLevels(glyphSets(chase), 1.5)[0], 'nothing fits: the smallest, panned');
    // Desktop 1280×800: a 10×10 tableau in its large set (digits 10 px tall), a 20×20 chase at 24 px per cell.
    const desktop = { width: 720, height: 486 };
    assert.deepEqual(at(tableau, 1, 10, 10, desktop), { cell: LARGE_SCORED_CELL, pixels: 1, size: LARGE_SCORED_CELL, reduced: false });
    assert.deepEqual(at(chase, 1, 20, 20, { width: 720, height: 506 }), { cell: LARGE_CELL, pixels: 1, size: LARGE_CELL, reduced: false });
  });

  test('a zoom step grows or shrinks the cells by at least a fifth, and stops at the ends', () => {
    for (const dpr of DPRS) {
      const levels = zoomLevels(glyphSets(river), dpr);
      for (let i = 0; i < levels.length; i++) {
        const up = stepLevel(levels, i, +1);
        const down = stepLevel(levels, i, -1);
        if (i < levels.length - 1) assert.ok(up > i && (levels[up].size >= levels[i].size * 1.2 || up === levels.length - 1), `at ${dpr}, level ${i} up`);
        else assert.equal(up, i);
        if (i > 0) assert.ok(down < i && (levels[down].size <= levels[i].size / 1.2 || down === 0), `at ${dpr}, level ${i} down`);
        else assert.equal(down, 0);
      }
    }
  });

  test('devicePixelsFor: the most whole device pixels per art pixel within a width, at least one', () => {
    assert.equal(devicePixelsFor(144, 300, 1), 2);
    assert.equal(devicePixelsFor(144, 300, 1.5), 3);
    assert.equal(devicePixelsFor(144, 300, 3), 6);
    assert.equal(devicePixelsFor(512, 300, 1), 1, 'too wide: one');
  });
});

// Tests of the page's modules that need no browser (`node --test`, run by `./build.sh test`
// with the browser tests): the game descriptors' one shape (games/define.js), the game
// registry (games/index.js) and the board-editing commands (edits.js).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as B from '../www/board.js';
import * as edits from '../www/edits.js';
import chase from '../www/games/chase.js';
import { defineGame } from '../www/games/define.js';
import { gamesFor } from '../www/games/index.js';
import river from '../www/games/river.js';
import tableau from '../www/games/tableau.js';
import { CELL } from '../www/pixels.js';

/** River's own fields, as a descriptor module would pass them to defineGame. */
const riverFields = () => Object.fromEntries(Object.entries(river).filter(([field]) => !['cell', 'square', 'maxWeight', 'withWeights'].includes(field)));

describe('defineGame', () => {
  test('fills in the optional fields a descriptor leaves out', () => {
    assert.equal(river.cell, CELL);
    assert.equal(tableau.cell, 28, 'a field given is kept');
    assert.deepEqual([chase.obstacles, tableau.obstacles, river.obstacles], [false, false, true]);
    assert.deepEqual(tableau.pieces, []);
    assert.equal(tableau.defaultVarying, 0);
    const board = chase.defaultBoard();
    assert.equal(chase.clear(board), board, 'clear leaves a board without obstacles as it is');
    assert.equal(chase.withWeights(board, 0, 1, 2), board, 'a game without weights ignores them');
    assert.ok(Object.isFrozen(river));
  });

  test('a missing required field fails at once, naming the game and the field', () => {
    const { verdict, ...withoutVerdict } = riverFields();
    assert.equal(typeof verdict, 'function');
    assert.throws(() => defineGame(withoutVerdict), { message: 'defineGame: game "river" has no verdict (a function)' });
    const { id, ...withoutId } = riverFields();
    assert.equal(id, 'river');
    assert.throws(() => defineGame(withoutId), { message: 'defineGame: a game without an id has no id (a string)' });
  });

  test('a field of the wrong type, an unknown field or an unknown kind fails', () => {
    assert.throws(() => defineGame({ ...riverFields(), maxRows: '16' }), { message: `defineGame: game "river"'s maxRows is a string, not a number` });
    assert.throws(() => defineGame({ ...riverFields(), obstacles: 1 }), { message: `defineGame: game "river"'s obstacles is a number, not a boolean` });
    assert.throws(() => defineGame({ ...riverFields(), defualtVarying: 2 }), { message: 'defineGame: game "river" has an unknown field defualtVarying' });
    assert.throws(() => defineGame({ ...riverFields(), kind: 'cards' }), { message: 'defineGame: game "river"\'s kind is "cards", not one of pieces, scored' });
    assert.deepEqual(defineGame(riverFields()), river, 'river’s own fields pass');
  });
});

describe('games/index.js', () => {
  test('finds the descriptors of the engine’s names, in the engine’s order, and says which have none', () => {
    const { games, missing } = gamesFor(['tableau', 'nim', 'river', 'chase']);
    assert.deepEqual(games, [tableau, river, chase]);
    assert.deepEqual(missing, ['nim']);
    assert.deepEqual(gamesFor([]), { games: [], missing: [] });
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
    assert.equal(edits.movePiece(e, 4, 0), null, 'not onto another piece');
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
  });

  test('resize clamps to the game’s limits; square games stay square', () => {
    const e = editor(['O..', '.X.', 'O..']);
    assert.equal(edits.resize(e, 3, 3), null, 'the same size is no edit');
    const big = edits.resize(e, 40, 40).board;
    assert.deepEqual([big.rows, big.cols], [16, 16]);
    const wide = edits.resize(e, 16, 40).board;
    assert.deepEqual([wide.rows, wide.cols], [16, 16], 'at most maxCells cells');
    const c = edits.resize({ game: chase, board: chase.defaultBoard() }, 5, 9).board;
    assert.deepEqual([c.rows, c.cols], [5, 5]);
  });

  test('loadText gives a fresh board or a notice; setGame a fresh default board', () => {
    assert.deepEqual(edits.loadText({ game: chase }, '4 1 1 2 2'), { board: chase.fromText('4 1 1 2 2').board, fresh: true });
    assert.match(edits.loadText({ game: chase }, 'nonsense').notice, /^The text could not be read: expected one line of five whole numbers/);
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

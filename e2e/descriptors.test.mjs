// The game descriptors (www/games/) against the engine, in the page as it runs: what a game is
// — its sizes, letters, pieces, weights and contest text — is the engine's (gameFacts,
// contestText, textBoards), and what a descriptor still says of boards (its presets, its random
// boards, its resizing, its links, its positions' texts) must agree with it. A descriptor that
// drifts from the engine fails here, naming the game and what differs (the players' names too,
// which the catalogs say for the games of the list: in English they are the engine's). Composed games are
// measured too, one per preset rules file: their descriptor is made from the rules, and the
// engine is asked with them.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pageSession } from './helpers.mjs';

const session = pageSession();

/**
 * Runs in the page: every game's descriptor measured against the engine. Returns per game the
 * disagreements found (each a sentence) and counts of what was checked.
 */
function measure() {
  return (async () => {
    const engine = await (await import('/www/engine/engine.js')).loadEngine();
    const { games: listed, missing } = await (await import('/www/games/index.js')).gamesFor(engine);
    const { composedGame } = await import('/www/games/custom.js');
    const composed = engine.rulesPresets().map((preset) => composedGame(engine, preset.text));
    const games = [...listed, ...composed];
    const { Lab } = engine;
    /** A board of `game` read by the engine (a composed game's with its rules). */
    const Start = function (game, board) {
      return new engine.Start(game.id, board, game.rulesText || undefined);
    };
    /** A small seeded generator (mulberry32), for the random presets. */
    const seeded = (seed) => () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    /** The engine's objection to `board`, or null for a legal start. */
    const objection = (game, board) => {
      try {
        Start(game, board).free();
        return null;
      } catch (error) {
        return error.message;
      }
    };
    const results = [];
    for (const game of games) {
      const facts = engine.gameFacts(game.id, game.rulesText || undefined);
      const wrong = [];
      const counts = { boards: 0, sizes: 0 };
      // The boards a descriptor makes: presets (random ones from several seeds), its default
      // board, its warm-up boards.
      const boards = [['default', game.defaultBoard()], ...game.warmUp.map((b, i) => [`warm-up ${i + 1}`, b])];
      for (const preset of game.presets) {
        for (let seed = 1; seed <= 12; seed++) boards.push([`preset "${preset.name}" (seed ${seed})`, preset.board(seeded(seed))]);
      }
      for (const [name, board] of boards) {
        counts.boards += 1;
        const why = objection(game, board);
        if (why) {
          wrong.push(`${name}: the engine refuses it: ${why}`);
          continue;
        }
        // Its contest text (the engine's) reads back as the board, in the page's form.
        const text = game.toText(board);
        const read = game.fromText(text);
        if (!same(read.board, board)) wrong.push(`${name}: its contest text ${JSON.stringify(text)} reads back as ${JSON.stringify(read)}`);
        // Its link reads back as it.
        const linked = game.fromParams(new Map(game.toParams(board)));
        if (!same(linked.board, board)) wrong.push(`${name}: its link reads back as ${JSON.stringify(linked)}`);
        // The pieces are where the engine puts them, in its order, and the position's text is the link's or the contest's.
        const pieces = game.pieceCells(board);
        const lab = new Lab(Start(game, board));
        const start = lab.start();
        const engines = [...lab.pieces(start)];
        lab.free();
        if (!same(pieces, engines)) wrong.push(`${name}: its pieces are on ${JSON.stringify(pieces)}, the engine's on ${JSON.stringify(engines)}`);
        // Chase names a position by its contest line, which the engine writes for a start.
        const position = game.positionText(board, engines);
        if (game.id === 'chase' && position !== text.trim()) wrong.push(`${name}: its start's position text is ${JSON.stringify(position)}, the engine's ${JSON.stringify(text)}`);
      }
      // Every size the page offers that holds the game's pieces is one the engine takes (the
      // default board resized to it).
      const base = game.defaultBoard();
      const pieceCount = game.pieces.reduce((sum, piece) => sum + piece.count, 0);
      for (let rows = game.minRows; rows <= game.maxRows; rows++) {
        const most = game.square ? rows : Math.min(game.maxCols, Math.floor(game.maxCells / rows));
        for (let cols = game.square ? rows : game.minCols; cols <= most; cols++) {
          if (rows * cols < pieceCount) continue;
          counts.sizes += 1;
          const why = objection(game, game.resize(base, rows, cols));
          if (why) wrong.push(`${rows}×${cols}, a size the page offers: the engine refuses it: ${why}`);
        }
      }
      // The pieces drawn are the engine's sides' letters and counts; weights the scored games'.
      const armed = facts.sides.filter((side) => side.pieces > 0);
      const drawn = game.pieces.map(({ ch, count }) => [ch, count]);
      if (!same(drawn, armed.map((side) => [side.letter, side.pieces]))) wrong.push(`pieces ${JSON.stringify(drawn)} are not the engine's sides' ${JSON.stringify(armed)}`);
      // The players' names in English (the page's language here) are the engine's, first to move first.
      const movers = facts.first === 0 ? facts.sides : [...facts.sides].reverse();
      if (!same(game.sides, movers.map((side) => side.name))) wrong.push(`its players ${JSON.stringify(game.sides)} are not the engine's ${JSON.stringify(movers.map((side) => side.name))}`);
      if ((game.kind === 'scored') !== (facts.maxWeight > 0)) wrong.push(`its kind "${game.kind}" but the engine's largest weight ${facts.maxWeight}`);
      if (game.kind === 'scored') {
        // The weights the editor clamps to are the engine's: the largest taken, one more refused.
        const heaviest = game.withWeights(base, 0, Number.MAX_SAFE_INTEGER, -1);
        const why = objection(game, heaviest);
        if (why || heaviest.a[0] !== game.maxWeight || heaviest.b[0] !== 0) wrong.push(`a weight clamped to ${heaviest.a[0]}, ${heaviest.b[0]}: ${why}`);
        if (objection(game, { ...heaviest, a: heaviest.a.map((w, i) => (i === 0 ? w + 1 : w)) }) === null) wrong.push(`the engine takes a weight above ${game.maxWeight}`);
      }
      results.push({ id: game.rulesText ? `${game.id} (${game.subtitle})` : game.id, wrong, counts });
    }
    return { names: [...engine.gameNames(), ...composed.map((game) => `${game.id} (${game.subtitle})`)], missing, results };
  })();
}

describe('descriptors against the engine', () => {
  test('every game’s descriptor, and a composed game’s of every preset, agrees with the engine: boards, sizes, links, pieces, weights, contest text', async () => {
    await session.open('');
    const { names, missing, results } = await session.page.evaluate(measure);
    assert.deepEqual(missing, [], 'every game of the engine has a descriptor');
    assert.deepEqual(
      results.map((r) => r.id),
      names,
    );
    for (const { id, wrong, counts } of results) {
      assert.deepEqual(wrong, [], `${id}: the descriptor disagrees with the engine`);
      assert.ok(counts.boards >= 10 && counts.sizes >= 10, `${id}: ${JSON.stringify(counts)} checked`);
    }
  });
});

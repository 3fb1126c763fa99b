// The games the page can show. Which games there are, and in which order, is the engine's to
// say (`gameNames()`, from src/games/mod.rs's one list); each game's descriptor is the module
// games/<name>.js, imported by that name, so a new game needs no list on the page side. What a
// game is (its limits, sides, contest text) the engine says too: defineGame adds it. Once the
// games are known, `warmUp` solves each one's warm-up boards so that the first real analysis
// runs on code the browser has already optimised.

import { Order } from '../pkg/retrolab.js';
import { FRAME_SLICE_MS } from '../engine/engine.js';

/**
 * The engine's games, in its order, as the page knows them (its descriptors completed by what
 * the engine says of them, define.js), and the names whose descriptor could not be loaded (an
 * engine newer than the page: those games are left out, and the page says so). A descriptor
 * that loads but does not fit the engine fails here, naming the game and what is wrong.
 * @param {import('../engine/engine.js').Engine} engine
 * @returns {Promise<{games: import('./define.js').Game[], missing: string[]}>}
 */
export async function gamesFor(engine) {
  const names = engine.gameNames();
  const loaded = await Promise.all(
    names.map((name) =>
      import(`./${encodeURIComponent(name)}.js`).then(
        /** @returns {import('./define.js').Game | null} */
        (module) => (module.default?.id === name ? module.default.withEngine(engine) : null),
        () => null,
      ),
    ),
  );
  return { games: loaded.filter((game) => game !== null), missing: names.filter((_, i) => !loaded[i]) };
}

/**
 * Solves the games' warm-up boards (`warmUp` of games/<game>.js) in both orders, in short tasks,
 * and reads what a solved analysis shows once: the browser compiles wasm with a quick baseline
 * compiler first and optimises hot functions in the background, so solving a few small boards
 * at load lets the first real analysis run mostly optimised code; and the first string read
 * out of wasm memory sets the browser's text decoder up, which would otherwise fall in the
 * first verdict's task.
 * @param {import('../engine/engine.js').Engine} engine
 * @param {import('./define.js').Game[]} games
 */
export async function warmUp({ Lab, Batch, Start }, games) {
  const yieldTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  for (const game of games) {
    for (const board of game.warmUp) {
      // The batch view's path too: it solves as the command line does (only what the start
      // can lead to, two tiers' records), code a Lab never runs.
      const batch = new Batch(game.id, new TextEncoder().encode(game.toText(board)));
      while (!batch.runFor(FRAME_SLICE_MS).done) await yieldTask();
      batch.output();
      batch.free();
      await yieldTask();
      for (const order of [Order.Global, Order.Tiers]) {
        const lab = new Lab(new Start(game.id, board, game.rulesText || undefined), order);
        while (!lab.runFor(FRAME_SLICE_MS, Infinity).done) await yieldTask();
        const start = lab.start();
        lab.answer(start);
        lab.optimalLine(start);
        lab.moves(start);
        lab.free();
        await yieldTask();
      }
    }
  }
}

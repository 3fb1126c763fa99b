// The games the page can show. Which games there are, and in which order, is the engine's to
// say (`gameNames()`, from src/games/mod.rs's one list); each game's descriptor is the module
// games/<name>.js, imported by that name, so a new game needs no list on the page side. What a
// game is (its limits, sides, contest text) the engine says too: defineGame adds it.

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

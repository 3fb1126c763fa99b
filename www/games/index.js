// The games the page can show. Which games there are, and in which order, is the engine's to
// say (`gameNames()`, from src/games/mod.rs's one list); each game's descriptor is the module
// games/<name>.js, imported by that name, so a new game needs no list on the page side.

/**
 * The descriptors of the engine's games `names`, in the engine's order, and the names whose
 * descriptor could not be loaded (an engine newer than the page: those games are left out,
 * and the page says so).
 * @param {string[]} names
 * @returns {Promise<{games: import('./define.js').Game[], missing: string[]}>}
 */
export async function gamesFor(names) {
  const loaded = await Promise.all(
    names.map((name) =>
      import(`./${encodeURIComponent(name)}.js`).then(
        /** @returns {import('./define.js').Game | null} */
        (module) => (module.default?.id === name ? module.default : null),
        () => null,
      ),
    ),
  );
  return { games: loaded.filter((game) => game !== null), missing: names.filter((_, i) => !loaded[i]) };
}

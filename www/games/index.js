// The games the page can show: game id → descriptor (games/<game>.js). Which games there are,
// and in which order, is the engine's to say (`gameNames()`); this module only finds each
// one's descriptor.

import chase from './chase.js';
import river from './river.js';
import tableau from './tableau.js';

const DESCRIPTORS = new Map([river, chase, tableau].map((game) => [game.id, game]));

/**
 * The descriptors of the engine's games `names`, in the engine's order, and the names that
 * have none (an engine newer than the page: those games are left out, and the page says so).
 */
export function gamesFor(names) {
  const games = [];
  const missing = [];
  for (const name of names) {
    const game = DESCRIPTORS.get(name);
    if (game) games.push(game);
    else missing.push(name);
  }
  return { games, missing };
}

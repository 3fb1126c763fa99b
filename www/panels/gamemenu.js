// The game menu. Its list names each game in full: our title and the problem's own name
// (过河卒 · 洛谷 P9169 · 省选联考 2023; a composed game: its rules file's name), which is how
// contest users know it. Closed, it shows the game on show by its title alone, so that the
// longest names are not cut in the toolbar's narrow menu (a phone's above all); the whole name
// is its tooltip. A closed select shows its chosen entry: that entry's words are the title
// until the list opens (a press or a key on the menu), and again once a game is chosen or the
// menu is left.

/** @typedef {import('../games/define.js').Game} Game */

/**
 * A game's entry in the list.
 * @param {Game} game
 */
const entryOf = (game) => (game.subtitle ? `${game.title} · ${game.subtitle}` : game.title);

/**
 * Fills `menu` with `games` and calls `choose` with the id of the game a person chooses.
 * @param {HTMLSelectElement} menu
 * @param {readonly Game[]} games
 * @param {(id: string) => void} choose
 * @returns {{show: (game: Game) => void}} `show` names the game on show (a composed game is
 *   another game for each rules file: its entry names the one on show)
 */
export function createGameMenu(menu, games, choose) {
  /** Each entry's game, by id: the one on show for its id. */
  const byId = new Map(games.map((game) => [game.id, game]));
  menu.replaceChildren(...games.map((game) => new Option(entryOf(game), game.id)));

  /** @param {boolean} open every entry in full (the list open), or the chosen one by its title */
  const name = (open) => {
    for (const option of menu.options) {
      const game = /** @type {Game} */ (byId.get(option.value));
      const words = open || !option.selected ? entryOf(game) : game.title;
      if (option.textContent !== words) option.textContent = words;
    }
  };
  // Before the list opens: a press (a mouse opens it on its press, a finger after) or a key.
  menu.addEventListener('pointerdown', () => name(true));
  menu.addEventListener('keydown', () => name(true));
  menu.addEventListener('blur', () => name(false));
  menu.addEventListener('change', () => {
    choose(menu.value);
    name(false);
  });

  return {
    show(game) {
      byId.set(game.id, game);
      menu.value = game.id;
      menu.title = entryOf(game);
      name(false);
    },
  };
}

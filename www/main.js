// Wiring only: loads the engine, builds controller, view, panel and input, reads the link
// (or the saved board), and mirrors every change into the URL and localStorage.

import { createController } from './controller.js';
import { loadEngine } from './engine.js';
import chase from './games/chase.js';
import river from './games/river.js';
import tableau from './games/tableau.js';
import { attachInput } from './input.js';
import { createPanel } from './panel.js';
import { linkFor, parseLink, readParams, save, saved } from './url.js';
import { createView } from './view.js';

const GAMES = [river, chase, tableau];

function fatal(text) {
  const box = document.querySelector('[data-testid="message"]');
  box.hidden = false;
  box.classList.add('error');
  box.replaceChildren(Object.assign(document.createElement('p'), { textContent: text }));
}

async function main() {
  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    fatal(`The solver could not be loaded (${error.message}). Build it with ./build.sh, and serve the page over HTTP (./build.sh serve).`);
    return;
  }
  const canvas = document.querySelector('[data-testid="board"]');
  const controller = createController({ engine, games: GAMES });
  const view = createView(canvas);
  const panel = createPanel(document, controller, GAMES);
  attachInput(canvas, view, controller);

  let lastLink = null;
  const persist = (state) => {
    const link = linkFor(state.game, state.board, state.phase !== 'editing');
    if (link === lastLink) return;
    lastLink = link;
    history.replaceState(null, '', link);
    save(link);
  };
  controller.subscribe(view.render);
  controller.subscribe(panel.render);
  controller.subscribe(persist);

  const report = (error) => panel.showError(`Something went wrong: ${error?.message ?? error}. Reload the page to start again.`);
  window.addEventListener('error', (event) => report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report(event.reason));

  const fromUrl = readParams(location.search, location.hash);
  const params = fromUrl.size > 0 ? fromUrl : readParams(saved() ?? '');
  controller.load(parseLink(params, GAMES, river));

  const theme = matchMedia('(prefers-color-scheme: dark)');
  theme.addEventListener('change', () => {
    view.retheme();
    view.refit(controller.state);
  });
  window.addEventListener('resize', () => view.refit(controller.state));
}

main();

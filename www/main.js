// Wiring only: loads the engine, finds the descriptors of its games, builds controller, view,
// panel, strip, input, shortcuts and sound, reads the link (or the saved board), and mirrors
// every change into the URL and localStorage.

import { DEFAULT_SPEED, SPEEDS, createController } from './controller.js';
import { loadEngine, warmUp } from './engine.js';
import { gamesFor } from './games/index.js';
import { attachInput } from './input.js';
import { attachKeys } from './keys.js';
import { createPanel } from './panel.js';
import { createProvenance } from './provenance.js';
import { createSound } from './sound.js';
import { createStrip } from './strip.js';
import { createTimeline } from './timeline.js';
import { createTools } from './tools.js';
import { TOOLS } from './tools/index.js';
import { linkFor, parseLink, readParams, save, saved } from './url.js';
import { createView } from './view.js';

const SPEED_KEY = 'retrolab.speed';

function fatal(text) {
  const box = document.querySelector('[data-testid="message"]');
  box.hidden = false;
  box.classList.add('error');
  box.replaceChildren(Object.assign(document.createElement('p'), { textContent: text }));
}

/** The speed of the last visit (an index into SPEEDS). */
function savedSpeed() {
  try {
    const speed = Number(localStorage.getItem(SPEED_KEY) ?? DEFAULT_SPEED);
    return Number.isInteger(speed) && speed >= 0 && speed < SPEEDS.length ? speed : DEFAULT_SPEED;
  } catch {
    return DEFAULT_SPEED;
  }
}

/** Sound effects for what just happened: queued positions, wins found, ties, replay moves. */
function soundtrack(sound) {
  let frontier = null;
  let replay = null;
  return (state) => {
    const f = state.analysis.frontier;
    if (f && f !== frontier) {
      frontier = f;
      if (f.kind === 'ties' && f.ties > 0) sound.tie();
      else if (f.kind === 'pop' && f.won > 0) sound.win();
      else if (f.decided > 0) sound.tick();
    }
    const { line } = state.replay;
    if (line && replay && line !== replay && line.index !== replay.index) sound.blip();
    replay = line;
  };
}

async function main() {
  let engine;
  let games;
  let missing;
  try {
    engine = await loadEngine();
    ({ games, missing } = await gamesFor(engine.gameNames()));
    await warmUp(engine, games);
  } catch (error) {
    fatal(`The solver could not be loaded (${error.message}). Build it with ./build.sh, and serve the page over HTTP (./build.sh serve).`);
    return;
  }
  if (games.length === 0) {
    fatal(`The solver offers no game this page knows (${missing.join(', ')}).`);
    return;
  }
  const canvas = document.querySelector('[data-testid="board"]');
  const sound = createSound(document);
  const controller = createController({ engine, games, speed: savedSpeed() });
  const view = createView(canvas);
  const panel = createPanel(document, controller, games, sound);
  const strip = createStrip(document, controller);
  const timeline = createTimeline(document, controller);
  const provenance = createProvenance(document, controller);
  const tools = createTools(document.querySelector('[data-testid="tools"]'), TOOLS, { controller, engine, view });
  attachInput(canvas, view, controller);
  attachKeys(document, controller);

  let lastLink = null;
  let lastSpeed = controller.state.speed;
  const persist = (state) => {
    if (state.speed !== lastSpeed) {
      lastSpeed = state.speed;
      try {
        localStorage.setItem(SPEED_KEY, String(state.speed));
      } catch {
        // Storage disabled: the speed is kept for this visit only.
      }
    }
    const link = linkFor(state.editor.game, state.editor.board, state.phase === 'solved' || state.phase === 'replaying');
    if (link === lastLink) return;
    lastLink = link;
    history.replaceState(null, '', link);
    save(link);
  };
  controller.subscribe(view.render);
  controller.subscribe(panel.render);
  controller.subscribe(strip.render);
  controller.subscribe(timeline.render);
  controller.subscribe(provenance.render);
  controller.subscribe(tools.render);
  controller.subscribe(soundtrack(sound));
  controller.subscribe(persist);

  const report = (error) => panel.showError(`Something went wrong: ${error?.message ?? error}. Reload the page to start again.`);
  window.addEventListener('error', (event) => report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report(event.reason));

  const fromUrl = readParams(location.search, location.hash);
  const params = fromUrl.size > 0 ? fromUrl : readParams(saved() ?? '');
  controller.load(parseLink(params, games, games[0]));
  if (missing.length > 0) {
    panel.showError(`The solver offers ${missing.length === 1 ? 'a game' : 'games'} this page has no descriptor for (${missing.join(', ')}): add www/games/<game>.js.`);
  }

  const theme = matchMedia('(prefers-color-scheme: dark)');
  theme.addEventListener('change', () => {
    view.retheme();
    panel.retheme();
    strip.retheme();
    view.refit(controller.state);
    strip.render(controller.state);
  });
  window.addEventListener('resize', () => view.refit(controller.state));
}

main();

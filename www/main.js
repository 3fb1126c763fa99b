// Wiring only: sets the language (keep/language.js) and says the page's own words in it, loads
// the engine, finds the descriptors of its games, builds the controller and every view around it — the board (view, input, keys), the panels (controls, contest text,
// replay, move table, timeline, provenance, inspector, composer, rules, guide, sound, shortcuts) and the
// tools — reads the link (or the saved board), the last visit's undo steps and settings, and
// mirrors every change into the URL, the saved board and the recent boards (keep/).

import { createPanel } from './panels/controls.js';
import { createCodeCard } from './panels/code.js';
import { createTapSwitch } from './panels/tapswitch.js';
import { createComposer } from './panels/composer.js';
import { createContestText } from './panels/contesttext.js';
import { attachGuide } from './panels/guide.js';
import { createInspector } from './panels/inspector.js';
import { createMoveTable } from './panels/movetable.js';
import { attachOrder } from './panels/order.js';
import { createFrontierCard } from './panels/frontiercard.js';
import { createProvenance } from './panels/provenance.js';
import { createQueueStrip } from './panels/queuestrip.js';
import { attachRecentMenu } from './panels/recentmenu.js';
import { createReplayPanel } from './panels/replaypanel.js';
import { attachRules } from './panels/rules.js';
import { attachKeys } from './panels/shortcuts.js';
import { createSound, soundtrack } from './panels/sound.js';
import { createTimeline } from './panels/timeline.js';
import { createTools } from './tools/host.js';
import { TOOLS } from './tools/index.js';
import { attachBoardKeys } from './board/boardkeys.js';
import { createCycle } from './board/cycle.js';
import { attachInput } from './board/input.js';
import { createShadeLegend } from './board/shade.js';
import { attachReadout } from './board/readout.js';
import { createView } from './board/view.js';
import { createRecent } from './keep/recent.js';
import { createMirror, startingUndo } from './keep/saved.js';
import { keepSettings, savedOrder, savedSpeed, savedTeaching } from './keep/settings.js';
import { arrive, saved } from './keep/url.js';
import { visitLanguage } from './keep/language.js';
import { attachLanguageSwitch, sayPage } from './panels/pagewords.js';
import { createController } from './machine/api.js';
import { composedGame } from './games/custom.js';
import { gamesFor, warmUp } from './games/index.js';
import { loadEngine } from './engine/engine.js';
import { count, errorText } from './words/text.js';
import { setLanguage, t } from './words/i18n.js';

/** @param {string} text */
function fatal(text) {
  const box = /** @type {HTMLElement} */ (document.querySelector('[data-testid="message"]'));
  box.hidden = false;
  box.classList.add('error');
  box.replaceChildren(Object.assign(document.createElement('p'), { textContent: text }));
}

/**
 * Resolves in a later task: loading is cut into a task per step (the engine, the game list, the
 * composed game, the warm-up, the views, the board), so that none is long.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function main() {
  // The language first: every word the page makes from here on is in it.
  setLanguage(visitLanguage(location.search + location.hash, navigator.languages));
  sayPage(document);
  attachLanguageSwitch(document);
  let engine;
  let games;
  let missing;
  try {
    engine = await loadEngine();
    await nextTask();
    count(0); // the number formatter of the language (words/i18n.js)
    await nextTask();
    ({ games, missing } = await gamesFor(engine));
    await nextTask();
    // Composed games are not in the engine's list: their rules are data (the composer's).
    games.push(composedGame(engine, engine.rulesPresets()[0].text));
    await nextTask();
    await warmUp(engine, games);
  } catch (error) {
    fatal(t('main.no-engine', { error: errorText(error) }));
    return;
  }
  if (games.length === 0) {
    fatal(t('main.no-games', { names: missing }));
    return;
  }
  const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('[data-testid="board"]'));
  const sound = createSound(document);
  const here = () => location.search + location.hash;
  const start = arrive(here(), saved(), games);
  const undo = startingUndo(games, start);
  const controller = createController({ engine, games, speed: savedSpeed(), order: savedOrder(), undo, teaching: savedTeaching() });
  const inspector = createInspector(document);
  const view = createView(canvas, inspector.below, createShadeLegend(document));
  const panel = createPanel(document, controller, games, sound);
  const frontierCard = createFrontierCard(document);
  const codeCard = createCodeCard(document, controller);
  const tapSwitch = createTapSwitch(document, controller);
  const queueStrip = createQueueStrip(document);
  const replayPanel = createReplayPanel(document, controller);
  const timeline = createTimeline(document, controller);
  const provenance = createProvenance(document, controller);
  /** @param {string} id */
  const element = (id) => /** @type {HTMLElement} */ (document.querySelector(`[data-testid="${id}"]`));
  const tools = createTools(element('tools'), element('tool-panels'), TOOLS, { controller, engine, view });
  const cycle = createCycle(document, controller);
  await nextTask();
  const composer = createComposer(document, controller, games, engine);
  // A stroke of the pointer on the board is one undo step, however many cells it draws (these
  // listeners run around input.js's: registered first on the board, and on the window last).
  // The URL and the saved board follow a stroke once, at its end (saved.js `hold`): the
  // browser's history calls are slow, and with live solving every cell drawn would make two.
  const mirror = createMirror(start);
  canvas.addEventListener('pointerdown', () => {
    mirror.hold();
    controller.beginStroke();
  });
  for (const type of ['pointerup', 'pointercancel']) {
    window.addEventListener(type, () => {
      controller.endStroke();
      mirror.release();
    });
  }
  attachInput(canvas, view, controller);
  attachReadout(canvas, view, controller);
  attachBoardKeys(canvas, controller);
  attachKeys(document, controller);
  attachRules(document, controller);

  await nextTask();
  const recent = createRecent(games);
  controller.subscribe(view.render);
  controller.subscribe(panel.render);
  controller.subscribe(createContestText(document, controller, (text) => tools.open('batch', text)));
  controller.subscribe(frontierCard.render);
  controller.subscribe(codeCard.render);
  controller.subscribe(tapSwitch.render);
  controller.subscribe(queueStrip.render);
  controller.subscribe(replayPanel.render);
  controller.subscribe(createMoveTable(document, controller));
  controller.subscribe(timeline.render);
  controller.subscribe(provenance.render);
  controller.subscribe(tools.render);
  controller.subscribe(cycle.render);
  controller.subscribe(composer.render);
  controller.subscribe(soundtrack(sound));
  controller.subscribe(keepSettings(controller.state));
  controller.subscribe(mirror.mirror);
  controller.subscribe(recent.follow);
  controller.subscribe(attachRecentMenu(document, controller, recent));
  controller.subscribe(attachOrder(document, controller));

  const report = (error) => panel.showError(t('main.went-wrong', { error: errorText(error) }));
  window.addEventListener('error', (event) => report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report(event.reason));

  controller.load(start);
  // A batch link, ?game=…&input=<contest text>, also opens the batch view on that input
  // (tools/batch.js), which solves it.
  if (start.input !== undefined) tools.open('batch', start.input);
  // Back and Forward show the board of that entry (the page wrote its link, or it is the link
  // the visit came by).
  window.addEventListener('popstate', () => {
    const entry = arrive(here(), saved(), games);
    if (!entry.named) return;
    mirror.arrived(entry);
    controller.load(entry);
  });
  attachGuide(document, { shared: start.named });
  if (missing.length > 0) {
    panel.showError(t('main.missing-descriptors', { count: missing.length, names: missing }));
  }

  const theme = matchMedia('(prefers-color-scheme: dark)');
  theme.addEventListener('change', () => {
    view.retheme();
    panel.retheme();
    frontierCard.retheme();
    queueStrip.retheme();
    replayPanel.retheme();
    cycle.retheme();
    view.refit(controller.state);
    frontierCard.render(controller.state);
    queueStrip.render(controller.state);
    replayPanel.render(controller.state);
  });
  window.addEventListener('resize', () => view.refit(controller.state));
}

main();

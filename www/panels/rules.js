// The full rules of the game shown, one click from the one-line rule under the game selector:
// docs/RULES.md's section for the game (the one whose heading names the game's id, as in
// "## 1. River pawn (river) — 过河卒"; in Chinese docs/RULES.zh.md's, the file the catalog
// names), fetched once from the repository the page is served from and rendered with
// markdown.js in a dialog. When the file cannot be fetched the dialog says so and shows the
// descriptor's own paragraph of rules.

import { renderMarkdown } from './markdown.js';
import { errorText } from '../words/text.js';
import { t } from '../words/i18n.js';


const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/**
 * Binds the Full rules button under `doc` to the dialog, for the game `controller` shows.
 * @param {import('../machine/api.js').Controller} controller
 */
export function attachRules(doc, controller) {
  const dialog = $(doc, 'rules-dialog');
  const title = $(doc, 'rules-title');
  const body = $(doc, 'rules-body');
  /** The file's text, fetched on the first open (a failure is not kept: the next open tries again). */
  let text = null;

  $(doc, 'rules-open').addEventListener('click', async () => {
    const { game } = controller.state.editor;
    title.textContent = t('rules.title', { game: game.title });
    body.replaceChildren(Object.assign(doc.createElement('p'), { textContent: t('rules.loading') }));
    dialog.showModal();
    try {
      text ??= fetchRules();
      const section = sectionOf(await text, game.id);
      if (!section) throw new Error(`docs/RULES.md has no section for ${game.id}`);
      title.textContent = section.heading;
      body.replaceChildren(renderMarkdown(doc, section.body));
    } catch (error) {
      text = null;
      const note = Object.assign(doc.createElement('p'), {
        className: 'message error',
        textContent: t('rules.failed', { error: errorText(error) }),
      });
      body.replaceChildren(note, Object.assign(doc.createElement('p'), { textContent: game.rules }));
    }
  });
}

async function fetchRules() {
  const response = await fetch(new URL(`../../${t('rules.file')}`, import.meta.url));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/**
 * The `## ` section of `markdown` whose heading names `(id)`: `{heading, body}`, or null. The
 * heading is the game's name in the file's language and its contest, without its number and
 * without the id, which names the game for the command line, not for people.
 */
export function sectionOf(markdown, id) {
  for (const part of markdown.split(/^## /m).slice(1)) {
    const [heading, ...rest] = part.split('\n');
    if (heading.includes(`(${id})`)) return { heading: heading.replace(/^\d+\.\s*/, '').replace(` (${id})`, '').trim(), body: rest.join('\n') };
  }
  return null;
}

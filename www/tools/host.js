// The tools — explanations, checks, contest inputs, exports, play — as tabs, at most one open
// at a time. Each tool is a module of www/tools/ listed once in tools/index.js; this host builds
// its tab in the tab list and its panel in the inspector's sheet (www/inspector.js: a panel is
// one of the sheet's cards, brought into view when it opens), mounts it the first time it
// opens, and passes it every state change while it is open.
//
// A tool is `{id, title, hint, mount(panel, context)}`: `mount` fills the panel (an empty
// element) and returns `{render(state)?, opened(detail)?, closed()?}` (`detail`: what
// `tools.open(id, detail)` passed, such as a batch link's input). `context` holds what a tool
// may use: `{controller, engine, view, tools}` (`tools.open(id)` lets one tool hand over to
// another). A tool may also have `attach(context)`, called once when the page starts, for
// what it offers outside its panel (a button by the board, a link parameter that opens it),
// and `mountWhenIdle: true` to be mounted in idle time before it is first opened. Hooks: the
// tab is `[data-testid=tool-<id>]`, its panel `[data-testid=tool-panel-<id>]`.

import { t } from '../words/i18n.js';

/**
 * What a tool may use (`tools` is added by createTools).
 * @typedef {object} Context
 * @property {import('../machine/api.js').Controller} controller
 * @property {import('../engine/engine.js').Engine} engine
 * @property {import('../board/view.js').View} view
 * @property {Tools} tools
 */

/**
 * A tool (see above).
 * @typedef {object} Tool
 * @property {string} id
 * @property {string} title
 * @property {string} [hint]
 * @property {boolean} [mountWhenIdle]
 * @property {(context: Context) => void} [attach]
 * @property {(panel: HTMLElement, context: Context) => {render?: (state: import('../machine/state.js').State) => void, opened?: (detail?: any) => void, closed?: () => void}} mount
 */

/** @typedef {ReturnType<typeof createTools>} Tools */

/**
 * Builds the tools for `tools`: their tabs in `host` (its tab list), their panels in `panels`;
 * returns `{render(state), open(id), close(), openId}`.
 * @param {HTMLElement} host
 * @param {HTMLElement} panels
 * @param {Tool[]} tools
 * @param {Omit<Context, 'tools'>} context
 */
export function createTools(host, panels, tools, context) {
  const doc = host.ownerDocument;
  const tabs = /** @type {HTMLElement} */ (host.querySelector('[role=tablist]'));
  host.hidden = tools.length === 0;
  let open = null;
  let latest = null;

  const entries = tools.map((tool, index) => {
    const tab = doc.createElement('button');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.id = `tool-tab-${tool.id}`;
    tab.textContent = t(tool.title);
    tab.title = t(tool.hint ?? tool.title);
    tab.dataset.testid = `tool-${tool.id}`;
    tab.tabIndex = index === 0 ? 0 : -1;
    tab.setAttribute('aria-selected', 'false');
    const panel = doc.createElement('div');
    panel.className = 'card';
    panel.setAttribute('role', 'tabpanel');
    panel.id = `tool-panel-${tool.id}`;
    panel.dataset.testid = `tool-panel-${tool.id}`;
    panel.setAttribute('aria-labelledby', tab.id);
    panel.hidden = true;
    tab.setAttribute('aria-controls', panel.id);
    tab.addEventListener('click', () => (open === entry ? close() : show(entry, undefined)));
    tabs.append(tab);
    panels.append(panel);
    const entry = { tool, tab, panel, mounted: null };
    return entry;
  });

  // Arrow keys move between the tabs (one tab stop for the whole list).
  tabs.addEventListener('keydown', (event) => {
    const at = entries.findIndex((e) => e.tab === doc.activeElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? entries.length - 1 : step ? (at + step + entries.length) % entries.length : null;
    if (to === null) return;
    event.preventDefault();
    for (const [i, e] of entries.entries()) e.tab.tabIndex = i === to ? 0 : -1;
    entries[to].tab.focus();
  });

  function show(entry, detail) {
    if (open) hide(open);
    open = entry;
    entry.tab.setAttribute('aria-selected', 'true');
    entry.panel.hidden = false;
    host.classList.add('open');
    mount(entry);
    entry.mounted.opened?.(detail);
    if (latest) entry.mounted.render?.(latest);
  }

  function mount(entry) {
    entry.mounted ??= entry.tool.mount(entry.panel, { ...context, tools: api }) ?? {};
  }

  // A tool that is slow to build (`mountWhenIdle`) is built in idle time after the page starts,
  // so that opening it the first time is as quick as opening it again.
  for (const entry of entries) if (entry.tool.mountWhenIdle) requestIdleCallback(() => mount(entry));

  function hide(entry) {
    entry.tab.setAttribute('aria-selected', 'false');
    entry.panel.hidden = true;
    entry.mounted?.closed?.();
  }

  function close() {
    if (!open) return;
    hide(open);
    open = null;
    host.classList.remove('open');
  }

  const api = {
    /** Passes a state change to the open tool. */
    render(state) {
      latest = state;
      open?.mounted?.render?.(state);
    },
    /** Opens tool `id` (closing the one open), passing `detail` to it; false if there is none of that id. */
    open(id, detail) {
      const entry = entries.find((e) => e.tool.id === id);
      if (!entry) return false;
      if (open !== entry) show(entry, detail);
      else entry.mounted.opened?.(detail);
      return true;
    },
    /** Whether there is a tool `id`. */
    has: (id) => entries.some((e) => e.tool.id === id),
    close,
    /** The id of the open tool, or null. */
    get openId() {
      return open?.tool.id ?? null;
    },
  };
  for (const tool of tools) tool.attach?.({ ...context, tools: api });
  return api;
}

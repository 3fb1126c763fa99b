// A small Markdown subset rendered to DOM nodes, enough for docs/RULES.md: headings,
// paragraphs, bullet and numbered lists (one level; indented lines continue an item), fenced
// code blocks, tables, and inline **bold**, *italic* and `code`. Text only ever becomes text
// nodes, never HTML, so nothing in the file can inject markup.

const HEADING = /^(#{1,6})\s+(.*)$/;
const ITEM = /^\s*([-*]|\d+\.)\s+(.*)$/;
const FENCE = /^```/;
const ROW = /^\|.*\|$/;

/** The nodes of Markdown `text`, made with `doc`, as a DocumentFragment. */
export function renderMarkdown(doc, text) {
  const out = doc.createDocumentFragment();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const make = (tag, content) => {
    const node = doc.createElement(tag);
    if (content !== undefined) node.append(...inline(doc, content));
    return node;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
    } else if (FENCE.test(line)) {
      const code = [];
      for (i++; i < lines.length && !FENCE.test(lines[i]); i++) code.push(lines[i]);
      i++;
      const pre = doc.createElement('pre');
      pre.append(Object.assign(doc.createElement('code'), { textContent: code.join('\n') }));
      out.append(pre);
    } else if (HEADING.test(line)) {
      const [, hashes, words] = HEADING.exec(line);
      out.append(make(`h${hashes.length}`, words));
      i++;
    } else if (ROW.test(line.trim())) {
      const rows = [];
      for (; i < lines.length && ROW.test(lines[i].trim()); i++) rows.push(cells(lines[i]));
      out.append(table(doc, rows, make));
    } else if (ITEM.test(line)) {
      const ordered = /^\d/.test(ITEM.exec(line)[1]);
      const items = [];
      for (; i < lines.length && lines[i].trim() !== ''; i++) {
        const match = ITEM.exec(lines[i]);
        if (match && /^\d/.test(match[1]) === ordered) items.push([match[2]]);
        else items.at(-1).push(lines[i].trim());
      }
      const list = doc.createElement(ordered ? 'ol' : 'ul');
      list.append(...items.map((words) => make('li', words.join(' '))));
      out.append(list);
    } else {
      const words = [];
      for (; i < lines.length && lines[i].trim() !== '' && !startsBlock(lines[i]); i++) words.push(lines[i].trim());
      out.append(make('p', words.join(' ')));
    }
  }
  return out;
}

const startsBlock = (line) => FENCE.test(line) || HEADING.test(line) || ITEM.test(line) || ROW.test(line.trim());

/** The cells of a table row `| a | b |`. */
const cells = (line) => line.trim().slice(1, -1).split('|').map((cell) => cell.trim());

/** A table from its rows; a second row of dashes makes the first the header. */
function table(doc, rows, make) {
  const node = doc.createElement('table');
  const header = rows.length > 1 && rows[1].every((cell) => /^:?-+:?$/.test(cell));
  if (header) {
    const head = doc.createElement('thead');
    head.append(row(doc, rows[0], 'th', make));
    node.append(head);
  }
  const body = doc.createElement('tbody');
  for (const r of rows.slice(header ? 2 : 0)) body.append(row(doc, r, 'td', make));
  node.append(body);
  return node;
}

function row(doc, values, tag, make) {
  const tr = doc.createElement('tr');
  tr.append(...values.map((value) => make(tag, value)));
  return tr;
}

/**
 * Inline spans: **bold**, *italic*, `code`, and [links](https://…) to pages elsewhere (a
 * problem's statement), opened in a tab of their own; everything else text.
 */
function inline(doc, text) {
  const nodes = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\((https:\/\/[^)\s]+)\)|\*([^*\s][^*]*?)\*/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) nodes.push(text.slice(at, match.index));
    const [, bold, code, label, href, italic] = match;
    if (bold !== undefined) nodes.push(Object.assign(doc.createElement('strong'), { textContent: bold }));
    else if (code !== undefined) nodes.push(Object.assign(doc.createElement('code'), { textContent: code }));
    else if (href !== undefined) nodes.push(Object.assign(doc.createElement('a'), { href, textContent: label, target: '_blank', rel: 'noopener' }));
    else nodes.push(Object.assign(doc.createElement('em'), { textContent: italic }));
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

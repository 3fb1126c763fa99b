// Small DOM helpers shared by the workbench tools (batch, export, play, drill): building
// elements, saving a file, and reading what the person drops or opens.

/** A new element `tag` with `props` (properties; `dataset`, `testid` and `class` handled) and `children`. */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'testid') element.dataset.testid = value;
    else if (key === 'class') element.className = value;
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else element[key] = value;
  }
  element.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return element;
}

/** Offers `blob` as a download named `name` (the browser's save dialog or downloads bar). */
export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The bytes of a dropped or opened file. */
export async function bytesOf(file) {
  return new Uint8Array(await file.arrayBuffer());
}

/** Copies `text` to the clipboard; resolves to false where the page may not. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

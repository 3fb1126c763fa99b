// A static file server for the page: serves the repository root (index.html, www/) over
// HTTP with the right MIME types (ES modules and wasm need them), and an HTML page's
// Content-Security-Policy (its <meta http-equiv>) as a header too.
//   node e2e/server.mjs [port]     what `./build.sh serve` runs (default port 8000)
// The browser tests import `startServer` and listen on a free port of 127.0.0.1.

import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The Content-Security-Policy the page `html` declares in its `<meta http-equiv>`, as the header
 * to send with it, or null when it declares none: the page's own words, so there is one place to
 * change them, and `frame-ancestors 'none'`, which only a header can say (a meta policy may
 * not): no other site may frame the page.
 */
export function policyOf(html) {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return meta && `${meta[1]}; frame-ancestors 'none'`;
}

/**
 * Starts serving on `port` of `host`; resolves to `{url, close()}`. With `unchanging` (the
 * browser tests: nothing is rebuilt while they run) the browser may keep everything but HTML
 * pages for the run without asking again: a page load otherwise revalidates each of its ~100
 * modules, six requests at a time, and that was most of a load's time.
 */
export function startServer({ port = 0, host = '127.0.0.1', unchanging = false } = {}) {
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    const file = normalize(join(ROOT, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== ROOT && !file.startsWith(ROOT + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      // Revalidated on every load, so a rebuilt page is seen at once; an unchanged file is
      // a 304, which also lets the browser reuse its compiled wasm code.
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const kept = unchanging && extname(file) !== '.html';
      const headers = { ETag: etag, 'Last-Modified': info.mtime.toUTCString(), 'Cache-Control': kept ? 'max-age=86400' : 'no-cache' };
      // An HTML page is read whole (they are small) for its policy.
      const html = extname(file) === '.html' ? await readFile(file) : null;
      const policy = html && policyOf(html.toString('utf8'));
      if (policy) headers['Content-Security-Policy'] = policy;
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, headers).end();
        return;
      }
      response.writeHead(200, {
        ...headers,
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Length': html?.length ?? info.size,
      });
      if (request.method === 'HEAD') response.end();
      else if (html) response.end(html);
      else createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
    }
  });
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolveStart({ url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${actual}/`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8000);
  const { url } = await startServer({ port, host: 'localhost' });
  console.log(`retrolab: serving ${ROOT} at ${url} (Ctrl-C stops)`);
}

// Building the demo (and the examples) and a tiny static file server for the result (demo/dist): used by
// `npm start` and the browser tests.
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds demo/dist with Vite, then the engine examples into demo/dist/examples/ (warnings and errors
 * only). In that order: the demo build empties demo/dist. Returns true on success.
 */
export function buildDemo() {
  const vite = join(REPO, 'node_modules/vite/bin/vite.js');
  for (const config of ['demo/vite.config.ts', 'examples/vite.config.ts']) {
    const args = [vite, 'build', '--config', config, '--logLevel', 'warn'];
    if (spawnSync(process.execPath, args, { cwd: REPO, stdio: 'inherit' }).status !== 0) return false;
  }
  return true;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serve `dir` on `host:port` (port 0 = any free port). Resolves to { server, url }.
 * @param {{ dir: string, port?: number, host?: string }} options
 */
export function serveStatic({ dir, port = 0, host = '127.0.0.1' }) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      // the path alone: new URL() would read a request for '//x' as a host name and throw
      const rawPath = (req.url ?? '/').replace(/[?#].*$/, '');
      const path = decodeURIComponent(rawPath);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        // A folder's page is served at its URL with the slash: without it (/examples), the page's relative
        // links and assets (./main.js) would resolve one folder up. Redirect there, as static servers do.
        if (!rawPath.endsWith('/')) {
          // (one leading slash: '//host/' or '/\host/' would send the browser to another site)
          const local = `/${rawPath.replace(/^[/\\]+/, '')}`;
          const query = (req.url ?? '').slice(rawPath.length);
          res.writeHead(301, { location: `${local}/${query}` }).end();
          return;
        }
        file = join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-cache',
        // cross-origin isolation: precise performance.now() for the in-browser benchmark
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const addr = server.address();
      const shown = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
      const p = typeof addr === 'object' && addr ? addr.port : port;
      ok({
        server,
        port: p,
        url: `http://${shown}:${p}/`,
        ipUrl: `http://${host.includes(':') ? `[${host}]` : host}:${p}/`,
      });
    });
  });
}

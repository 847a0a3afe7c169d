// A real Bazel HTTP cache server for the remote cache's tests and bench:
// Debian's nginx with WebDAV `PUT` (tests/fixtures/remote-cache/nginx.conf),
// started on a free loopback port with its own prefix, store and temporary
// folders, in the foreground, and stopped by its pid. Uploads need
// `Authorization: Bearer <token>`. `findNginx` says where nginx is, or why the
// tests that need it cannot run (they fail under CI=true, where .ci/run
// installs it, and are skipped with that message elsewhere).

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CONFIG = 'tests/fixtures/remote-cache/nginx.conf';
const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx', '/usr/local/bin/nginx'];

export interface NginxCacheServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Where the entries are stored: `<store>/ac/<key>`, `<store>/cas/<hash>`. */
  store: string;
  /** The bearer token uploads need. */
  token: string;
  /** Stops nginx and deletes its folders. */
  stop(): Promise<void>;
}

/** nginx's path, or why it cannot serve as the cache (not installed, or without the WebDAV module). */
export function findNginx(): { path: string } | { missing: string } {
  const path = CANDIDATES.find((candidate) => existsSync(candidate));
  if (path === undefined) return { missing: 'nginx is not installed (apt-get install nginx)' };
  const version = spawnSync(path, ['-V'], { encoding: 'utf8' });
  if (!`${version.stderr}${version.stdout}`.includes('--with-http_dav_module')) return { missing: `${path} has no WebDAV module` };
  return { path };
}

/** Starts nginx on a free port; resolves once it answers. */
export async function startNginxCache(options: { token?: string } = {}): Promise<NginxCacheServer> {
  const found = findNginx();
  if ('missing' in found) throw new Error(found.missing);
  const prefix = mkdtempSync(join(tmpdir(), 'docsc-nginx-'));
  const store = join(prefix, 'store');
  mkdirSync(store);
  const token = options.token ?? 'test-token';
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const config = readFileSync(CONFIG, 'utf8')
      .replaceAll('{{prefix}}', prefix)
      .replaceAll('{{store}}', store)
      .replaceAll('{{port}}', String(port))
      .replaceAll('{{token}}', token);
    writeFileSync(join(prefix, 'nginx.conf'), config);
    const child = spawn(found.path, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}`;
    if (await answers(url, child)) {
      return {
        url,
        store,
        token,
        stop: async () => {
          await stopChild(child);
          rmSync(prefix, { recursive: true, force: true });
        },
      };
    }
    await stopChild(child);
    // Another process took the port between our probe and nginx's bind: try another.
    if (attempt >= 4) {
      const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${log.trim().split('\n').slice(-3).join(' | ')}`);
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether the server answers within 5 s (any status), while `child` runs. */
async function answers(url: string, child: ChildProcess): Promise<boolean> {
  for (let waited = 0; waited < 5000 && child.exitCode === null; waited += 50) {
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return false;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

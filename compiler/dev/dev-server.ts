// `docsc dev`'s server: serves the output folder at clean URLs, pushes
// "reload" and "problems" events to open pages (server-sent events), and
// rebuilds on every batch of changes. It listens on 127.0.0.1 unless told
// otherwise, and answers only requests whose Host is this server — localhost,
// the name it listens on, or an IP address (a DNS rebinding page cannot read
// it) — and whose Origin, when sent, is this server too; its request proxy
// answers only this machine. It serves nothing outside the output folder:
// paths are decoded, normalized and checked against the folder's realpath
// before any read. Until the first build is done, what the dev session's
// preview makes is served instead (page-preview.ts): a page it lays out, or a
// file it can make; anything else waits for the build. Once the build is
// done, a page open in a browser that the preview served is reloaded if the
// build's differs (the dev client names its page when it listens).

import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import type { BuildResult } from '../build/build.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isInside } from '../output/output-guard.js';
import { ICON_SPRITE_PATH } from '../site/navigation-icon.js';
import { UTILITIES_PATH } from '../site/page-layout.js';
import { runtimeFile } from '../site/runtime-files.js';
import { handleProxy, PROXY_PATH } from './dev-proxy.js';
import type { PagePreview, PreviewFile } from './page-preview.js';

export const EVENTS_PATH = '/_docsc/dev/events';
export const CLIENT_PATH = '/_docsc/dev/client.js';
/** What every page gets in dev: the live-reload and overlay client. */
export const DEV_CLIENT_TAG = `<script src="${CLIENT_PATH}" defer></script>`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  // Pages' Markdown sources (`contextual` view): plain text, which every browser shows rather than downloads.
  '.md': 'text/plain; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export interface DevServerOptions {
  outDir: string;
  host: string;
  port: number;
  /** The base path the site is built for (`/docs`), or '': the site is served there, `/` redirects to it. */
  basePath?: string;
  /** Told about every page the preview served. */
  onPreview?: (file: PreviewFile) => void;
}

/** What the overlay shows: the errors of the last build, or why it failed. */
export interface DevProblems {
  failed: boolean;
  message?: string;
  diagnostics: Pick<Diagnostic, 'code' | 'severity' | 'message' | 'file' | 'line' | 'column'>[];
}

/** Files the preview serves whose build's version may differ without the page needing it: they only grow with the site. */
const GROWING = new Set([ICON_SPRITE_PATH, UTILITIES_PATH]);

export class DevServer {
  private server: Server;
  /** Open pages' event streams, with the output paths their page may be at (what the dev client said). */
  private clients = new Map<ServerResponse, string[] | undefined>();
  private problems: DevProblems = { failed: false, diagnostics: [] };
  private root = '';
  private client = readFileSync(runtimeFile('dev-client.js'), 'utf8');
  /** Until the first build is done: the preview (once the site is sketched), and what it served, by output path. */
  private preview: Promise<PagePreview | undefined> | undefined;
  private decidePreview: (preview: Promise<PagePreview | undefined>) => void = () => {};
  /** `errors`: a page's, for the overlay (files that are not pages have none). */
  private previewed = new Map<string, { hash: string; errors?: DevProblems['diagnostics'] }>();
  private previewing = 0;
  private idle: (() => void)[] = [];
  private firstBuilt = false;
  private firstBuild: Promise<void>;
  private firstBuildDone = () => {};

  constructor(private options: DevServerOptions) {
    this.server = createServer((request, response) => this.handle(request, response));
    this.firstBuild = new Promise((resolve) => {
      this.firstBuildDone = resolve;
    });
    // Requests that come before the session says what serves them wait until it does.
    this.preview = new Promise((resolve) => {
      this.decidePreview = resolve;
    });
  }

  /** Serves what `preview` makes until the first build is done; requests for anything else wait for that build. */
  previewWith(preview: Promise<PagePreview | undefined>): void {
    this.decidePreview(preview);
  }

  /** Resolves when no request is being answered by the preview (the first build starts behind the pages asked for). */
  whenPreviewIdle(): Promise<void> {
    return this.previewing === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    return serverUrl(address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address, address.port);
  }

  /** Where other devices reach the server: its network addresses when it listens on every interface (`0.0.0.0`, `::`). */
  networkUrls(): string[] {
    const address = this.server.address() as AddressInfo;
    if (address.address !== '0.0.0.0' && address.address !== '::') return [];
    const urls: string[] = [];
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) {
        if (entry.internal || (entry.family === 'IPv6' && (address.address === '0.0.0.0' || entry.scopeid !== 0))) continue;
        urls.push(serverUrl(entry.address, address.port));
      }
    }
    return urls;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /**
   * After each build: tell open pages to reload, or to show what went wrong. After the first, only the pages the
   * preview served that the build made otherwise reload.
   */
  built(result: BuildResult | Error): void {
    const first = !this.firstBuilt;
    if (result instanceof Error) this.problems = { failed: true, message: result.message, diagnostics: [] };
    else {
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      this.problems = { failed: !result.ok, diagnostics: errors.map(overlayEntry) };
      if (result.ok) this.root = realpathSync(this.options.outDir);
    }
    this.broadcast('problems', this.problems);
    const ok = !(result instanceof Error) && result.ok;
    if (first) {
      this.firstBuilt = true;
      this.decidePreview(Promise.resolve(undefined));
      this.preview = undefined;
      this.firstBuildDone();
      if (ok) this.reloadPreviewed();
      this.previewed.clear();
    } else if (ok) this.broadcast('reload', {});
  }

  async close(): Promise<void> {
    // Requests still waiting for a first build that will not come are answered (with what the output has).
    if (!this.firstBuilt) {
      this.firstBuilt = true;
      this.decidePreview(Promise.resolve(undefined));
      this.firstBuildDone();
    }
    for (const client of this.clients.keys()) client.end();
    this.clients.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private broadcast(event: string, data: unknown, to: Iterable<ServerResponse> = this.clients.keys()): void {
    const message = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of to) client.write(message);
  }

  /**
   * Reloads the open pages the preview served that the first build made otherwise; when a file pages share differs
   * (a large section's sidebar), every page it served. A page that does not say where it is reloads if anything
   * differs.
   */
  private reloadPreviewed(): void {
    const differs = new Set<string>();
    for (const [path, { hash }] of this.previewed) {
      const file = this.resolveFile(`/${path}`);
      if (!GROWING.has(path) && (file === undefined || hashOf(readFileSync(file)) !== hash)) differs.add(path);
    }
    if (differs.size === 0) return;
    const shared = [...differs].some((path) => this.previewed.get(path)?.errors === undefined);
    const stale = [...this.clients].flatMap(([client, page]) => {
      if (page === undefined) return [client];
      const served = page.find((path) => this.previewed.has(path));
      return served !== undefined && (shared || differs.has(served)) ? [client] : [];
    });
    this.broadcast('reload', {}, stale);
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    if (!this.isOwnHost(request.headers.host) || !this.isOwnOrigin(request.headers.origin, request.headers.host)) {
      response
        .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Forbidden: this dev server answers only its own host and origin.\n');
      return;
    }
    if (request.url?.split('?')[0] === PROXY_PATH) {
      // The proxy makes requests from this machine: only this machine may ask (with `--host 0.0.0.0`, a device on
      // the network could otherwise reach this machine's own services through it).
      if (!isLoopback(request.socket.remoteAddress)) {
        response
          .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
          .end("Forbidden: the dev server's request proxy serves only this machine.\n");
        return;
      }
      void handleProxy(request, response);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://dev.invalid');
    if (url.pathname === EVENTS_PATH) {
      this.openEvents(response, url.searchParams.get('page'));
      return;
    }
    if (url.pathname === CLIENT_PATH) {
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.js'] as string, 'cache-control': 'no-store' }).end(this.client);
      return;
    }
    const base = this.options.basePath ?? '';
    if (base !== '' && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) {
      // The site lives under its base path, as it will when deployed; the host's root leads there.
      if (url.pathname === '/') response.writeHead(302, { location: `${base}/` }).end();
      else this.serveFile(undefined, request, response);
      return;
    }
    const pathname = url.pathname.slice(base.length);
    if (this.firstBuilt) this.serveFile(pathname, request, response);
    else void this.serveEarly(pathname, request, response);
  }

  /** Before the first build is done: what the preview makes, or else what that build makes, once it is done. */
  private async serveEarly(pathname: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.previewing++;
    let file: PreviewFile | undefined;
    try {
      const preview = await this.preview;
      const path = preview === undefined ? undefined : this.candidates(pathname)?.find((candidate) => preview.has(candidate));
      // A preview that fails leaves the file to the build.
      if (preview !== undefined && path !== undefined) file = await preview.file(path).catch(() => undefined);
    } finally {
      this.previewing--;
      if (this.previewing === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
    if (file === undefined || this.firstBuilt) {
      await this.firstBuild;
      this.serveFile(pathname, request, response);
      return;
    }
    const errors = file.page?.errors.map(overlayEntry);
    this.previewed.set(file.path, { hash: hashOf(file.contents), ...(errors === undefined ? {} : { errors }) });
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    response.end(request.method === 'HEAD' ? undefined : file.contents);
    if (file.page) this.options.onPreview?.(file);
  }

  /** `page`: where the page listening is (the dev client's `location.pathname`). */
  private openEvents(response: ServerResponse, page: string | null): void {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    const base = this.options.basePath ?? '';
    const paths = page === null || !page.startsWith(base) ? undefined : this.candidates(page.slice(base.length));
    // Before the first build, a page the preview served shows its own errors.
    const errors = this.firstBuilt ? undefined : paths?.map((path) => this.previewed.get(path)?.errors).find((found) => found !== undefined);
    const problems = errors === undefined ? this.problems : { failed: false, diagnostics: errors };
    response.write(`event: problems\ndata: ${JSON.stringify(problems)}\n\n`);
    this.clients.set(response, paths);
    response.on('close', () => this.clients.delete(response));
  }

  /** The file at `pathname` (under the base path), or the 404 page for undefined or a path with no file. */
  private serveFile(pathname: string | undefined, request: IncomingMessage, response: ServerResponse): void {
    const file = pathname === undefined ? undefined : this.resolveFile(pathname);
    const notFound = this.root === '' ? undefined : join(this.root, '404.html');
    const target = file ?? (notFound && existsSync(notFound) ? notFound : undefined);
    if (target === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    response.writeHead(file ? 200 : 404, {
      'content-type': CONTENT_TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(target).pipe(response);
  }

  /** The output paths a URL path may name (`/x` → `x`, `x/index.html`, `x.html`), or undefined for one that may name none. */
  private candidates(pathname: string): string[] | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
    const relativePath = normalize(decoded).replace(/^[/\\]+/, '');
    if (relativePath.split(sep).includes('..')) return undefined;
    return [relativePath, join(relativePath, 'index.html'), `${relativePath}.html`].map((path) => path.split(sep).join('/'));
  }

  /** The file a URL path names inside the output folder (`/x` → `x/index.html`), or undefined. */
  private resolveFile(pathname: string): string | undefined {
    if (this.root === '') return undefined;
    for (const candidate of this.candidates(pathname) ?? []) {
      const absolute = join(this.root, candidate);
      try {
        if (!statSync(absolute).isFile()) continue;
        const real = realpathSync(absolute);
        if (isInside(real, this.root)) return real;
      } catch {
        // not this candidate
      }
    }
    return undefined;
  }

  /**
   * `localhost`, the name the server was told to listen on, or an IP address, with this server's port or none. An
   * address is never a rebinding: the page that sent it was loaded from that address, which is this server (so
   * `--host 0.0.0.0` serves a phone on the network at `http://192.168.1.20:3000`); a name is, unless it is ours.
   */
  private isOwnHost(host: string | undefined): boolean {
    const parts = host === undefined ? null : /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(host);
    if (parts === null) return false;
    const name = (parts[1] as string).replace(/^\[(.*)\]$/, '$1').toLowerCase();
    const bracketed = (parts[1] as string).startsWith('[');
    const known = name === 'localhost' || name === this.options.host.toLowerCase() || (bracketed ? isIPv6(name) : isIPv4(name));
    return known && (parts[2] === undefined || Number(parts[2]) === this.port);
  }

  private isOwnOrigin(origin: string | undefined, host: string | undefined): boolean {
    if (origin === undefined) return true;
    return origin === `http://${host}`;
  }
}

/** A diagnostic as the overlay shows it. */
function overlayEntry({ code, severity, message, file, line, column }: Diagnostic): DevProblems['diagnostics'][number] {
  return { code, severity, message, file, line, column };
}

function hashOf(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex');
}

function serverUrl(address: string, port: number): string {
  return `http://${isIPv6(address) ? `[${address}]` : address}:${port}`;
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || (isIPv4(v4) && v4.startsWith('127.'));
}

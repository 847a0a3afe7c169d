// `docsc dev`'s proxy for the API playground: `POST /_docsc/proxy` with the
// request to make in `X-Docsc-Proxy-Target` (an http(s) URL) and
// `X-Docsc-Proxy-Method`, its headers and body as they are, and cookies in
// `X-Docsc-Proxy-Cookie` (a browser never lets a page set `Cookie`). It lets
// readers try APIs that send no CORS headers while writing docs. The dev
// server calls it only after its Host and Origin checks, so only the dev
// server's own pages can use it. Redirects are not followed (credentials
// must not travel to another origin); the upstream status, status text and
// `Location` come back in `X-Docsc-Proxy-*` headers with a 200, so that the
// browser never acts on them itself.

import type { IncomingMessage, ServerResponse } from 'node:http';

export const PROXY_PATH = '/_docsc/proxy';

const MAX_BODY = 10 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
const METHOD = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|TRACE)$/;
/** Request headers not forwarded: hop-by-hop ones, the browser's own context, and the proxy's instructions. */
const DROPPED_REQUEST = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
  'proxy-authorization',
  'proxy-connection',
  'content-length',
  'origin',
  'referer',
  'cookie',
  'accept-encoding',
]);
/** Response headers not passed back: hop-by-hop ones and those the body's decoding invalidates. */
const DROPPED_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'set-cookie', 'location']);

export async function handleProxy(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const fail = (status: number, message: string) =>
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(`${message}\n`);
  if (request.method !== 'POST') return void fail(405, 'The playground proxy takes POST requests.');
  const target = parseTarget(header(request, 'x-docsc-proxy-target'));
  if (typeof target === 'string') return void fail(400, target);
  const method = (header(request, 'x-docsc-proxy-method') ?? 'GET').toUpperCase();
  if (!METHOD.test(method)) return void fail(400, `Unsupported method ${method}.`);
  let body: Buffer;
  try {
    body = await readBody(request);
  } catch (error) {
    return void fail(413, (error as Error).message);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED_REQUEST.has(name) || name.startsWith('x-docsc-proxy-') || name.startsWith('sec-')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const cookie = header(request, 'x-docsc-proxy-cookie');
  if (cookie) headers.set('cookie', cookie);
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(method === 'GET' || method === 'HEAD' || body.length === 0 ? {} : { body: new Uint8Array(body) }),
    });
  } catch (error) {
    return void fail(502, `The proxy could not reach ${target.origin}: ${(error as Error).message}`);
  }
  const out: Record<string, string> = {
    'cache-control': 'no-store',
    'x-docsc-proxy-status': String(upstream.status),
    'x-docsc-proxy-status-text': upstream.statusText.replace(/[^\t\x20-\x7e]/g, ''),
  };
  upstream.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE.has(name)) out[name] = value;
  });
  const location = upstream.headers.get('location');
  if (location) out['x-docsc-proxy-location'] = location;
  const bytes = Buffer.from(await upstream.arrayBuffer());
  response.writeHead(200, out).end(bytes);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An http(s) URL without credentials, or why not. */
export function parseTarget(text: string | undefined): URL | string {
  if (!text) return 'X-Docsc-Proxy-Target is missing.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'X-Docsc-Proxy-Target is not a URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `The proxy calls http and https URLs only, not ${url.protocol}`;
  if (url.username || url.password) return 'The target URL may not carry credentials.';
  return url;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('The request body is over 10 MB.'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

// A real HTTP server on 127.0.0.1 (a free port) for tests of hosted OpenAPI
// documents: started before a suite's tests, closed after them. While it
// runs, fetching from private addresses is allowed (DOCSC_ALLOW_PRIVATE_URLS,
// as `--allow-private-urls` does): docsc refuses loopback by default.
// `corsApi` makes a handler an API that a site on another origin may call, as
// the playground does in the browser tests.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'uvu';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, set once the suite has started. */
  readonly origin: string;
}

export function loopbackServer(suite: Test, handler: (req: IncomingMessage, res: ServerResponse) => void): LoopbackServer {
  let server: Server | undefined;
  const state = { origin: '' };
  let previous: string | undefined;
  suite.before(async () => {
    previous = process.env.DOCSC_ALLOW_PRIVATE_URLS;
    process.env.DOCSC_ALLOW_PRIVATE_URLS = '1';
    server = createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  suite.after(() => {
    if (previous === undefined) delete process.env.DOCSC_ALLOW_PRIVATE_URLS;
    else process.env.DOCSC_ALLOW_PRIVATE_URLS = previous;
    server?.closeAllConnections();
    server?.close();
  });
  return state;
}

/** The CORS headers an answer carries: the caller's origin allowed, with credentials. */
export type CorsHeaders = Record<string, string>;

/**
 * A handler for an API that a page on any origin may call with credentials:
 * preflights (OPTIONS) are answered here, allowing every method the
 * playground sends and every header asked for; other requests go to
 * `handle`, with the headers its answer must carry. `expose` lists response
 * headers the page may read.
 */
export function corsApi(
  handle: (req: IncomingMessage, res: ServerResponse, cors: CorsHeaders) => void,
  options: { expose?: string } = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const cors: CorsHeaders = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      ...(options.expose === undefined ? {} : { 'access-control-expose-headers': options.expose }),
      vary: 'origin',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
      });
      res.end();
      return;
    }
    handle(req, res, cors);
  };
}

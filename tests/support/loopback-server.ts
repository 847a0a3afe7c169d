// A real HTTP server on 127.0.0.1 (a free port) for tests of hosted OpenAPI
// documents: started before a suite's tests, closed after them. While it
// runs, fetching from private addresses is allowed (DOCSC_ALLOW_PRIVATE_URLS,
// as `--allow-private-urls` does): docsc refuses loopback by default.

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

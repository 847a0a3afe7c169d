// A real HTTP server on 127.0.0.1 (a free port) for tests of hosted OpenAPI
// documents: started before a suite's tests, closed after them.

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
  suite.before(async () => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  suite.after(() => {
    server?.closeAllConnections();
    server?.close();
  });
  return state;
}

// The HTTP client of a remote cache server that speaks Bazel's HTTP cache
// protocol: `GET` and `PUT` of `<base>/ac/<key>` and `<base>/cas/<sha256>`
// (bazel-remote, nginx with WebDAV `PUT`, any store that keeps what is put).
//
// - Requests go to the server the user named and nowhere else: the URL is
//   checked once (http or https, no credentials in it, no query), every
//   request is to that host and port under its path, and redirects are not
//   followed (a 3xx is a failure).
// - Credentials come from the environment (`DOCSC_REMOTE_CACHE_HEADER`, one
//   `Name: value` header) and are sent as that header only; no message, error
//   or report ever includes them (messages name the URL as given, which holds
//   none).
// - A server that is missing, slow or failing never fails the build: the
//   first request that fails (no connection, a timeout, a 5xx, an answer
//   cut short, an unexpected status) turns the remote cache off for the rest
//   of the build, with one warning, and aborts the requests in flight, so a
//   server that hangs costs one timeout. A `404` is a miss. An upload
//   refused (a 4xx on `PUT`: read-only credentials) turns uploads off, with
//   one warning, and reads go on.
// - Bounded: at most `concurrency` requests at once over kept-alive
//   connections, each answer at most MAX_ENTRY_BYTES.

import { type Agent, Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { MAX_ENTRY_BYTES } from './remote-entry.js';

export interface RemoteCacheOptions {
  /** `http(s)://host[:port][/path]`: requests go to `<url>/ac/…` and `<url>/cas/…`. */
  url: string;
  /** Whether this build uploads what it computes (`--remote-cache-upload`); read-only otherwise. */
  upload: boolean;
  /** Time limit of one request, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** A header sent with every request (`DOCSC_REMOTE_CACHE_HEADER`): credentials, never shown. */
  header?: { name: string; value: string };
  /** Requests at once (default 32). */
  concurrency?: number;
}

export const DEFAULT_REMOTE_TIMEOUT_MS = 10_000;
const DEFAULT_CONCURRENCY = 32;

export interface RemoteCacheStats {
  /** Entries found and used, refused as corrupted, and missing. */
  hits: number;
  corrupt: number;
  misses: number;
  /** Entries uploaded. */
  uploaded: number;
  requests: number;
  /** Bytes of answers received and of uploads sent (bodies, not headers). */
  bytesDown: number;
  bytesUp: number;
}

/** Why a remote cache URL cannot be used, or undefined when it can (`--remote-cache`). */
export function checkRemoteUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'it is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http: and https: URLs are supported';
  if (url.username !== '' || url.password !== '') return 'it holds credentials: pass them as a header in DOCSC_REMOTE_CACHE_HEADER instead';
  if (url.search !== '' || url.hash !== '') return 'it has a query or a fragment';
  return undefined;
}

type Answer = { status: number; body: Buffer };

export class RemoteCacheClient {
  readonly stats: RemoteCacheStats = { hits: 0, corrupt: 0, misses: 0, uploaded: 0, requests: 0, bytesDown: 0, bytesUp: 0 };
  /** The URL as shown in messages (it holds no credentials: checkRemoteUrl). */
  readonly shown: string;
  /** Why the remote cache was turned off, once it is. */
  down: string | undefined;
  /** Why uploads were turned off (or that they were never on). */
  uploadsOff: string | undefined;
  private readonly base: URL;
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Set<{ destroy(error: Error): void }>();

  constructor(private readonly options: RemoteCacheOptions) {
    const problem = checkRemoteUrl(options.url);
    if (problem !== undefined) throw new Error(`--remote-cache ${options.url}: ${problem}`);
    this.base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
    this.shown = options.url;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    const agentOptions = { keepAlive: true, maxSockets: this.concurrency };
    this.agent = this.base.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
    this.uploadsOff = options.upload ? undefined : 'read-only';
  }

  /** The bytes under `path` (`ac/<key>`, `cas/<hash>`), undefined when missing or when the cache is off. */
  async get(path: string, maxBytes = MAX_ENTRY_BYTES): Promise<Buffer | undefined> {
    const answer = await this.exchange('GET', path, undefined, maxBytes);
    if (answer === undefined) return undefined;
    if (answer.status === 200) return answer.body;
    if (answer.status !== 404) this.turnOff(`it answered HTTP ${answer.status} to GET`);
    return undefined;
  }

  /** Stores `body` under `path`; false when it was not stored (the cache or its uploads are off). */
  async put(path: string, body: Buffer): Promise<boolean> {
    if (this.uploadsOff !== undefined) return false;
    const answer = await this.exchange('PUT', path, body, 64 * 1024);
    if (answer === undefined) return false;
    if (answer.status >= 200 && answer.status < 300) {
      this.stats.bytesUp += body.length;
      return true;
    }
    if (answer.status >= 400 && answer.status < 500) this.uploadsOff ??= `it refused an upload with HTTP ${answer.status}`;
    else this.turnOff(`it answered HTTP ${answer.status} to PUT`);
    return false;
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  private turnOff(reason: string): void {
    if (this.down !== undefined) return;
    this.down = reason;
    const error = new Error('the remote cache was turned off');
    for (const request of this.inFlight) request.destroy(error);
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** One request, in its turn; undefined when the cache is (or was just turned) off. */
  private async exchange(method: 'GET' | 'PUT', path: string, body: Buffer | undefined, maxBytes: number): Promise<Answer | undefined> {
    if (this.down !== undefined) return undefined;
    if (this.running >= this.concurrency) await new Promise<void>((wake) => this.waiting.push(wake));
    if (this.down !== undefined) return undefined;
    this.running++;
    try {
      this.stats.requests++;
      return await this.send(method, path, body, maxBytes);
    } catch (error) {
      this.turnOff(describeFailure(error, this.timeoutMs));
      return undefined;
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private send(method: 'GET' | 'PUT', path: string, body: Buffer | undefined, maxBytes: number): Promise<Answer> {
    const target = new URL(path, this.base);
    const headers: Record<string, string | number> = {};
    if (this.options.header !== undefined) headers[this.options.header.name] = this.options.header.value;
    if (body !== undefined) {
      headers['content-length'] = body.length;
      headers['content-type'] = 'application/octet-stream';
    }
    const request = (this.base.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method, headers, agent: this.agent });
    return new Promise<Answer>((resolve, reject) => {
      const handle = { destroy: (error: Error) => request.destroy(error) };
      this.inFlight.add(handle);
      const timer = setTimeout(() => request.destroy(new TimeoutError()), this.timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        this.inFlight.delete(handle);
      };
      request.on('error', (error) => {
        settle();
        reject(error);
      });
      request.on('response', (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          request.destroy(new Error(`it answered HTTP ${status} (a redirect, which docsc does not follow)`));
          return;
        }
        const announced = Number(response.headers['content-length'] ?? 0);
        if (announced > maxBytes) {
          request.destroy(new Error(`it sent an answer of ${announced} bytes, over the limit of ${maxBytes}`));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          this.stats.bytesDown += chunk.length;
          if (received > maxBytes) request.destroy(new Error(`it sent an answer over the limit of ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', (error) => {
          settle();
          reject(error);
        });
        response.on('end', () => {
          settle();
          if (!response.complete) reject(new Error('its answer was cut short'));
          else resolve({ status, body: Buffer.concat(chunks) });
        });
      });
      request.end(body);
    });
  }
}

class TimeoutError extends Error {}

/** A failed request in a few words: never the request's headers. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof TimeoutError) return `no answer within ${timeoutMs / 1000} s`;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its host name was not found';
  if (code === 'ECONNRESET') return 'the connection was reset';
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0] ?? message;
}

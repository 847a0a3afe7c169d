// Downloads a hosted OpenAPI document within limits: one timeout for the
// whole exchange (redirects and body included), a cap on the body size that
// stops reading past it — counted after decompression, so a gzip bomb stops
// at the cap too —, and redirects followed by hand so that every hop is
// checked to be http(s). Every hop's host must resolve to public addresses
// only: loopback, private, link-local (cloud metadata at 169.254.169.254),
// unspecified, multicast and reserved addresses are refused, IPv4 and IPv6,
// checked on the addresses the connection really uses (the `lookup` hook), so
// a name that resolves to 127.0.0.1 is refused like the literal.
// `allowPrivate` (the `--allow-private-urls` flag, or
// DOCSC_ALLOW_PRIVATE_URLS=1) lifts that check for local development.
// Never throws: a failure comes back as a reason that names what went wrong,
// for a diagnostic.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ALLOW_PRIVATE_URLS_ENV, privateUrlsAllowedByEnv } from './allow-private-urls.js';
import { isHttpUrl } from './spec-names.js';

export { isHttpUrl };

export interface FetchLimits {
  timeoutMs: number;
  /** The most bytes of document read, after decompression. */
  maxBytes: number;
  maxRedirects: number;
  /** Allow loopback, private and link-local addresses (local development). */
  allowPrivate?: boolean;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 30_000,
  maxBytes: 50 * 1024 * 1024,
  maxRedirects: 5,
};

export type FetchResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/** Fails with this reason, caught by `fetchDocument`. */
class FetchFailure extends Error {}

/** Which addresses are refused: `refusedRange` (tests narrow it to reach a loopback server). */
export type AddressPolicy = (address: string) => string | undefined;

export async function fetchDocument(url: string, limits: FetchLimits, policy: AddressPolicy = refusedRange): Promise<FetchResult> {
  const refuse: AddressPolicy | undefined = (limits.allowPrivate ?? privateUrlsAllowedByEnv()) ? undefined : policy;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await followRedirects(new URL(url), limits.maxRedirects, refuse, signal);
    return { ok: true, bytes: await readBody(response, limits.maxBytes, signal) };
  } catch (error) {
    return { ok: false, reason: describeFailure(error, limits) };
  }
}

async function followRedirects(start: URL, maxRedirects: number, refuse: AddressPolicy | undefined, signal: AbortSignal): Promise<IncomingMessage> {
  let url = start;
  for (let hops = 0; ; hops++) {
    if (refuse) refuseLiteralAddress(url, refuse);
    const response = await get(url, refuse, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!isRedirect(status) || location === undefined) {
      if (status < 200 || status > 299) {
        response.destroy();
        throw new FetchFailure(`the server answered HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`);
      }
      return response;
    }
    response.destroy();
    if (hops === maxRedirects) throw new FetchFailure(`more than ${maxRedirects} redirects`);
    url = redirectTarget(location, url);
  }
}

function get(url: URL, refuse: AddressPolicy | undefined, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      signal,
      headers: { accept: 'application/json, application/yaml, text/yaml, */*', 'accept-encoding': 'gzip, deflate, br' },
      ...(refuse ? { lookup: publicOnlyLookup(url.hostname, refuse) } : {}),
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** A `lookup` for `net.connect` that fails when the name resolves to any address docsc refuses. */
function publicOnlyLookup(shown: string, refuse: AddressPolicy) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { all: true, ...(typeof options.family === 'number' ? { family: options.family } : {}) }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((a) => refuse(a.address) !== undefined);
      if (refused) return callback(new FetchFailure(refusalReason(shown, refused.address, refuse)), '');
      const first = addresses[0];
      if (first === undefined) return callback(new FetchFailure(`\`${shown}\` resolved to no address`), '');
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** An IP literal in the URL never goes through `lookup`: check it here. */
function refuseLiteralAddress(url: URL, refuse: AddressPolicy): void {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0 && refuse(host) !== undefined) throw new FetchFailure(refusalReason(url.hostname, host, refuse));
}

function refusalReason(host: string, address: string, refuse: AddressPolicy): string {
  const shown = host === address || host === `[${address}]` ? `\`${host}\`` : `\`${host}\` (${address})`;
  return `${shown} is a ${refuse(address) ?? 'private'} address; docsc fetches only public addresses unless --allow-private-urls (or ${ALLOW_PRIVATE_URLS_ENV}=1) is given`;
}

const REFUSED: [kind: string, list: BlockList][] = (() => {
  const ranges: [string, string, number, 'ipv4' | 'ipv6'][] = [
    ['loopback', '127.0.0.0', 8, 'ipv4'],
    ['loopback', '::1', 128, 'ipv6'],
    ['unspecified', '0.0.0.0', 8, 'ipv4'],
    ['unspecified', '::', 128, 'ipv6'],
    ['link-local', '169.254.0.0', 16, 'ipv4'],
    ['link-local', 'fe80::', 10, 'ipv6'],
    ['private', '10.0.0.0', 8, 'ipv4'],
    ['private', '172.16.0.0', 12, 'ipv4'],
    ['private', '192.168.0.0', 16, 'ipv4'],
    ['private', '100.64.0.0', 10, 'ipv4'],
    ['private', 'fc00::', 7, 'ipv6'],
    ['private', 'fec0::', 10, 'ipv6'],
    ['reserved', '192.0.0.0', 24, 'ipv4'],
    ['reserved', '198.18.0.0', 15, 'ipv4'],
    ['reserved', '240.0.0.0', 4, 'ipv4'],
    ['multicast', '224.0.0.0', 4, 'ipv4'],
    ['multicast', 'ff00::', 8, 'ipv6'],
  ];
  const lists = new Map<string, BlockList>();
  for (const [kind, network, prefix, family] of ranges) {
    const list = lists.get(kind) ?? new BlockList();
    list.addSubnet(network, prefix, family);
    lists.set(kind, list);
  }
  return [...lists];
})();

/** The kind of range an address falls in when docsc refuses it (IPv4-mapped and NAT64 IPv6 by their IPv4 part). */
export function refusedRange(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const embedded = family === 6 ? embeddedIpv4(address) : undefined;
  if (embedded !== undefined) return refusedRange(embedded);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return REFUSED.find(([, list]) => list.check(address, type))?.[0];
}

/** The IPv4 address inside `::ffff:a.b.c.d`, `::a.b.c.d` or NAT64 `64:ff9b::a.b.c.d`, in either spelling. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:|::|64:ff9b::)(.+)$/.exec(lower);
  if (match === null || lower === '::' || lower === '::1') return undefined;
  const rest = match[1] ?? '';
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (hex === null) return undefined;
  const high = Number.parseInt(hex[1] ?? '0', 16);
  const low = Number.parseInt(hex[2] ?? '0', 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** The next hop: a valid http(s) URL, or a failure that names it. */
function redirectTarget(location: string, base: URL): URL {
  if (!URL.canParse(location, base)) throw new FetchFailure(`redirected to \`${location}\`, which is not a valid URL`);
  const target = new URL(location, base);
  if (!isHttpUrl(target)) throw new FetchFailure(`redirected to \`${target.href}\`, expected an http(s) URL`);
  return target;
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Reads the body, decompressed, chunk by chunk; stops as soon as it passes `maxBytes`. */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes && (encoding === '' || encoding === 'identity')) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const decoder = decoderFor(encoding);
  const stream = decoder ? response.pipe(decoder) : response;
  const chunks: Buffer[] = [];
  let total = 0;
  const abort = () => stream.destroy(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  } finally {
    signal.removeEventListener('abort', abort);
    response.destroy();
    decoder?.destroy();
  }
  return Buffer.concat(chunks, total);
}

function decoderFor(encoding: string) {
  if (encoding === '' || encoding === 'identity') return undefined;
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  throw new FetchFailure(`the server sent the document in an unsupported encoding \`${encoding}\``);
}

function tooLarge(maxBytes: number): FetchFailure {
  return new FetchFailure(`the document is larger than the limit of ${maxBytes} bytes`);
}

function describeFailure(error: unknown, limits: FetchLimits): string {
  if (error instanceof FetchFailure) return error.message;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no complete answer within ${formatSeconds(limits.timeoutMs)}`;
  }
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof FetchFailure) return cause.message;
    if (cause instanceof DOMException && cause.name === 'TimeoutError') return `no complete answer within ${formatSeconds(limits.timeoutMs)}`;
    if (error.name === 'AbortError') return `no complete answer within ${formatSeconds(limits.timeoutMs)}`;
    return cause instanceof Error && cause.message !== '' ? cause.message : error.message;
  }
  return String(error);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

// Downloads a hosted OpenAPI document with Node's global fetch, within limits:
// one timeout for the whole exchange (redirects and body included), a cap on
// the body size that stops reading past it, and redirects followed by hand so
// that every hop is checked to be http(s). Never throws: a failure comes back
// as a reason that names what went wrong, for a diagnostic.

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 30_000,
  maxBytes: 50 * 1024 * 1024,
  maxRedirects: 5,
};

export type FetchResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/** Fails with this reason, caught by `fetchDocument`. */
class FetchFailure extends Error {}

export function isHttpUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

export async function fetchDocument(url: string, limits: FetchLimits): Promise<FetchResult> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await followRedirects(new URL(url), limits.maxRedirects, signal);
    return { ok: true, bytes: await readBody(response, limits.maxBytes) };
  } catch (error) {
    return { ok: false, reason: describeFailure(error, limits) };
  }
}

async function followRedirects(start: URL, maxRedirects: number, signal: AbortSignal): Promise<Response> {
  let url = start;
  for (let hops = 0; ; hops++) {
    const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
    const location = response.headers.get('location');
    if (!isRedirect(response.status) || location === null) {
      if (!response.ok) throw new FetchFailure(`the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
      return response;
    }
    await response.body?.cancel();
    if (hops === maxRedirects) throw new FetchFailure(`more than ${maxRedirects} redirects`);
    url = redirectTarget(location, url);
  }
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

/** Reads the body chunk by chunk and stops as soon as it passes `maxBytes`. */
async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
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
    // undici wraps the network error (ECONNREFUSED, ENOTFOUND, …) as the cause of "fetch failed".
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error && cause.message !== '' ? cause.message : error.message;
  }
  return String(error);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

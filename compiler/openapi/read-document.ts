// Reading an OpenAPI document's bytes: a local file through the host (inside
// the docs root only), or an http(s) URL fetched within limits
// (fetch-document.ts). What cannot be read is reported where the
// configuration names the document.

import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.js';
import { MAX_FILE_BYTES, type ProjectHost, sourceFromBytes } from '../host/project-host.js';
import type { SourceFile } from '../source/source-file.js';
import type { FetchLimits } from './fetch-document.js';
import { onFirstUse } from './load-on-first-use.js';
import type { LoadOptions } from './load-openapi.js';
import { isHttpUrl } from './spec-names.js';

// A local document does not pay for the network modules.
const fetchModule = onFirstUse(() => import('./fetch-document.js'));

export async function readDocument(
  source: string,
  host: ProjectHost,
  options: LoadOptions,
  bag: DiagnosticBag,
): Promise<{ key: string; file: SourceFile } | undefined> {
  const whole: Place = options.at ?? { file: source };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(source)?.[1];
  if (scheme !== undefined) return fetchHosted(source, scheme, options, bag);
  const path = host.normalize(source);
  if (path === undefined) {
    bag.report('file/outside-root', whole, { path: source });
    return undefined;
  }
  const result = host.read(path);
  if (result.ok) return { key: path, file: sourceFromBytes(path, result.bytes, bag, host.hashOf(path)) };
  if (result.failure === 'not-found') bag.report('openapi/not-found', whole, { path: source });
  else if (result.failure === 'outside-root') bag.report('file/outside-root', whole, { path: source });
  else if (result.failure === 'too-large') bag.report('file/too-large', whole, { path: source, size: result.reason, limit: MAX_FILE_BYTES });
  else bag.report('file/unreadable', whole, { path: source, reason: result.reason });
  return undefined;
}

async function fetchHosted(
  url: string,
  scheme: string,
  options: LoadOptions,
  bag: DiagnosticBag,
): Promise<{ key: string; file: SourceFile } | undefined> {
  const whole: Place = options.at ?? { file: url };
  if (!URL.canParse(url) || !isHttpUrl(new URL(url))) {
    bag.report('openapi/url-scheme', whole, { scheme: `${scheme}:`, url });
    return undefined;
  }
  const { DEFAULT_FETCH_LIMITS, fetchDocument } = await fetchModule();
  const limits: FetchLimits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_LIMITS.timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects,
    ...(options.allowPrivate === undefined ? {} : { allowPrivate: options.allowPrivate }),
  };
  const result = await fetchDocument(url, limits);
  if (!result.ok) {
    bag.report('openapi/fetch-failed', whole, { url, reason: result.reason });
    return undefined;
  }
  return { key: url, file: sourceFromBytes(url, result.bytes, bag) };
}

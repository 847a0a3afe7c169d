// Code samples of an operation: its `x-codeSamples` (or `x-code-samples`)
// first, as written, then one per configured language generated from an
// example request — the first server, example values of required parameters
// (all of them with `api.examples.defaults: all`), the example body, and
// placeholders (never real values) for credentials. cURL, JavaScript,
// Python, Go, Java and PHP are written by request-samples.ts, the code the
// playground runs to rewrite them live (marked `data-generated="<name>"`);
// other languages by @readme/httpsnippet. Samples are part of the page body,
// so they are cached with it by operation slice.

import { createRequire } from 'node:module';
import type { HTTPSnippet } from '@readme/httpsnippet';
import { asRecord } from '../openapi/json-pointer.js';
import type { ApiSettings } from './api-settings.js';
import { exampleText, mediaExamples, sampleSchema } from './media-examples.js';
import { requestSample, SAMPLE_LANGUAGES, type SampleLanguage, type SampleRequest } from './request-samples.js';
import { asArray, type Json, type RefResolver, stringOf } from './resolve-ref.js';
import type { SecurityScheme } from './security-schemes.js';

const require = createRequire(import.meta.url);

export interface CodeSample {
  label: string;
  /** A highlighting language name: `bash`, `javascript`, `python`, … */
  language: string;
  source: string;
  /** Made by docsc from the operation, not written in the document; a request-samples.ts language when the playground rewrites it. */
  generated?: SampleLanguage | true;
}

/** Languages docsc generates, by the names `api.examples.languages` may use. */
const TARGETS: Record<string, { label: string; language: string; target: string; client: string }> = {
  curl: { label: 'cURL', language: 'bash', target: 'shell', client: 'curl' },
  javascript: { label: 'JavaScript', language: 'javascript', target: 'javascript', client: 'fetch' },
  node: { label: 'Node.js', language: 'javascript', target: 'node', client: 'fetch' },
  python: { label: 'Python', language: 'python', target: 'python', client: 'requests' },
  go: { label: 'Go', language: 'go', target: 'go', client: 'native' },
  java: { label: 'Java', language: 'java', target: 'java', client: 'okhttp' },
  php: { label: 'PHP', language: 'php', target: 'php', client: 'curl' },
  ruby: { label: 'Ruby', language: 'ruby', target: 'ruby', client: 'native' },
  csharp: { label: 'C#', language: 'csharp', target: 'csharp', client: 'httpclient' },
  swift: { label: 'Swift', language: 'swift', target: 'swift', client: 'urlsession' },
  kotlin: { label: 'Kotlin', language: 'kotlin', target: 'kotlin', client: 'okhttp' },
  powershell: { label: 'PowerShell', language: 'powershell', target: 'powershell', client: 'webrequest' },
};
const ALIASES: Record<string, string> = { bash: 'curl', shell: 'curl', sh: 'curl', js: 'javascript', py: 'python', golang: 'go', 'c#': 'csharp' };

export const DEFAULT_LANGUAGES = ['curl', 'javascript', 'python', 'go', 'java', 'php'];

/** A HAR request, the shape httpsnippet reads. */
export interface HarRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  queryString: { name: string; value: string }[];
  cookies: { name: string; value: string }[];
  postData?: { mimeType: string; text?: string; params?: { name: string; value: string }[] };
}

export interface SampleInput {
  method: string;
  path: string;
  server: string | undefined;
  operation: Json;
  parameters: Json[];
  requestBody: Json | undefined;
  /** The first alternative of the effective security requirement. */
  schemes: SecurityScheme[];
}

export function codeSamples(input: SampleInput, settings: ApiSettings, resolver: RefResolver): CodeSample[] {
  const written = [...asArray(input.operation['x-codeSamples']), ...asArray(input.operation['x-code-samples'])].flatMap((entry) => {
    const sample = asRecord(entry);
    const source = stringOf(sample?.source);
    if (!sample || source === undefined) return [];
    const lang = stringOf(sample.lang) ?? 'text';
    return [{ label: stringOf(sample.label) ?? lang, language: lang.toLowerCase(), source }];
  });
  if (!settings.autogenerate) return written;
  const placeholders: string[] = [];
  const har = exampleRequest(input, settings, resolver, placeholders);
  const unencode = (source: string) => placeholders.reduce((text, p) => text.split(p).join(decodeURIComponent(p)), source);
  let snippet: HTTPSnippet;
  try {
    // Loaded on first use: a build whose API pages all come from the cache does not load it.
    const { HTTPSnippet } = require('@readme/httpsnippet') as typeof import('@readme/httpsnippet');
    snippet = new HTTPSnippet({ ...har, httpVersion: 'HTTP/1.1', headersSize: -1, bodySize: -1 } as never);
  } catch {
    return written;
  }
  const generated = settings.languages.flatMap((name): CodeSample[] => {
    const key = ALIASES[name.toLowerCase()] ?? name.toLowerCase();
    const target = TARGETS[key];
    if (!target) return [];
    if ((SAMPLE_LANGUAGES as readonly string[]).includes(key)) {
      const source = requestSample(sampleRequest(har), key as SampleLanguage);
      return [{ label: target.label, language: target.language, source: unencode(source), generated: key as SampleLanguage }];
    }
    try {
      const out = snippet.convert(target.target as never, target.client);
      const source = Array.isArray(out) ? out[0] : out;
      return typeof source === 'string' ? [{ label: target.label, language: target.language, source: unencode(source), generated: true }] : [];
    } catch {
      return [];
    }
  });
  return [...written, ...generated];
}

/** A HAR request as request-samples.ts reads it: the query in the URL, encoded as the playground encodes it. */
export function sampleRequest(har: HarRequest): SampleRequest {
  const query = har.queryString.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const multipart = har.postData !== undefined && /multipart\//i.test(har.postData.mimeType);
  const headers = har.headers.filter((h) => !(multipart && h.name.toLowerCase() === 'content-type')).map((h): [string, string] => [h.name, h.value]);
  const request: SampleRequest = {
    method: har.method,
    url: query ? `${har.url}?${query}` : har.url,
    headers,
    cookies: har.cookies.map((c): [string, string] => [c.name, c.value]),
  };
  const post = har.postData;
  if (post?.params) request.body = { type: post.mimeType, pairs: post.params.map((p): [string, string] => [p.name, p.value]) };
  else if (post?.text !== undefined) request.body = { type: post.mimeType, text: post.text };
  return request;
}

/** The request a sample shows: example values, credential placeholders. */
export function exampleRequest(input: SampleInput, settings: ApiSettings, resolver: RefResolver, placeholders: string[] = []): HarRequest {
  let path = input.path;
  const queryString: HarRequest['queryString'] = [];
  const headers: HarRequest['headers'] = [];
  const cookies: HarRequest['cookies'] = [];
  for (const parameter of input.parameters) {
    const name = stringOf(parameter.name);
    if (name === undefined) continue;
    const required = parameter.required === true || parameter.in === 'path';
    if (!required && settings.defaults === 'required') continue;
    if (parameter.in === 'path') {
      // A path parameter without a documented value stays a `{name}` placeholder (httpsnippet's encoding undone below).
      const value = parameterExample(parameter, resolver, false);
      path = path.split(`{${name}}`).join(value === undefined ? `%7B${encodeURIComponent(name)}%7D` : encodeURIComponent(value));
      if (value === undefined) placeholders.push(`%7B${encodeURIComponent(name)}%7D`);
      continue;
    }
    const value = parameterExample(parameter, resolver, required);
    if (value === undefined) continue; // optional, and the document gives no value: generated noise would mislead
    if (parameter.in === 'query') queryString.push({ name, value });
    else if (parameter.in === 'header') headers.push({ name, value });
    else if (parameter.in === 'cookie') cookies.push({ name, value });
  }
  for (const scheme of input.schemes) {
    if (scheme.kind === 'apiKey' && scheme.in === 'header') headers.push({ name: scheme.paramName, value: '<api-key>' });
    else if (scheme.kind === 'apiKey' && scheme.in === 'query') queryString.push({ name: scheme.paramName, value: '<api-key>' });
    else if (scheme.kind === 'apiKey' && scheme.in === 'cookie') cookies.push({ name: scheme.paramName, value: '<api-key>' });
    else if (scheme.kind === 'basic') headers.push({ name: 'Authorization', value: 'Basic <base64(username:password)>' });
    else if (scheme.kind === 'bearer' || scheme.kind === 'oauth2' || scheme.kind === 'openIdConnect')
      headers.push({ name: 'Authorization', value: 'Bearer <token>' });
  }
  const base = (input.server ?? '').replace(/\/+$/, '');
  const url = /^https?:\/\//i.test(base) ? `${base}${path}` : `https://api.example.com${base.startsWith('/') ? base : ''}${path}`;
  const har: HarRequest = { method: input.method.toUpperCase(), url, headers, queryString, cookies };
  const content = asRecord(input.requestBody?.content);
  const [mimeType, media] = Object.entries(content ?? {})[0] ?? [];
  if (mimeType !== undefined) {
    headers.push({ name: 'Content-Type', value: mimeType });
    const example = mediaExamples(asRecord(media), 'request', resolver)[0]?.value;
    if (/form-urlencoded|multipart\/form-data/.test(mimeType) && asRecord(example)) {
      const params = Object.entries(example as Json).map(([name, value]) => ({
        name,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      }));
      har.postData = { mimeType, params };
    } else if (example !== undefined) har.postData = { mimeType, text: exampleText(example, 4000) };
  }
  return har;
}

/** A parameter's example as text: `example`, the first of `examples`, the schema's example, default or enum, else a sample (unless `sample` is false). */
export function parameterExample(parameter: Json, resolver: RefResolver): string;
export function parameterExample(parameter: Json, resolver: RefResolver, sample: boolean): string | undefined;
export function parameterExample(parameter: Json, resolver: RefResolver, sample = true): string | undefined {
  const schema = asRecord(resolver.resolve(parameter.schema)) ?? {};
  const named = Object.values(asRecord(parameter.examples) ?? {})
    .map((e) => asRecord(resolver.resolve(e))?.value)
    .find((v) => v !== undefined);
  const value =
    parameter.example ??
    named ??
    schema.example ??
    asArray(schema.examples)[0] ??
    schema.default ??
    asArray(schema.enum)[0] ??
    (sample ? sampleSchema(parameter.schema, 'request', resolver) : undefined);
  if (value === undefined || value === null) return sample ? (stringOf(parameter.name) ?? 'value') : undefined;
  return typeof value === 'string' ? value : Array.isArray(value) ? value.map(String).join(',') : JSON.stringify(value);
}

// The code samples of compiler/reference/request-samples.ts (the build's and
// the playground's) with hostile values — quotes of every kind, backslashes,
// `$` and `{$…}`, line breaks, tabs, control characters, U+2028, emoji, a
// lone surrogate, `\u000a` as text — in the header, query, JSON and text
// bodies and form fields. Each sample is run where a tool exists: bash with
// a `curl` function that prints its arguments, JavaScript with a stub
// `fetch`, python3 with a stub `requests` module, javac/java with stub OkHttp
// classes; Go and PHP literals are decoded by the rules of their language
// specifications (no toolchain in CI). What arrives must be the values,
// unchanged.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  goString,
  javaString,
  jsString,
  phpString,
  pyString,
  requestSample,
  type SampleLanguage,
  type SampleRequest,
} from '../compiler/reference/request-samples.js';

const HOSTILE = `it's "q" \\ back\\slash \\n $HOME {$x} \${y} \`tick\` <?php ?> */ \\u000a %s\nline 2\r\n\ttab \x01\x07\x1b\x7f \u2028 é 😀 EOF`;
const URL_BASE = 'https://api.example.com/v1/items';

const REQUESTS: Record<string, SampleRequest> = {
  json: {
    method: 'POST',
    url: `${URL_BASE}?q=${encodeURIComponent(HOSTILE)}`,
    headers: [
      ['X-Hostile', HOSTILE],
      ['Authorization', 'Bearer <token>'],
      ['Content-Type', 'application/json'],
    ],
    cookies: [['session', 'a"b']],
    body: {
      type: 'application/json',
      text: `{\n  "note": ${JSON.stringify(HOSTILE)},\n  "big": 12345678901234567890,\n  "ok": true,\n  "none": null,\n  "list": [1.5e3, "a\\"b\\/c"]\n}`,
    },
  },
  text: { method: 'PUT', url: URL_BASE, headers: [['Content-Type', 'text/plain']], cookies: [], body: { type: 'text/plain', text: `@${HOSTILE}` } },
  urlencoded: {
    method: 'PATCH',
    url: URL_BASE,
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    cookies: [],
    body: { type: 'application/x-www-form-urlencoded', pairs: [[`na=me&${HOSTILE}`, HOSTILE]] },
  },
  multipart: {
    method: 'POST',
    url: URL_BASE,
    headers: [],
    cookies: [],
    body: { type: 'multipart/form-data', pairs: [[HOSTILE, `@${HOSTILE}`]], files: ['upload'] },
  },
  get: { method: 'GET', url: URL_BASE, headers: [], cookies: [], body: undefined as never },
};
delete (REQUESTS.get as { body?: unknown }).body;

const sample = (name: string, language: SampleLanguage) => requestSample(REQUESTS[name] as SampleRequest, language);
const formText = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

test('string literals: every escape each language needs, lone surrogates replaced', () => {
  assert.is(jsString(`a'b\\c\n\u2028`), `'a\\'b\\\\c\\n\\u2028'`);
  assert.is(pyString('a"b\\c\x01'), '"a\\"b\\\\c\\x01"');
  assert.is(goString('a"b\\c\x7f'), '"a\\"b\\\\c\\x7f"');
  assert.is(javaString('a"b\\c\x01\n'), '"a\\"b\\\\c\\001\\n"', 'octal, never \\u (Java reads those before the literal)');
  assert.is(phpString('a"b\\c$x{$y}\x1b'), '"a\\"b\\\\c\\$x{\\$y}\\e"');
  for (const quote of [jsString, pyString, goString, javaString, phpString]) assert.is(quote('\ud800x'), quote('\ufffdx'));
});

test('cURL: bash receives exactly the values', () => {
  const args = (name: string) => {
    const script = `curl() { printf '%s\\0' "$@"; }\n${sample(name, 'curl')}`;
    return execFileSync('bash', ['-c', script]).toString('utf8').split('\0').slice(0, -1);
  };
  const json = args('json');
  assert.equal(json.slice(0, 4), ['--request', 'POST', '--url', (REQUESTS.json as SampleRequest).url]);
  assert.ok(json.includes(`X-Hostile: ${HOSTILE}`));
  assert.ok(json.includes('session=a"b'));
  assert.is(json.at(-1), REQUESTS.json?.body?.text);
  const text = args('text');
  assert.equal(text.slice(-2), ['--data-raw', `@${HOSTILE}`], 'a body starting with @ is not a file name');
  assert.equal(args('urlencoded').slice(-2), ['--data-urlencode', `${encodeURIComponent(`na=me&${HOSTILE}`)}=${HOSTILE}`]);
  assert.equal(args('multipart').slice(-4), ['--form-string', `${HOSTILE}=@${HOSTILE}`, '--form', 'upload=@file']);
});

test('JavaScript: fetch receives exactly the values', () => {
  const run = (name: string) => {
    const calls: { url: string; options: Record<string, unknown> }[] = [];
    const fetch = (url: string, options: Record<string, unknown>) => {
      calls.push({ url, options });
      return new Promise(() => {}); // never settles: the sample's handlers do not run
    };
    new Function('fetch', sample(name, 'javascript'))(fetch);
    return calls[0] as { url: string; options: Record<string, unknown> };
  };
  const json = run('json');
  assert.is(json.url, REQUESTS.json?.url);
  const headers = json.options.headers as Record<string, string>;
  assert.is(headers['X-Hostile'], HOSTILE);
  assert.is(headers.Cookie, 'session=a"b');
  assert.equal(JSON.parse(json.options.body as string), JSON.parse(REQUESTS.json?.body?.text as string));
  assert.is(run('text').options.body, `@${HOSTILE}`);
  assert.is(String(run('urlencoded').options.body), formText([[`na=me&${HOSTILE}`, HOSTILE]]));
  const form = run('multipart').options.body as FormData;
  assert.is(form.get(HOSTILE), `@${HOSTILE}`);
  assert.ok(form.get('upload') instanceof Blob, 'the sample defines the file it uploads');
  assert.is(run('get').options.method, 'GET');
});

test('Python: requests receives exactly the values', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-py-'));
  try {
    writeFileSync(
      join(dir, 'requests.py'),
      [
        'import json, sys',
        'def request(method, url, **kw):',
        '    files = kw.pop("files", None)',
        '    data = kw.get("data")',
        '    if isinstance(data, list): kw["data"] = [list(p) for p in data]',
        '    sys.stdout.write(json.dumps({"method": method, "url": url, "files": sorted(files) if files else None, **kw}))',
        '    class R: text = ""',
        '    return R()',
        ...['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].map(
          (m) => `def ${m}(url, **kw): return request(${JSON.stringify(m.toUpperCase())}, url, **kw)`,
        ),
      ].join('\n'),
    );
    writeFileSync(join(dir, 'file'), '');
    const output = (name: string) => {
      const code = sample(name, 'python').replace(/\nprint\(response\.text\)$/, '');
      return execFileSync('python3', ['-c', code], { cwd: dir, env: { ...process.env, PYTHONPATH: dir } }).toString();
    };
    const run = (name: string) => JSON.parse(output(name));
    assert.match(output('json'), '"big": 12345678901234567890,', 'numbers are kept as written');
    const json = run('json');
    assert.is(json.method, 'POST');
    assert.is(json.url, REQUESTS.json?.url);
    assert.is(json.headers['X-Hostile'], HOSTILE);
    assert.is(json.json.note, HOSTILE);
    assert.equal(json.json.list, [1500, 'a"b/c']);
    assert.is(json.json.none, null);
    assert.is(run('text').data, `@${HOSTILE}`);
    assert.equal(run('urlencoded').data, { [`na=me&${HOSTILE}`]: HOSTILE });
    const multipart = run('multipart');
    assert.equal(multipart.data, { [HOSTILE]: `@${HOSTILE}` });
    assert.equal(multipart.files, ['upload']);
    assert.is(run('get').method, 'GET');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Java: OkHttp receives exactly the values (javac and stub classes)', () => {
  const names = Object.keys(REQUESTS);
  const stubs = `
  static java.util.List<String> log = new java.util.ArrayList<>();
  static void note(String s) { StringBuilder b = new StringBuilder(); for (char c : s.toCharArray()) b.append((int) c).append(','); log.add(b.toString()); }
  static class MediaType { static MediaType parse(String s) { note(s); return new MediaType(); } }
  static class RequestBody {
    static RequestBody create(MediaType t, String s) { note(s); return new RequestBody(); }
    static RequestBody create(MediaType t, byte[] s) { return new RequestBody(); }
    static RequestBody create(MediaType t, java.io.File f) { return new RequestBody(); }
  }
  static class FormBody extends RequestBody { static class Builder {
    Builder add(String k, String v) { note(k); note(v); return this; } FormBody build() { return new FormBody(); } } }
  static class MultipartBody extends RequestBody { static String FORM = "form"; static class Builder {
    Builder setType(String t) { return this; }
    Builder addFormDataPart(String k, String v) { note(k); note(v); return this; }
    Builder addFormDataPart(String k, String f, RequestBody b) { note(k); return this; }
    MultipartBody build() { return new MultipartBody(); } } }
  static class Request { static class Builder {
    Builder url(String u) { note(u); return this; }
    Builder get() { note("GET"); return this; } Builder head() { return this; } Builder delete() { return this; }
    Builder post(RequestBody b) { note("POST"); return this; } Builder put(RequestBody b) { note("PUT"); return this; }
    Builder patch(RequestBody b) { note("PATCH"); return this; } Builder delete(RequestBody b) { return this; }
    Builder method(String m, RequestBody b) { note(m); return this; }
    Builder addHeader(String k, String v) { note(k); note(v); return this; }
    Request build() { return new Request(); } } }
  static class Response {}
  static class Call { Response execute() { return new Response(); } }
  static class OkHttpClient { Call newCall(Request r) { return new Call(); } }
  static class File extends java.io.File { File(String s) { super(s); } }`;
  const methods = names.map((name, i) => `static void sample${i}() throws Exception {\n${sample(name, 'java')}\n}`).join('\n');
  const main = `public static void main(String[] a) throws Exception {\n${names.map((_, i) => `sample${i}(); System.out.println(String.join(";", log)); log.clear();`).join('\n')}\n}`;
  const dir = mkdtempSync(join(tmpdir(), 'docsc-java-'));
  try {
    writeFileSync(join(dir, 'Samples.java'), `public class Samples {\n${stubs}\n${methods}\n${main}\n}\n`, 'utf8');
    execFileSync('javac', ['-encoding', 'UTF-8', '-nowarn', 'Samples.java'], { cwd: dir, stdio: 'pipe' });
    const lines = execFileSync('java', ['-cp', dir, 'Samples']).toString().trim().split('\n');
    const decoded = lines.map((line) =>
      line.split(';').map((s) =>
        String.fromCharCode(
          ...s
            .split(',')
            .filter(Boolean)
            .map((n) => Number(n)),
        ),
      ),
    );
    const [json, text, urlencoded, multipart, get] = decoded as string[][];
    assert.ok(json?.includes(HOSTILE) && json.includes('X-Hostile') && json.includes(REQUESTS.json?.url as string));
    assert.ok(json?.includes(REQUESTS.json?.body?.text as string));
    assert.ok(json?.includes('session=a"b'));
    assert.ok(text?.includes(`@${HOSTILE}`));
    assert.ok(urlencoded?.includes(`na=me&${HOSTILE}`) && urlencoded.includes(HOSTILE));
    assert.ok(multipart?.includes(`@${HOSTILE}`) && multipart.includes('upload'));
    assert.ok(get?.includes('GET'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Every double-quoted literal in a Go or PHP sample, decoded; raw line breaks inside one, or PHP interpolation, fail the test. */
function literals(code: string, decode: (body: string) => string, language: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < code.length; i++) {
    if (code[i] !== '"') continue;
    let j = i + 1;
    while (j < code.length && code[j] !== '"') j += code[j] === '\\' ? 2 : 1;
    const body = code.slice(i + 1, j);
    assert.not.match(body, /[\n\r]/, `${language}: a line break inside a literal`);
    found.push(decode(body));
    i = j;
  }
  return found;
}

const GO_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"' };
/** Go interpreted string literals (the spec's escapes; `\x` bytes are ASCII here). */
function decodeGo(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{3}|.)/g, (_, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]{3}$/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    const c = GO_ESCAPES[e];
    if (c === undefined) throw new Error(`Go: unknown escape \\${e}`);
    return c;
  });
}

const PHP_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', v: '\v', e: '\x1b', f: '\f', '\\': '\\', $: '$', '"': '"' };
/** PHP double-quoted strings; an unescaped `$` would interpolate. */
function decodePhp(body: string): string {
  assert.not.match(body.replace(/\\./g, ''), '$', 'PHP: an unescaped $ interpolates');
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (whole, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return PHP_ESCAPES[e] ?? whole;
  });
}

test('Go: literals decode to exactly the values', () => {
  const json = literals(sample('json', 'go'), decodeGo, 'Go');
  for (const value of [REQUESTS.json?.url, 'X-Hostile', HOSTILE, REQUESTS.json?.body?.text, 'session=a"b', 'POST'])
    assert.ok(json.includes(value as string), String(value));
  assert.ok(literals(sample('text', 'go'), decodeGo, 'Go').includes(`@${HOSTILE}`));
  assert.ok(literals(sample('urlencoded', 'go'), decodeGo, 'Go').includes(formText([[`na=me&${HOSTILE}`, HOSTILE]])));
  const multipart = sample('multipart', 'go');
  assert.ok(literals(multipart, decodeGo, 'Go').includes(`@${HOSTILE}`));
  assert.match(multipart, '"os"', 'os is imported for the file');
  assert.not.match(sample('get', 'go'), '"strings"', 'no unused import');
});

test('PHP: literals decode to exactly the values, nothing interpolated', () => {
  const json = literals(sample('json', 'php'), decodePhp, 'PHP');
  for (const value of [REQUESTS.json?.url, `X-Hostile: ${HOSTILE}`, REQUESTS.json?.body?.text, 'session=a"b', 'POST'])
    assert.ok(json.includes(value as string), String(value));
  assert.ok(literals(sample('text', 'php'), decodePhp, 'PHP').includes(`@${HOSTILE}`));
  assert.ok(literals(sample('urlencoded', 'php'), decodePhp, 'PHP').includes(formText([[`na=me&${HOSTILE}`, HOSTILE]])));
  const multipart = literals(sample('multipart', 'php'), decodePhp, 'PHP');
  assert.ok(multipart.includes(HOSTILE) && multipart.includes(`@${HOSTILE}`));
});

test.run();

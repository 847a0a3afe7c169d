// Hostile inputs to every parser, through `check()` as a user runs it: YAML
// alias bombs, 20,000-deep YAML, 100,000-deep JSON, `__proto__` and `<<`
// keys, invalid UTF-8, 50 MB files. Each run ends (bounded time), never
// throws, pollutes no prototype, and says what it refused with a diagnostic
// of the file. The repositories are written to temp folders at run time
// (50 MB files are not committed).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CheckResult, check } from '../compiler/check.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';
import { compilePage } from '../compiler/render/compile-page.js';

const MB = 1024 * 1024;
const base = { name: 'P', colors: { primary: '#000000' } };

interface Case {
  files: Record<string, string | Buffer>;
  /** docs.json's navigation; default: one group with `index`. */
  openapi?: string;
}

async function run({ files, openapi }: Case): Promise<{ result: CheckResult; ms: number }> {
  const root = mkdtempSync(join(tmpdir(), 'docsc-parsers-'));
  try {
    const groups = [{ group: 'G', pages: ['index'] }, ...(openapi ? [{ group: 'A', openapi }] : [])];
    const all: Record<string, string | Buffer> = {
      'docs.json': JSON.stringify({ ...base, navigation: { groups } }),
      'index.mdx': '# Hi\n',
      ...files,
    };
    for (const [path, text] of Object.entries(all)) writeFileSync(join(root, path), text);
    const started = performance.now();
    const result = await check({ root, threads: 1 });
    return { result, ms: performance.now() - started };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function only(result: CheckResult, code: string, file: string): Diagnostic {
  const found = result.diagnostics.filter((d) => d.code === code && d.file === file);
  assert.ok(
    found.length >= 1,
    `expected ${code} in ${file}, got:\n${result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`,
  );
  return found[0] as Diagnostic;
}

function assertNoPollution(): void {
  assert.is(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was polluted');
  assert.not.ok(Object.hasOwn(Object.prototype, 'polluted'));
  assert.is(Object.getPrototypeOf({}), Object.prototype);
}

const spec = (extra: string) => `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n${extra}`;

/** Nine levels of ten-fold aliases: 10^9 values if expanded. */
function aliasBomb(indent: string): string {
  let text = `${indent}a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n`;
  for (let i = 1; i < 9; i++)
    text += `${indent}a${i}: &a${i} [${Array(10)
      .fill(`*a${i - 1}`)
      .join(', ')}]\n`;
  return text;
}

const deepFlow = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepMap = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

// ---------------------------------------------------------------------------
// YAML

test('a YAML alias bomb in frontmatter is refused at the limit', async () => {
  const { result, ms } = await run({ files: { 'index.mdx': `---\n${aliasBomb('')}title: x\n---\n# hi\n` } });
  const d = only(result, 'page/frontmatter-alias-limit', 'index.mdx');
  assert.ok(d.line >= 1 && d.column >= 1);
  assert.ok(ms < 60_000, `${ms} ms`);
});

test('a YAML alias bomb in an OpenAPI document is refused at the limit', async () => {
  const { result, ms } = await run({ files: { 'api.yaml': spec(`x-bomb:\n${aliasBomb('  ')}`) }, openapi: 'api.yaml' });
  only(result, 'openapi/alias-limit', 'api.yaml');
  assert.ok(ms < 60_000, `${ms} ms`);
});

test('20,000-deep YAML in frontmatter and in OpenAPI: a bounded error, no crash', async () => {
  const fm = await run({ files: { 'index.mdx': `---\ntitle: x\nd: ${deepFlow(20_000)}\n---\n# hi\n` } });
  assert.match(only(fm.result, 'page/frontmatter-syntax', 'index.mdx').message, 'nesting is too deep');
  const oa = await run({ files: { 'api.yaml': spec(`x-d: ${deepFlow(20_000)}\n`) }, openapi: 'api.yaml' });
  assert.match(only(oa.result, 'openapi/syntax', 'api.yaml').message, 'Nesting too deep');
  const block = await run({ files: { 'api.yaml': spec(`x-d:\n  ${'- '.repeat(20_000)}x\n`) }, openapi: 'api.yaml' });
  assert.ok(block.result.diagnostics.some((d) => d.file === 'api.yaml' && /openapi\/(syntax|too-deep)/.test(d.code)));
});

test('`__proto__`, `constructor` and `<<` keys in frontmatter and OpenAPI YAML pollute nothing', async () => {
  const page = `---\ntitle: x\n__proto__: {polluted: yes}\nbase: &b {polluted: yes}\nm:\n  <<: *b\n  __proto__: {polluted: yes}\nconstructor: {prototype: {polluted: yes}}\n---\n# hi\n`;
  const doc = spec(
    '__proto__: {polluted: yes}\nx-m:\n  <<: {polluted: yes}\n  __proto__: {polluted: yes}\ncomponents:\n  schemas:\n    __proto__: {type: object, properties: {polluted: {type: string}}}\n    constructor: {type: object}\n',
  );
  const { result } = await run({ files: { 'index.mdx': page, 'api.yaml': doc }, openapi: 'api.yaml' });
  assertNoPollution();
  assert.not.ok(
    result.diagnostics.some((d) => d.file === 'index.mdx' && d.severity === 'error'),
    'frontmatter with such keys is still read',
  );
});

// ---------------------------------------------------------------------------
// JSON

test('100,000-deep JSON in docs.json and in an OpenAPI document: one bounded error', async () => {
  const docs = await run({ files: { 'docs.json': `{"name": "P", "navigation": ${deepMap(100_000)}}` } });
  only(docs.result, 'json/too-deep', 'docs.json');
  const arrays = await run({ files: { 'docs.json': `{"name": "P", "x": ${deepFlow(100_000)}}` } });
  only(arrays.result, 'json/too-deep', 'docs.json');
  const oa = await run({
    files: { 'api.json': `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},"x-d":${deepFlow(100_000)}}` },
    openapi: 'api.json',
  });
  only(oa.result, 'openapi/too-deep', 'api.json');
});

test('`__proto__` and `constructor` keys in docs.json and OpenAPI JSON pollute nothing', async () => {
  const config = `{"name": "P", "colors": {"primary": "#000000"}, "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "navigation": {"__proto__": {"polluted": true}, "groups": [{"group": "G", "pages": ["index"], "__proto__": {"polluted": true}}, {"group": "A", "openapi": "api.json"}]}}`;
  const doc = `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"__proto__":{"polluted":1},"paths":{"/a":{"__proto__":{"polluted":1},"get":{"summary":"A","responses":{"200":{"description":"ok"}}}}},"components":{"schemas":{"__proto__":{"type":"object"}}}}`;
  await run({ files: { 'docs.json': config, 'api.json': doc } });
  assertNoPollution();
});

// ---------------------------------------------------------------------------
// Encodings and sizes

test('invalid UTF-8 in docs.json, a page and an OpenAPI document: reported where it is, the rest read', async () => {
  const bad = Buffer.from([0xff, 0xfe, 0xc3]);
  const config = Buffer.concat([
    Buffer.from(`{"name": "P`),
    bad,
    Buffer.from(
      `", "colors": {"primary": "#000000"}, "navigation": {"groups": [{"group": "G", "pages": ["index"]}, {"group": "A", "openapi": "api.json"}]}}`,
    ),
  ]);
  const page = Buffer.concat([Buffer.from('---\ntitle: T'), bad, Buffer.from('\n---\n# Hi '), bad, Buffer.from('\n')]);
  const doc = Buffer.concat([Buffer.from('{"openapi":"3.0.3","info":{"title":"t'), bad, Buffer.from('","version":"1"},"paths":{}}')]);
  const { result } = await run({ files: { 'docs.json': config, 'index.mdx': page, 'api.json': doc } });
  for (const file of ['docs.json', 'index.mdx', 'api.json']) {
    const d = only(result, 'file/invalid-utf8', file);
    assert.ok(d.line >= 1 && d.column >= 1, `${file}:${d.line}:${d.column}`);
  }
  assert.not.ok(result.diagnostics.some((d) => d.code === 'openapi/parse-failed' || d.code.startsWith('json/')));
});

test('a 3 MB page (a notebook with its images inline, as Mintlify publishes it) is read, with a warning', async () => {
  const image = `![plot](data:image/png;base64,${'iVBORw0KGgo'.repeat(0.3 * MB)})`;
  const { result } = await run({ files: { 'index.mdx': `---\ntitle: Notebook\n---\n\n# Plot\n\n${image}\n` } });
  const warning = only(result, 'file/large-page', 'index.mdx');
  assert.is(warning.severity, 'warning');
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('50 MB files: a page is refused by size, docs.json and an OpenAPI document are read, nothing crashes', async () => {
  const big = 'a'.repeat(50 * MB);
  const escapes = '\\n'.repeat(25 * MB);
  const page = await run({ files: { 'index.mdx': `# Big\n\n${'word '.repeat(10 * MB)}\n` } });
  assert.match(only(page.result, 'file/too-large', 'index.mdx').message, 'over the limit of 33554432 bytes');
  const config = await run({
    files: { 'docs.json': JSON.stringify({ ...base, navigation: { groups: [{ group: 'G', pages: ['index'] }] }, pad: big }) },
  });
  only(config.result, 'config/unknown-key', 'docs.json');
  const escaped = await run({ files: { 'docs.json': `{"name": "P", "colors": {"primary": "#000000"}, "pad": "${escapes}"` } });
  assert.ok(
    escaped.result.diagnostics.some((d) => d.file === 'docs.json' && d.code.startsWith('json/')),
    'a syntax error, not a crash',
  );
  const doc = await run({
    files: { 'api.json': `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},"x-pad":"${big}"}` },
    openapi: 'api.json',
  });
  assert.not.ok(doc.result.diagnostics.some((d) => d.severity === 'error'));
  const tooBig = await run({ files: { 'api.json': `{"x":"${'a'.repeat(65 * MB)}"}` }, openapi: 'api.json' });
  only(tooBig.result, 'file/too-large', 'docs.json');
});

test('pathological MDX: 50,000 `[` render as text; 10,000 `<!--` are one error naming the file, at its place', () => {
  // Near-linear in the input (SECURITY.md has the figures): here, a page each, compiled to the end.
  const snippets = { get: () => undefined };
  const brackets = compilePage(
    { path: 'brackets.mdx', text: `---\ntitle: B\n---\n\n${'['.repeat(50_000)}\n`, want: { summary: true, body: true } },
    snippets,
  );
  assert.equal(brackets.diagnostics, []);
  assert.is(brackets.body?.html.match(/\[/g)?.length, 50_000);
  const comments = compilePage(
    { path: 'comments.mdx', text: `---\ntitle: C\n---\n\n${'<!--'.repeat(10_000)}\n`, want: { summary: true, body: true } },
    snippets,
  );
  assert.equal(
    comments.diagnostics.map((d) => [d.file, d.line, d.column, d.code]),
    [['comments.mdx', 5, 2, 'page/mdx-syntax']],
  );
});

test.run();

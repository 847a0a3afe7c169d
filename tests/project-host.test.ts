// The host layer never reads outside the docs root (lexically or through a
// symbolic link), refuses oversized files, and reports unreadable ones; a text
// takes its file's known hash only when it decoded to the same bytes.

import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../compiler/cache/value-key.js';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.js';
import { hashFiles } from '../compiler/host/hash-files.js';
import { ProjectHost } from '../compiler/host/project-host.js';

const outside = mkdtempSync(join(tmpdir(), 'docsc-outside-'));
writeFileSync(join(outside, 'secret.txt'), 'CANARY-SECRET');
const root = mkdtempSync(join(tmpdir(), 'docsc-root-'));
mkdirSync(join(root, 'guides'));
writeFileSync(join(root, 'guides', 'a.mdx'), '# A\n');
writeFileSync(join(root, 'big.mdx'), 'x'.repeat(2000));
mkdirSync(join(root, 'folder.mdx'));
mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
writeFileSync(join(root, 'node_modules', 'pkg', 'x.mdx'), 'ignored');
symlinkSync(join(outside, 'secret.txt'), join(root, 'link.mdx'));

const host = new ProjectHost(root, { maxFileBytes: 1000 });

test('normalize keeps paths inside the root and refuses the rest', () => {
  assert.is(host.normalize('guides/./a'), 'guides/a');
  assert.is(host.normalize('/guides/a'), 'guides/a');
  assert.is(host.normalize('guides/../guides/a'), 'guides/a');
  assert.is(host.normalize('../outside'), undefined);
  assert.is(host.normalize('guides/../../x'), undefined);
  assert.is(host.normalize('file:///etc/passwd'), undefined);
  assert.is(host.normalize('a\0b'), undefined);
  // Paths already normal are returned as they are; the others as path.resolve would make them.
  for (const [written, normal] of [
    ['guides/a', 'guides/a'],
    ['.hidden/x', '.hidden/x'],
    ['..x/y', '..x/y'],
    ['guides//a', 'guides/a'],
    ['guides/a/', 'guides/a'],
    ['./guides/a', 'guides/a'],
    ['guides/.', 'guides'],
    ['guides/..', ''],
    ['', ''],
  ]) {
    assert.is(host.normalize(written as string), normal, written);
  }
  assert.is(host.resolveFrom('nav/en.json', './tabs.json'), 'nav/tabs.json');
  assert.is(host.resolveFrom('nav/en.json', '../../x.json'), undefined);
});

test('a symbolic link leading outside the root is refused, and its target never read', () => {
  const bag = new DiagnosticBag();
  assert.is(host.readSource('link.mdx', bag), undefined);
  assert.equal(
    bag.items.map((d) => [d.code, d.file]),
    [['file/outside-root', 'link.mdx']],
  );
  assert.not.ok(JSON.stringify(bag.items).includes('CANARY'));
});

test('a file listed is read, and one reached through a link to a folder is refused when the folder is outside', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-links-'));
  const docs = join(dir, 'docs');
  mkdirSync(join(docs, 'guides'), { recursive: true });
  mkdirSync(join(dir, 'away'));
  writeFileSync(join(docs, 'guides', 'a.mdx'), '# A\n');
  writeFileSync(join(dir, 'away', 'secret.mdx'), 'CANARY-SECRET');
  symlinkSync(join(dir, 'away'), join(docs, 'out'));
  symlinkSync(join(docs, 'guides'), join(docs, 'also'));
  const linked = new ProjectHost(docs);
  assert.equal(linked.listFiles(), ['guides/a.mdx']);
  const bag = new DiagnosticBag();
  assert.is(linked.readSource('guides/a.mdx', bag)?.text, '# A\n');
  // Not listed (the listing follows no link to a folder): checked path by path, inside or not.
  assert.is(linked.readSource('also/a.mdx', bag)?.text, '# A\n');
  assert.is(linked.readSource('out/secret.mdx', bag), undefined);
  assert.equal(
    bag.items.map((d) => [d.code, d.file]),
    [['file/outside-root', 'out/secret.mdx']],
  );
  assert.not.ok(JSON.stringify(bag.items).includes('CANARY'));
});

test('a listed file whose folder became a link leading outside since the listing is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-swapped-'));
  const docs = join(dir, 'docs');
  mkdirSync(join(docs, 'guides'), { recursive: true });
  mkdirSync(join(dir, 'away'));
  writeFileSync(join(docs, 'guides', 'a.mdx'), '# A\n');
  writeFileSync(join(dir, 'away', 'a.mdx'), 'CANARY-SECRET');
  const swapped = new ProjectHost(docs);
  assert.equal(swapped.listFiles(), ['guides/a.mdx']);
  rmSync(join(docs, 'guides'), { recursive: true });
  symlinkSync(join(dir, 'away'), join(docs, 'guides'));
  const read = swapped.read('guides/a.mdx');
  assert.equal(read.ok ? 'read' : read.failure, 'outside-root');
});

test('oversized and unreadable files are reported, missing ones too', () => {
  const bag = new DiagnosticBag();
  host.readSource('big.mdx', bag);
  host.readSource('folder.mdx', bag);
  host.readSource('nope.mdx', bag);
  assert.equal(
    bag.items.map((d) => `${d.code}: ${d.message}`),
    [
      'file/too-large: `big.mdx` is 2000 bytes, over the limit of 1000 bytes; it was not read',
      'file/unreadable: Cannot read `folder.mdx`: not a regular file',
      'file/unreadable: Cannot read `nope.mdx`: no such file',
    ],
  );
});

test('listFiles skips dependency folders and follows no link outside', () => {
  const files = host.listFiles();
  assert.ok(files.includes('guides/a.mdx'));
  assert.not.ok(files.some((f) => f.startsWith('node_modules/')));
});

test('a known file hash is the text hash of a clean file, never of one decoded with a problem', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-hashes-'));
  const bytes = { 'clean.json': Buffer.from('{"a": "é"}'), 'bom.json': Buffer.from('\uFEFF{"a": 1}'), 'bad.json': Buffer.from([0x7b, 0xff, 0x7d]) };
  for (const [name, content] of Object.entries(bytes)) writeFileSync(join(dir, name), content);
  const hosted = new ProjectHost(dir);
  hosted.knowHashes(new Map(Object.entries(bytes).map(([name, content]) => [name, contentHash(content)])));
  for (const name of Object.keys(bytes)) {
    const file = hosted.readSource(name, new DiagnosticBag());
    // Whatever the host knew, the text's hash is the hash of the text.
    assert.is(file?.textHash, contentHash(file?.text ?? ''), name);
  }
  // An unreadable file's identity is never a hash.
  hosted.knowHashes(new Map([['clean.json', 'unreadable:EACCES']]));
  assert.is(hosted.hashOf('clean.json'), undefined);
});

test('files hashed together, on two threads, are identified as one by one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-hash-many-'));
  mkdirSync(join(dir, 'pages'));
  // Enough files for the second thread (hash-files.ts PARALLEL_FROM), of sizes past the reused buffer's first size.
  for (let i = 0; i < 2100; i++) writeFileSync(join(dir, 'pages', `p${i}.mdx`), `# Page ${i}\n${'x'.repeat((i * 977) % 90_000)}\n`);
  writeFileSync(join(dir, 'big.mdx'), 'y'.repeat(2_100_000));
  // Past the reused buffer's largest size: read into a buffer of its own.
  writeFileSync(join(dir, 'pages', 'huge.mdx'), 'z'.repeat(1_200_000));
  writeFileSync(join(outside, 'away.mdx'), 'CANARY-SECRET');
  symlinkSync(join(dir, 'pages', 'p1.mdx'), join(dir, 'inner-link.mdx'));
  symlinkSync(join(outside, 'away.mdx'), join(dir, 'outer-link.mdx'));
  const hosted = new ProjectHost(dir, { maxPageBytes: 2_000_000 });
  const paths = [...hosted.listFiles(), 'outer-link.mdx', 'missing.mdx'];
  const expected = new Map(paths.map((path) => [path, new ProjectHost(dir, { maxPageBytes: 2_000_000 }).identify(path)]));
  assert.equal(await hosted.identifyAll(paths), expected);
  // The thread alone: every file it can open by descriptor, as the host reads it.
  const listed = hosted.listFiles();
  const alone = await hashFiles(
    listed.map((path) => ({ absolute: join(dir, path), limit: hosted.limitFor(path) })),
    realpathSync(dir),
    true,
  );
  listed.forEach((path, i) => {
    const result = alone[i];
    // A link at the last component is not opened by descriptor: left to the host.
    if (path === 'inner-link.mdx') assert.is(result, undefined);
    else assert.equal(result, expected.get(path), path);
  });
  assert.equal(
    [expected.get('big.mdx')?.ok, expected.get('outer-link.mdx'), expected.get('missing.mdx')?.ok],
    [false, { ok: false, failure: 'outside-root', reason: 'it is a link leading outside the docs root' }, false],
  );
  const page = readFileSync(join(dir, 'pages', 'p70.mdx'));
  assert.equal(expected.get('pages/p70.mdx'), { ok: true, hash: contentHash(page), fingerprint: fingerprintOf(dir, 'pages/p70.mdx') });
});

function fingerprintOf(dir: string, path: string): string {
  const stat = statSync(join(dir, path));
  return `${stat.size}:${stat.mtimeMs}`;
}

test.run();

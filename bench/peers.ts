// The tools docsc is compared with side by side (`npm run bench -- --peers`):
// today Mintlify's `@mintlify/scraping openapi-file` against `docsc
// openapi-file` on GitHub's REST spec. The peer is installed on demand with
// npm into bench/peers/node_modules (git-ignored; version pinned in
// bench/peers/package.json), never by `npm ci`, never in CI. Its run is
// measured as docsc's is (wall, CPU, peak RSS, files) and its output compared
// file for file with docsc's from the same round: names only in one of them,
// and the frontmatter of the pages both wrote.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { resetWork } from './build-steps.js';
import { countOperations, githubSpecPath } from './corpus/generate.js';
import type { RunNotes, Scenario } from './scenarios.js';

const PEERS = join(import.meta.dirname, 'peers');
const MINTLIFY_CLI = join(PEERS, 'node_modules', '@mintlify', 'scraping', 'bin', 'cli.js');

/** The peer scenarios, installing the peers first; throws with npm's output when they cannot be installed. */
export function peerScenarios(): Scenario[] {
  ensureInstalled();
  const spec = githubSpecPath();
  const pages = countOperations(readFileSync(spec, 'utf8'));
  return [
    {
      name: 'peer-mintlify-openapi-file',
      kind: 'peer',
      description: `\`@mintlify/scraping openapi-file\` (${installedVersion()}) on GitHub's REST spec into an empty folder, for comparison with openapi-file`,
      prepare: ({ work }) => resetWork(work),
      // Paths relative to the working directory (the repository root): given an absolute input path, this version
      // reads `<cwd>/<path>`, fails, and exits 0 having written nothing.
      args: ({ work, cwd }) => [MINTLIFY_CLI, 'openapi-file', relative(cwd, spec), '-o', relative(cwd, join(work, 'out'))],
      verify: ({ work }) => {
        if (listFiles(join(work, 'out')).length === 0) throw new Error('@mintlify/scraping wrote no files (it exits 0 on errors)');
      },
      notes: ({ work }) => ({ ...compareOutputs(join(dirname(work), 'openapi-file', 'out'), join(work, 'out')) }),
      pages: () => pages,
      ratioBase: 'floor-write-spec-pages',
    },
  ];
}

function ensureInstalled(): void {
  if (existsSync(MINTLIFY_CLI)) return;
  process.stderr.write('bench: installing the peers into bench/peers/node_modules (npm install)\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: PEERS, encoding: 'utf8' });
  if (install.status !== 0 || !existsSync(MINTLIFY_CLI)) {
    throw new Error(`--peers: npm install in bench/peers failed:\n${(install.stderr || install.stdout).slice(-2000)}`);
  }
}

function installedVersion(): string {
  const manifest = JSON.parse(readFileSync(join(PEERS, 'node_modules', '@mintlify', 'scraping', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Output of the two generators, file for file: counts, names in one only (first few), and pages whose frontmatter differs. */
export interface OutputComparison {
  filesWritten: number;
  docscFiles: number;
  same: number;
  onlyDocsc: string[];
  onlyPeer: string[];
  onlyDocscCount: number;
  onlyPeerCount: number;
  /** Pages both wrote whose frontmatter lines differ (first few, with both texts). */
  frontmatterDiffers: { path: string; docsc: string; peer: string }[];
  frontmatterDiffersCount: number;
}

export function compareOutputs(docscOut: string, peerOut: string): RunNotes & { comparison?: OutputComparison } {
  const peer = listFiles(peerOut);
  if (!existsSync(docscOut)) return { filesWritten: peer.length };
  const docsc = listFiles(docscOut);
  const docscSet = new Set(docsc);
  const peerSet = new Set(peer);
  const both = docsc.filter((f) => peerSet.has(f));
  const differs = both.flatMap((path) => {
    const a = frontmatter(join(docscOut, path));
    const b = frontmatter(join(peerOut, path));
    return normalize(a) === normalize(b) ? [] : [{ path, docsc: a, peer: b }];
  });
  const onlyDocsc = docsc.filter((f) => !peerSet.has(f));
  const onlyPeer = peer.filter((f) => !docscSet.has(f));
  return {
    filesWritten: peer.length,
    comparison: {
      filesWritten: peer.length,
      docscFiles: docsc.length,
      same: both.length,
      onlyDocsc: onlyDocsc.slice(0, 10),
      onlyPeer: onlyPeer.slice(0, 10),
      onlyDocscCount: onlyDocsc.length,
      onlyPeerCount: onlyPeer.length,
      frontmatterDiffers: differs.slice(0, 10),
      frontmatterDiffersCount: differs.length,
    },
  };
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

function frontmatter(file: string): string {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return match?.[1] ?? '';
}

/** Frontmatter compared by its lines, sorted, quotes around a whole value dropped: the order and quoting style of keys are not a difference. */
function normalize(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^(\w+):\s*(['"])(.*)\2$/, '$1: $3').trim())
    .filter((line) => line !== '')
    .sort()
    .join('\n');
}

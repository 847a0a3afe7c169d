// The bundle the `docsc` command runs (the last step of `npm run build:ts`,
// run from dist/ after tsc): the CLI, the compiler and the pure-JavaScript
// packages they import, as ES modules in one flat folder, dist/bundle/ —
// entries (the CLI and every worker a pool, the output writer or a fork
// starts) and the chunks they share. Loading the compiler was hundreds of
// modules, each resolved, read and compiled; a build now loads the few
// chunks it needs (a one-page edit of mintlify/docs: about 200 files
// instead of 750, 0.3 s less CPU).
//
// The folder is flat because worker files are found beside the module that
// starts them (`new URL('./compile-worker.js', import.meta.url)`): in the
// bundle that module is a chunk, so every worker is an entry named as in the
// sources, beside every chunk. Packages that are native or loaded by path,
// and those the compiler requires at run time (see EXTERNAL), stay in
// node_modules.
//
// dist/cli/main.js becomes a one-line module that imports the bundle's CLI;
// the rest of dist/ stays as tsc wrote it (the library, the tests and the
// bench's timed drivers import it). `tool-identity.json` records the hash of
// the bundle's files: docsc's identity (compiler/version.ts) reads it
// instead of hashing its code at every run.

import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';
import { docscRoot } from '../compiler/host/package-above.js';
import { BUNDLE_IDENTITY_FILE, type BundleIdentity } from '../compiler/version.js';

/** The package's folder: this file is cli/build-bundle.ts in sources, dist/cli/build-bundle.js when built. */
const ROOT = findRoot();
const OUT = join(ROOT, 'dist', 'bundle');

/**
 * Not bundled: native (lmdb, esbuild), loaded by path (piscina's worker, chevrotain's own bundle, tailwindcss's
 * stylesheets, mermaid's browser build), required at run time (shiki, katex), and yaml: required at run time by
 * frontmatter parsing, and imported dynamically elsewhere — a dynamic import of a CommonJS package in a split
 * bundle gets its default export only, not the named ones Node gives.
 */
const EXTERNAL = ['lmdb', 'piscina', 'esbuild', 'chevrotain', 'tailwindcss', 'shiki', '@shikijs/*', 'katex', 'mermaid', 'yaml'];

/**
 * Modules the bench's timed drivers import (bench/drivers/*.mjs) to time the build the command runs: from the
 * bundle, so that they share its tool identity — and the build cache the CLI's builds filled. From tsc's dist/
 * the identity is a hash of other files: every page missed the cache the CLI had just written.
 */
const LIBRARY_ENTRIES = ['compiler/build/build.ts', 'compiler/host/v8-flags.ts'];

async function main(): Promise<void> {
  const entries = [join(ROOT, 'cli', 'main.ts'), ...LIBRARY_ENTRIES.map((path) => join(ROOT, path)), ...workerEntries()];
  const names = entries.map((entry) => basename(entry, '.ts'));
  const clash = names.find((name, i) => names.indexOf(name) !== i);
  if (clash !== undefined) throw new Error(`two bundle entries are named ${clash}.js: the bundle's folder is flat`);
  // Written aside, then put in place: a docsc running from the old bundle keeps its files until the swap.
  const staging = `${OUT}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: entries,
    outdir: staging,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages call `require` for Node's modules; an ES module has none of its own.
    banner: { js: "import { createRequire as __docscCreateRequire } from 'node:module'; const require = __docscCreateRequire(import.meta.url);" },
    // Linked source maps, without the sources: stack traces with --enable-source-maps, and c8's coverage of the
    // CLI's runs in the tests, point into compiler/ and cli/.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  const missing = missingSiblings(staging);
  if (missing.length > 0) throw new Error(`the bundle loads ${missing.join(', ')} beside its modules, and has no such file`);
  const identity: BundleIdentity = { code: hashFolder(staging) };
  writeFileSync(join(staging, BUNDLE_IDENTITY_FILE), `${JSON.stringify(identity)}\n`);
  rmSync(OUT, { recursive: true, force: true });
  renameSync(staging, OUT);
  const cli = join(ROOT, 'dist', 'cli', 'main.js');
  writeFileSync(
    cli,
    [
      '#!/usr/bin/env node',
      '',
      '// The `docsc` command: its bundle (cli/build-bundle.ts writes it; the modules beside this one are the library).',
      '',
      "import '../bundle/main.js';",
      '',
    ].join('\n'),
  );
  chmodSync(cli, 0o755);
}

/** Every module a worker thread or a fork runs, from `new URL('./<name>.js', import.meta.url)` in the sources. */
function workerEntries(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(join(ROOT, 'compiler'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const path = join(ROOT, 'compiler', file);
    for (const match of readFileSync(path, 'utf8').matchAll(/new URL\('\.\/([\w-]+)\.js', import\.meta\.url\)/g)) {
      found.add(join(dirname(path), `${match[1]}.ts`));
    }
  }
  return [...found].sort();
}

/** Files the bundle's modules find beside themselves (`new URL("./x.js", import.meta.url)`) that are not there. */
function missingSiblings(dir: string): string[] {
  const files = new Set(readdirSync(dir));
  const wanted = new Set<string>();
  for (const name of files) {
    if (!name.endsWith('.js')) continue;
    for (const match of readFileSync(join(dir, name), 'utf8').matchAll(/new URL\(["']\.\/([^"']+)["'], import\.meta\.url\)/g))
      wanted.add(match[1] as string);
  }
  return [...wanted].filter((name) => !files.has(name)).sort();
}

function hashFolder(dir: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) if (!name.endsWith('.map')) hash.update(`${name}\0`).update(readFileSync(join(dir, name)));
  return hash.digest('hex');
}

function findRoot(): string {
  const root = docscRoot();
  if (root === undefined) throw new Error('no docsc package.json above this module');
  return root;
}

main().catch((error: unknown) => {
  process.stderr.write(`build-bundle: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

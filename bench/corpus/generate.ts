// Generates a synthetic docs repository shaped like real product docs (see
// /work/shared/REFERENCE.md): docs.json, MDX pages under tabs → groups →
// nested groups, snippets, and optionally GitHub's REST spec mounted in the
// navigation, and a mid-size spec (mid-spec.ts) beside it. Deterministic: the
// same options give byte-identical files.
//
//   generateCorpus({ pages: 1000, seed: 1, variant: 'basic', outDir })
//
// The `versions-languages` variant writes the same content 2 versions × 3
// languages times, as real repositories do: many files, few distinct contents.
// `pages` counts page files (snippets aside); that variant rounds it up to a
// multiple of 6.

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ContentCopy, docsConfig, LOGO_FILES, type OpenApiMount } from './docs-config.js';
import { planSite } from './plan-site.js';
import { deriveSeed, Prng } from './prng.js';
import { renderPage, renderSnippet } from './write-page.js';

const VARIANTS = ['basic', 'versions-languages'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface CorpusOptions {
  /** Page files to write (snippets aside). */
  pages: number;
  seed: number;
  variant: Variant;
  /** Mount GitHub's REST spec (@octokit/openapi) as an `openapi` group in its own tab. */
  openapi?: boolean;
  /** Also mount this spec file (the mid-size one, mid-spec.ts) as a second `openapi` group of that tab. */
  midSpec?: { path: string; name: string };
  /** Must not exist, or be empty. */
  outDir: string;
}

export interface CorpusManifest {
  pages: number;
  /** Pages with distinct content (fewer than `pages` in the versions-languages variant). */
  distinctPages: number;
  snippets: number;
  /** Operations and webhooks of the mounted specs: the API pages check resolves. */
  apiOperations: number;
  /** Of those, the mid-size spec's. */
  midSpecOperations?: number;
  files: number;
  bytes: number;
}

const COPIES: Record<Variant, readonly ContentCopy[]> = {
  basic: [{ language: 'en', version: 'v2', prefix: '' }],
  'versions-languages': ['en', 'fr', 'es'].flatMap((language) =>
    ['v2', 'v1'].map((version) => ({ language, version, prefix: `${language === 'en' ? '' : `${language}/`}${version === 'v2' ? '' : 'v1/'}` })),
  ),
};

const GITHUB_SPEC = '@octokit/openapi/generated/api.github.com.json';
const GITHUB_MOUNT: OpenApiMount = { spec: 'openapi/github.json', group: 'GitHub REST API' };
/** Where the mid-size spec is written in the corpus. */
export const MID_SPEC_FILE = 'openapi/mid.json';

export function generateCorpus(options: CorpusOptions): CorpusManifest {
  assertEmpty(options.outDir);
  const copies = COPIES[options.variant];
  const plan = planSite(Math.ceil(options.pages / copies.length), new Prng(options.seed));
  const out = new TreeWriter(options.outDir);
  plan.pages.forEach((page, i) => {
    const text = renderPage(page, plan, new Prng(deriveSeed(options.seed, i)));
    for (const copy of copies) out.write(`${copy.prefix}${page.path}.mdx`, text);
  });
  plan.snippets.forEach((snippet, i) => {
    out.write(snippet.path, renderSnippet(snippet, plan, new Prng(deriveSeed(options.seed, plan.pages.length + i))));
  });
  for (const file of LOGO_FILES) out.write(file, '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"/>\n');
  const mounts: OpenApiMount[] = [];
  let apiOperations = 0;
  if (options.openapi) {
    apiOperations += out.copy(githubSpecPath(), GITHUB_MOUNT.spec, countOperations);
    mounts.push(GITHUB_MOUNT);
  }
  const midSpecOperations = options.midSpec ? out.copy(options.midSpec.path, MID_SPEC_FILE, countOperations) : undefined;
  if (options.midSpec && midSpecOperations !== undefined) {
    apiOperations += midSpecOperations;
    mounts.push({ spec: MID_SPEC_FILE, group: options.midSpec.name });
  }
  const config = docsConfig(plan, copies, mounts, new Prng(deriveSeed(options.seed, -1)));
  out.write('docs.json', `${JSON.stringify(config, null, 2)}\n`);
  return {
    pages: plan.pages.length * copies.length,
    distinctPages: plan.pages.length,
    snippets: plan.snippets.length,
    apiOperations,
    ...(midSpecOperations === undefined ? {} : { midSpecOperations }),
    files: out.files,
    bytes: out.bytes,
  };
}

/** Where the installed GitHub REST spec is. */
export function githubSpecPath(): string {
  return createRequire(import.meta.url).resolve(GITHUB_SPEC);
}

function assertEmpty(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`generateCorpus: ${dir} is not empty`);
}

/** Writes files under a root, creating each folder once, and counts what it wrote. */
class TreeWriter {
  files = 0;
  bytes = 0;
  private readonly made = new Set<string>();

  constructor(private readonly root: string) {}

  write(path: string, text: string): void {
    const target = this.prepare(path);
    writeFileSync(target, text);
    this.files++;
    this.bytes += Buffer.byteLength(text);
  }

  /** Copies a file in and returns what `measure` reads from its text. */
  copy<T>(source: string, path: string, measure: (text: string) => T): T {
    const target = this.prepare(path);
    copyFileSync(source, target);
    const text = readFileSync(target, 'utf8');
    this.files++;
    this.bytes += Buffer.byteLength(text);
    return measure(text);
  }

  private prepare(path: string): string {
    const target = join(this.root, path);
    const dir = dirname(target);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    return target;
  }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

export function countOperations(text: string): number {
  const spec = JSON.parse(text) as { paths?: Record<string, Record<string, unknown>>; webhooks?: Record<string, unknown> };
  const operations = Object.values(spec.paths ?? {}).reduce((sum, item) => sum + Object.keys(item).filter((m) => METHODS.has(m)).length, 0);
  return operations + Object.keys(spec.webhooks ?? {}).length;
}

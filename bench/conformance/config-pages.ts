// The page entries of a docs.json, as the conformance run counts them: every string of every `pages` array
// (and every `root`) that is not an API entry (`METHOD /path`, `spec METHOD /path`, `webhook`), with
// `{"$ref": "file.json"}` objects followed inside the docs root. Independent of docsc's own reader on purpose:
// the run checks docsc against the configuration, not against itself.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const API_ENTRY = /(^|\s)(get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

export function configPages(root: string): string[] {
  const pages = new Set<string>();
  const visit = (value: unknown, file: string, depth: number): void => {
    if (depth > 64 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, file, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const target = resolve(dirname(file), ref.split('#')[0] ?? ref);
      if (!relative(root, target).startsWith('..') && existsSync(target)) visit(readJson(target), target, depth + 1);
    }
    for (const [key, child] of Object.entries(record)) {
      if (key === 'pages' && Array.isArray(child)) {
        for (const entry of child) if (typeof entry === 'string' && !API_ENTRY.test(entry)) pages.add(clean(entry));
      }
      if (key === 'root' && typeof child === 'string') pages.add(clean(child));
      visit(child, file, depth + 1);
    }
  };
  // A mint.json (read when there is no docs.json) lists its pages in `navigation` groups the same way.
  const config = existsSync(join(root, 'docs.json')) ? join(root, 'docs.json') : join(root, 'mint.json');
  const navigation = (readJson(config) as { navigation?: unknown }).navigation;
  visit(navigation, config, 0);
  return [...pages].sort();
}

function clean(entry: string): string {
  return entry
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.mdx?$/, '');
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

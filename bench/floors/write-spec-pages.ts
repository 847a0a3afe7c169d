// Floor of `docsc openapi-file`: read the spec, JSON.parse it, and write one
// small MDX file per operation (`<out>/<first tag>/<operationId>.mdx` holding
// a title and the `openapi` line), each folder made once. No validation, no
// slugs, no collision handling, no diagnostics: the I/O and parsing any
// generator must do, so `openapi-file` is reported as a ratio to it.
//   node --import tsx bench/floors/write-spec-pages.ts <spec.json> <out>

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock } from './floor-clock.js';

const [specPath, out] = process.argv.slice(2);
if (specPath === undefined || out === undefined) {
  process.stderr.write('usage: write-spec-pages.ts <spec.json> <out>\n');
  process.exit(2);
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
type Operation = { operationId?: string; summary?: string; tags?: string[] };

const stop = startClock();
const text = readFileSync(specPath, 'utf8');
const spec = JSON.parse(text) as { paths?: Record<string, Record<string, Operation>> };
const made = new Set<string>();
let files = 0;
for (const [path, item] of Object.entries(spec.paths ?? {})) {
  for (const [method, operation] of Object.entries(item)) {
    if (!METHODS.has(method)) continue;
    const dir = join(out, (operation.tags?.[0] ?? 'untagged').replace(/[^\w-]/g, '-'));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    const name = (operation.operationId ?? `${method}-${files}`).replace(/[^\w-]/g, '-');
    writeFileSync(
      join(dir, `${name}-${files}.mdx`),
      `---\ntitle: ${JSON.stringify(operation.summary ?? name)}\nopenapi: ${method.toUpperCase()} ${path}\n---\n`,
    );
    files++;
  }
}
stop({ files, bytes: text.length });

// Measures `loadOpenApi` (parse, index, schema validation) on GitHub's REST
// spec (@octokit/openapi) with one error injected into a widely shared
// schema (`simple-user.login` typed `strnig`): before the direct ajv pass,
// @readme/openapi-parser reported it once per dereferenced use, printing a
// code frame of the whole dereferenced document each time (36–44 s, > 2 GB).
// Usage: node --import tsx bench/scale/validate-one-error.ts [--valid]
// Prints one JSON line: wall ms, peak RSS MB, diagnostics by code.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProjectHost } from '../../compiler/host/project-host.js';
import { loadOpenApi } from '../../compiler/openapi/load-openapi.js';

const require = createRequire(import.meta.url);
const specPath = require.resolve('@octokit/openapi/generated/api.github.com.json');
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
if (!process.argv.includes('--valid')) spec.components.schemas['simple-user'].properties.login.type = 'strnig';
const root = mkdtempSync(join(tmpdir(), 'docsc-validate-'));
writeFileSync(join(root, 'openapi.json'), JSON.stringify(spec, null, 2));
let peak = 0;
const sample = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
const result = await loadOpenApi('openapi.json', new ProjectHost(root), {});
const ms = performance.now() - started;
clearInterval(sample);
peak = Math.max(peak, process.memoryUsage().rss);
const byCode: Record<string, number> = {};
for (const d of result.diagnostics) byCode[d.code] = (byCode[d.code] ?? 0) + 1;
const first = result.diagnostics.find((d) => d.code === 'openapi/invalid');
console.log(
  JSON.stringify({
    ms: Math.round(ms),
    peakRssMb: Math.round(peak / 1e6),
    byCode,
    first: first && `${first.file}:${first.line}:${first.column} ${first.message}`,
  }),
);
rmSync(root, { recursive: true, force: true });

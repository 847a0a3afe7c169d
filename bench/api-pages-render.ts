// Times the rendering of every API page of a document (default: GitHub's REST
// spec from @octokit/openapi, ~1,200 operations) as the build renders them
// on a cold cache: bodies, schema trees, examples, code samples and
// playground data; with --markdown, each page's Markdown too (what `contextual`
// copy or view adds). Loading and validating the document is not counted.
//   node --import tsx bench/api-pages-render.ts [spec.json] [--markdown]

import { copyFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ProjectHost } from '../compiler/host/project-host.js';
import { loadOpenApi } from '../compiler/openapi/load-openapi.js';
import { renderApiPage } from '../compiler/reference/render-api-page.js';

const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const spec = args.find((arg) => arg !== '--markdown') ?? createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const root = mkdtempSync(join(tmpdir(), 'docsc-api-bench-'));
copyFileSync(spec, join(root, basename(spec)));
const { document } = await loadOpenApi(basename(spec), new ProjectHost(root), { validate: false });
if (!document) throw new Error(`${spec} did not load`);
const started = performance.now();
const cpu = process.cpuUsage();
let bytes = 0;
let markdownBytes = 0;
const items = [
  ...document.operations.map((operation) => ({ type: 'operation' as const, operation, title: operation.summary ?? operation.path })),
  ...document.webhooks.map((webhook) => ({ type: 'webhook' as const, webhook, title: webhook.name })),
];
for (const item of items) {
  const body = renderApiPage(document, item, undefined, markdown ? item.title : undefined);
  bytes += body.html.length;
  markdownBytes += body.markdown?.length ?? 0;
}
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;
const pages = document.operations.length + document.webhooks.length;
console.log(
  `${pages} pages rendered in ${(ms / 1000).toFixed(2)} s (${cpuSeconds.toFixed(2)} s of CPU; ${(bytes / pages / 1024).toFixed(1)} KiB of HTML${
    markdown ? ` and ${(markdownBytes / pages / 1024).toFixed(1)} KiB of Markdown` : ''
  } per page on average)`,
);

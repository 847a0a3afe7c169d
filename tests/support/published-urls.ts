// What a built site publishes, by URL: one line per page (`page /url`) and per
// static redirect page (`redirect /url -> target`), in path order.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from './output-tree.js';

/** Every page and static redirect page of a built site, by URL. */
export function publishedUrls(outDir: string): string[] {
  const lines: string[] = [];
  for (const path of listFiles(outDir)) {
    if (!path.endsWith('index.html') || path.startsWith('_docsc/')) continue;
    const url = `/${path.slice(0, -'index.html'.length).replace(/\/$/, '')}`;
    const html = readFileSync(join(outDir, path), 'utf8');
    const refresh = /<meta http-equiv="refresh" content="0; url=([^"]*)">/.exec(html);
    lines.push(refresh ? `redirect ${url} -> ${refresh[1]}` : `page ${url}`);
  }
  return lines;
}

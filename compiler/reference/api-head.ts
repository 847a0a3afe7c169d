// The bar under an API page's title: the method badge, the selected
// server's base URL and the path with its parameters highlighted, a
// deprecation mark, a copy button and the "Try it" button that opens the
// playground (runtime/client/playground/), followed by the playground's
// data. It is written between `<!--docsc:api-head-->` markers so that the
// layout (compiler/site/page-columns.ts) puts it right under the title, above
// both columns, whatever comes before it in the body (`x-docs.content`).
// Buttons are hidden until the script runs: without JavaScript they could
// not work.

import { asRecord } from '../openapi/json-pointer.js';
import { escapeHtml } from '../site/escape-html.js';
import { serverDefaultUrl } from './operation-parts.js';

export const API_HEAD_START = '<!--docsc:api-head-->';
export const API_HEAD_END = '<!--/docsc:api-head-->';

export interface ApiHeadInput {
  /** What the badge says: `POST`, `WEBHOOK`. */
  label: string;
  /** The method, lower case, for the badge's colour. */
  method: string;
  /** The path (`/pets/{petId}`) or a webhook's name. */
  path: string;
  servers: unknown[];
  deprecated: boolean;
  /** The playground's markup (its data), when the page has one: the bar then has a Try it button. */
  playground?: string;
}

export function renderApiHead(input: ApiHeadInput): string {
  const server = asRecord(input.servers[0]);
  const base = server === undefined ? '' : serverDefaultUrl(server).replace(/\/+$/, '');
  const path = input.label === 'WEBHOOK' ? escapeHtml(input.path) : highlightPath(input.path);
  const url = `<code class="docsc-api-url">${base === '' ? '' : `<span class="docsc-api-base" data-docsc-api-base>${escapeHtml(base)}</span>`}<span class="docsc-api-path">${path}</span></code>`;
  const deprecated = input.deprecated ? '<span class="docsc-badge docsc-badge-deprecated">deprecated</span>' : '';
  const copy =
    input.label === 'WEBHOOK'
      ? ''
      : `<button type="button" class="docsc-api-copy" data-docsc-copy-url="${escapeHtml(base + input.path)}" aria-label="Copy the URL" title="Copy the URL">${COPY_ICON}</button>`;
  const tryIt =
    input.playground === undefined
      ? ''
      : '<button type="button" class="docsc-try-it" data-docsc-try-it aria-haspopup="dialog">Try it <span aria-hidden="true">&#9654;</span></button>';
  const bar = `<div class="docsc-api-bar"><span class="docsc-method" data-method="${escapeHtml(input.method)}">${escapeHtml(input.label)}</span>${url}${deprecated}${copy}${tryIt}</div>`;
  return `${API_HEAD_START}<div class="docsc-api-head">${bar}${input.playground ?? ''}</div>${API_HEAD_END}`;
}

/** `/pets/{petId}` with each `{name}` in a span of its own. */
function highlightPath(path: string): string {
  return path
    .split(/(\{[^{}]*\})/)
    .map((part) => (/^\{[^{}]*\}$/.test(part) ? `<span class="docsc-path-param">${escapeHtml(part)}</span>` : escapeHtml(part)))
    .join('');
}

const COPY_ICON =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect width="14" height="14" x="8" y="8" rx="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/></svg>';

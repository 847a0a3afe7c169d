// The examples column of an API page: the request example (one tab per
// code sample — `x-codeSamples` and the `api.examples.languages` docsc
// generates — picked from a dropdown, highlighted: highlight-code-sample.ts;
// the generated ones marked `data-generated` so the playground rewrites
// them as the reader types) and
// the response example (one tab per status code, and per named example when
// a response has several; generated from the schema when it has none,
// highlighted in its media type's language: highlight-sample.ts), each
// sample shown once. Written between `<!--docsc:examples-->` markers: the
// layout (compiler/site/page-columns.ts) puts it in the sticky right column
// on wide screens and above the fields on narrow ones. The tabs are the
// pages' own (tab-markup.ts), so status tabs here and in the responses
// section stay in step.

import { asRecord } from '../openapi/json-pointer.js';
import { escapeHtml } from '../site/escape-html.js';
import type { CodeSample } from './code-samples.js';
import { highlightCodeSample } from './highlight-code-sample.js';
import { highlightSample } from './highlight-sample.js';
import { exampleText, mediaExamples } from './media-examples.js';
import { idSlug, type Json, type RefResolver } from './resolve-ref.js';
import { sampleLanguage } from './sample-tokens.js';
import { renderTabs, type TabPanel } from './tab-markup.js';

export const EXAMPLES_START = '<!--docsc:examples-->';
export const EXAMPLES_END = '<!--/docsc:examples-->';

/** The column, or '' when there is nothing to show. */
export function renderExamplesColumn(parts: readonly string[]): string {
  const shown = parts.filter((part) => part !== '');
  if (shown.length === 0) return '';
  return `${EXAMPLES_START}${shown.join('')}${EXAMPLES_END}`;
}

/** The request's code samples, titled with the method and path. */
export function renderRequestExample(samples: readonly CodeSample[], method: string, path: string): string {
  if (samples.length === 0) return '';
  const panels: TabPanel[] = samples.map((sample) => ({
    label: sample.label,
    tag: 'figure',
    className: 'docsc-code-block docsc-code-sample',
    attributes: ` data-language="${escapeHtml(sample.language)}"${sample.generated === true ? ' data-generated' : sample.generated ? ` data-generated="${sample.generated}"` : ''}`,
    html: `<pre class="docsc-code" tabindex="0"><code class="language-${escapeHtml(idSlug(sample.language) || 'text')}">${highlightCodeSample(sample)}</code></pre>`,
  }));
  const title = `<p class="docsc-example-title"><span class="docsc-method" data-method="${escapeHtml(method.toLowerCase())}">${escapeHtml(method.toUpperCase())}</span> <span class="docsc-example-path">${escapeHtml(path)}</span></p>`;
  return renderTabs('api-request', panels, {
    code: true,
    dropdown: panels.length > 1,
    className: 'docsc-request-example docsc-api-example',
    attributes: ' data-example="request" data-docsc-code-samples',
    before: title,
  });
}

/**
 * The examples of a set of responses (an operation's) or of a payload (a
 * webhook's request body, `title` "Payload"): one tab per status and named
 * example; statuses without content are left out.
 */
export function renderResponseExample(responses: Json | undefined, resolver: RefResolver, title = 'Response'): string {
  const panels: TabPanel[] = [];
  let named = false;
  for (const [status, value] of Object.entries(responses ?? {})) {
    const response = asRecord(resolver.resolve(value)) ?? {};
    const [mediaType, media] = Object.entries(asRecord(response.content) ?? {})[0] ?? [];
    if (mediaType === undefined) continue;
    const examples = mediaExamples(asRecord(media), 'response', resolver);
    if (examples.length > 1) named = true;
    for (const example of examples) {
      const label = examples.length > 1 ? `${status} · ${example.summary ?? example.name}` : status;
      panels.push(examplePanel(label, mediaType, example.value));
    }
  }
  return renderExampleTabs('api-response', panels, title, named);
}

/** A webhook's payload examples (its request body's), per media type and named example. */
export function renderPayloadExample(requestBody: Json | undefined, resolver: RefResolver): string {
  const panels: TabPanel[] = [];
  let named = false;
  for (const [mediaType, media] of Object.entries(asRecord(requestBody?.content) ?? {})) {
    const examples = mediaExamples(asRecord(media), 'request', resolver);
    if (examples.length > 1) named = true;
    for (const example of examples)
      panels.push(examplePanel(examples.length > 1 ? (example.summary ?? example.name) : mediaType, mediaType, example.value));
  }
  return renderExampleTabs('api-payload', panels, 'Payload', named);
}

function renderExampleTabs(base: string, panels: TabPanel[], title: string, named: boolean): string {
  if (panels.length === 0) return '';
  return renderTabs(base, panels, {
    code: true,
    dropdown: named || panels.length > 4,
    className: 'docsc-response-example docsc-api-example',
    attributes: ' data-example="response"',
    before: `<p class="docsc-example-title">${escapeHtml(title)}</p>`,
  });
}

/** One example, highlighted in its media type's language; a value that is not a string is shown as the JSON it is. */
function examplePanel(label: string, mediaType: string, value: unknown): TabPanel {
  const text = exampleText(value);
  const language = typeof value === 'string' ? sampleLanguage(mediaType) : 'json';
  return {
    label,
    tag: 'figure',
    className: 'docsc-code-block',
    attributes: ` data-language="${language}" data-media-type="${escapeHtml(mediaType)}"`,
    html: `<pre class="docsc-code" tabindex="0"><code class="language-${language}">${highlightSample(text, language)}</code></pre>`,
  };
}

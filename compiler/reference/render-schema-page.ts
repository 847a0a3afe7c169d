// Schema pages (seed 2.16): frontmatter `openapi-schema: <name>` or
// `<file> <name>` documents `components.schemas.<name>` below the page's MDX:
// its description, its tree of fields and an example. The reference was
// checked by `docsc check` (resolve-openapi.ts reports a missing or
// ambiguous schema); here a reference that does not resolve to exactly one
// document renders nothing. Laid out as an operation's page: a head bar,
// the fields, and the example in the examples column.

import { asRecord } from '../openapi/json-pointer.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { escapeHtml } from '../site/escape-html.js';
import { renderExamplesColumn } from './api-examples.js';
import { API_HEAD_END, API_HEAD_START } from './api-head.js';
import { highlightJson } from './highlight-json.js';
import { exampleText, sampleSchema } from './media-examples.js';
import type { ApiPageBody } from './render-api-page.js';
import { renderSchemaTree } from './render-schema-tree.js';
import { RefResolver, stringOf } from './resolve-ref.js';
import { renderTabs } from './tab-markup.js';

export function renderSchemaPage(summary: PageSummary, documents: ReadonlyMap<string, OpenApiDocument | undefined>): ApiPageBody | undefined {
  const reference = summary.frontmatter['openapi-schema']?.reference;
  if (reference === undefined || reference.kind !== 'schema') return undefined;
  const loaded = [...documents.values()].filter((d): d is OpenApiDocument => d !== undefined);
  const spec = reference.spec?.text;
  const named = spec === undefined ? loaded : loaded.filter((d) => sameSpec(d.key, spec));
  const holders = named.filter((d) => d.schemaNames.includes(reference.name));
  const [document] = holders;
  if (document === undefined || holders.length > 1) return undefined;
  return schemaBody(document, reference.name);
}

export function schemaBody(document: OpenApiDocument, name: string): ApiPageBody {
  const resolver = new RefResolver(document.value);
  const pointer = `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const schema = asRecord(resolver.resolve({ $ref: pointer })) ?? {};
  const example = schema.example ?? sampleSchema({ $ref: pointer }, 'response', resolver);
  // The example goes in the examples column, as an operation's response example does.
  const panel = { label: 'Example', tag: 'figure' as const, className: 'docsc-code-block', attributes: ' data-language="json"' };
  const examples =
    example === undefined
      ? ''
      : renderTabs(
          'schema-example',
          [
            {
              ...panel,
              html: `<pre class="docsc-code" tabindex="0"><code class="language-json">${highlightJson(exampleText(example))}</code></pre>`,
            },
          ],
          {
            code: true,
            className: 'docsc-response-example docsc-api-example',
            attributes: ' data-example="response" id="schema-example"',
            before: `<p class="docsc-example-title">${escapeHtml(name)}</p>`,
          },
        );
  const parts = [
    `${API_HEAD_START}<div class="docsc-api-head"><div class="docsc-api-bar"><span class="docsc-method" data-method="schema">SCHEMA</span><code class="docsc-api-url"><span class="docsc-api-path">${escapeHtml(name)}</span></code></div></div>${API_HEAD_END}`,
    renderExamplesColumn([examples]),
    `<section class="docsc-schema-page" data-schema="${escapeHtml(name)}">`,
    '<div class="docsc-section-head"><h2 id="schema-fields">Fields</h2></div>',
    renderSchemaTree({ $ref: pointer }, resolver, 'schema'),
    '</section>',
  ];
  return {
    html: parts.join('\n'),
    text: [name, stringOf(schema.description)].filter((t) => t !== undefined).join(' '),
    toc: [{ depth: 2, text: 'Fields', id: 'schema-fields' }, ...(example === undefined ? [] : [{ depth: 2, text: 'Example', id: 'schema-example' }])],
  };
}

/** `openapi.json`, `/openapi.json` and `openapi` name one document. */
function sameSpec(key: string, spec: string): boolean {
  const strip = (text: string) => text.replace(/^\/+/, '').replace(/\.(json|ya?ml)$/i, '');
  return strip(key) === strip(spec) || key === spec;
}

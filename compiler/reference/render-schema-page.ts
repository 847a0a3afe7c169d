// Schema pages (seed 2.16): frontmatter `openapi-schema: <name>` or
// `<file> <name>` documents `components.schemas.<name>` below the page's MDX:
// its description, its tree of fields and an example. The reference was
// checked by `docsc check` (resolve-openapi.ts reports a missing or
// ambiguous schema); here a reference that does not resolve to exactly one
// document renders nothing.

import { asRecord } from '../openapi/json-pointer.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { escapeHtml } from '../site/escape-html.js';
import { exampleText, sampleSchema } from './media-examples.js';
import type { ApiPageBody } from './render-api-page.js';
import { renderSchemaTree } from './render-schema-tree.js';
import { RefResolver, stringOf } from './resolve-ref.js';

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
  const parts = [
    `<section class="docsc-schema-page" data-schema="${escapeHtml(name)}">`,
    `<div class="docsc-endpoint"><span class="docsc-method" data-method="schema">SCHEMA</span> <code class="docsc-endpoint-path">${escapeHtml(name)}</code></div>`,
    '<h2 id="schema-fields">Fields</h2>',
    renderSchemaTree({ $ref: pointer }, resolver),
  ];
  if (example !== undefined) {
    parts.push('<h2 id="schema-example">Example</h2>', `<pre><code class="language-json">${escapeHtml(exampleText(example))}</code></pre>`);
  }
  parts.push('</section>');
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

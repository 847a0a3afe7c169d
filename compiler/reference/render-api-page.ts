// The body of an API reference page, from one operation or webhook, in
// three parts the layout arranges (compiler/site/page-columns.ts): the head
// (api-head.ts: method, base URL and path, Try it, the playground's data),
// the examples column (api-examples.ts: request and response examples) and
// the fields (the long description, then api-sections.ts: authorization,
// parameters, body, responses, callbacks). Every value comes from an
// untrusted document: text is escaped, Markdown goes through
// render-description.ts, and the playground's data is inline JSON escaped
// for `<script>`. Bodies are cached by operation slice and settings, so
// rendering is pure: a document and settings in, HTML out.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ApiItem } from '../ir/api-pages.js';
import { asRecord, valueAt } from '../openapi/json-pointer.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { escapeHtml } from '../site/escape-html.js';
import { renderExamplesColumn, renderPayloadExample, renderRequestExample, renderResponseExample } from './api-examples.js';
import { renderApiHead } from './api-head.js';
import { renderCallback, renderOperationParts, renderSecurity, type Toc } from './api-sections.js';
import { type ApiSettings, DEFAULT_API_SETTINGS } from './api-settings.js';
import { type CodeSample, codeSamples } from './code-samples.js';
import { effectiveServers, mergedParameters, serverDefaultUrl } from './operation-parts.js';
import { describeDescription } from './plain-description.js';
import { playgroundData, renderPlaygroundEmbed } from './playground-data.js';
import { renderApiMarkdown } from './render-api-markdown.js';
import { isDefined, RefResolver, stringOf } from './resolve-ref.js';
import { operationSecurity } from './security-schemes.js';

export interface ApiPageBody {
  html: string;
  /** Plain text for the search index. */
  text: string;
  toc: { depth: number; text: string; id: string }[];
  /** Client entries the page needs besides `site` (the playground). */
  scripts?: string[];
  /** Problems found while rendering (`x-docs.content`'s MDX), replayed from the cache with the body. */
  diagnostics?: Diagnostic[];
  /** The page as Markdown (render-api-markdown.ts), when asked for. */
  markdown?: string;
}

/** `markdownTitle`: the page's title, to make its Markdown too (`body.markdown`). */
export function renderApiPage(
  document: OpenApiDocument,
  item: ApiItem,
  settings: ApiSettings = DEFAULT_API_SETTINGS,
  markdownTitle?: string,
): ApiPageBody {
  const info = item.type === 'operation' ? item.operation : item.webhook;
  const root = document.value;
  const resolver = new RefResolver(root);
  const operation = asRecord(resolver.resolve(valueAt(root, info.pointer))) ?? {};
  const pathItem = asRecord(resolver.resolve(valueAt(root, info.pointer.slice(0, -1)))) ?? {};
  const webhook = item.type === 'webhook';
  const label = item.type === 'operation' ? item.operation.path : item.webhook.name;
  const servers = effectiveServers(operation, pathItem, root);
  const parameters = mergedParameters(pathItem, operation, resolver);
  const requestBody = asRecord(resolver.resolve(operation.requestBody));
  const security = operationSecurity(operation, root, resolver);
  const parts: string[] = [];
  const toc: Toc = [];
  const method = webhook ? 'WEBHOOK' : info.method.toUpperCase();
  const body: ApiPageBody = { html: '', text: '', toc };
  let playground: string | undefined;
  if (!webhook && settings.display !== 'none') {
    const data = playgroundData({ method: info.method, path: label, servers, parameters, requestBody, security }, settings, resolver);
    playground = renderPlaygroundEmbed(data);
    body.scripts = ['playground'];
  }
  const deprecated = operation.deprecated === true || info.xDocs?.metadata?.deprecated === true;
  parts.push(renderApiHead({ label: method, method: info.method, path: label, servers, deprecated, ...(playground ? { playground } : {}) }));

  let samples: CodeSample[] = [];
  if (!webhook) {
    const firstServer = stringOf(asRecord(servers[0])?.url);
    const schemes = security.alternatives[0] ?? [];
    samples = codeSamples(
      {
        method: info.method,
        path: label,
        server: firstServer ? serverDefaultUrl(asRecord(servers[0]) ?? {}) : undefined,
        operation,
        parameters,
        requestBody,
        schemes,
      },
      settings,
      resolver,
    );
  }
  const responses = asRecord(operation.responses);
  parts.push(
    renderExamplesColumn(
      webhook
        ? [renderPayloadExample(requestBody, resolver), renderResponseExample(responses, resolver)]
        : [renderRequestExample(samples, info.method, label), renderResponseExample(responses, resolver)],
    ),
  );

  const description = stringOf(operation.description);
  // A one-paragraph plain description is the page's description, shown under its title by the layout
  // (unless `x-docs.metadata.description` replaces it there); any other is shown here, formatted, and only here.
  const replaced = stringOf(info.xDocs?.metadata?.description) !== undefined;
  const described = description === undefined ? undefined : describeDescription(description);
  if (described !== undefined && (replaced || !described.isPlain)) parts.push(`<div class="docsc-api-description">${described.html}</div>`);
  if (webhook)
    parts.push(
      '<p class="docsc-webhook-note">The API sends this request to a URL you register. The payload and headers below describe what arrives; answer with one of the expected responses.</p>',
    );
  if (security.alternatives.length > 0) {
    toc.push({ depth: 2, text: 'Authorization', id: 'authorization' });
    parts.push(renderSecurity(security));
  }
  parts.push(renderOperationParts(operation, parameters, requestBody, resolver, { webhook, level: 2, idPrefix: '', toc }));

  const callbacks = asRecord(operation.callbacks);
  if (callbacks && Object.keys(callbacks).length > 0) {
    toc.push({ depth: 2, text: 'Callbacks', id: 'callbacks' });
    parts.push('<section class="docsc-callbacks"><h2 id="callbacks">Callbacks</h2>');
    for (const [name, value] of Object.entries(callbacks))
      parts.push(renderCallback(name, asRecord(resolver.resolve(value)) ?? {}, resolver, toc, callbackEndpoint));
    parts.push('</section>');
  }
  body.html = parts.join('\n');
  body.text = [info.summary, info.description, ...parameters.map((p) => stringOf(p.name))].filter(isDefined).join(' ');
  if (markdownTitle !== undefined) {
    const serverUrls = servers.map((s) => stringOf(asRecord(s)?.url)).filter(isDefined);
    const view = { title: markdownTitle, webhook, method, label, serverUrls, description };
    body.markdown = renderApiMarkdown({ ...view, operation, parameters, requestBody, security, samples }, resolver);
  }
  return body;
}

/** A callback operation's line: its method and URL expression. */
function callbackEndpoint(method: string, expression: string): string {
  return `<div class="docsc-endpoint"><span class="docsc-method" data-method="${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code class="docsc-endpoint-path">${escapeHtml(expression)}</code></div>`;
}

// The body of an API reference page, from one operation or webhook: method,
// path and base URL(s), description, the playground's data, code samples,
// authentication, parameters by location, the request body (a webhook's
// payload) per media type, responses per status with their headers,
// schemas as trees with examples, and callbacks. Every value comes from an
// untrusted document: text is escaped, Markdown goes through
// render-description.ts, and the playground's data is inline JSON escaped
// for `<script>`. Bodies are cached by operation slice and settings, so
// rendering is pure: a document and settings in, HTML out.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ApiItem } from '../ir/api-pages.js';
import { asRecord, valueAt } from '../openapi/json-pointer.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { escapeHtml } from '../site/escape-html.js';
import { type ApiSettings, DEFAULT_API_SETTINGS } from './api-settings.js';
import { type CodeSample, codeSamples } from './code-samples.js';
import { exampleText, mediaExamples } from './media-examples.js';
import { contentSchema, effectiveServers, mergedParameters, parameterValue, serverDefaultUrl } from './operation-parts.js';
import { describeDescription } from './plain-description.js';
import { playgroundData, renderPlaygroundEmbed } from './playground-data.js';
import { renderApiMarkdown } from './render-api-markdown.js';
import { renderDescription } from './render-description.js';
import { renderField, renderSchemaTree } from './render-schema-tree.js';
import { idSlug, isDefined, type Json, RefResolver, stringOf } from './resolve-ref.js';
import { operationSecurity, type Security } from './security-schemes.js';

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

type Toc = ApiPageBody['toc'];

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

  parts.push(endpointLine(webhook ? 'WEBHOOK' : info.method.toUpperCase(), info.method, label, servers));
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

  const body: ApiPageBody = { html: '', text: '', toc };
  if (!webhook && settings.display !== 'none') {
    const data = playgroundData({ method: info.method, path: label, servers, parameters, requestBody, security }, settings, resolver);
    parts.push(renderPlaygroundEmbed(data));
    body.scripts = ['playground'];
  }
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
    if (samples.length > 0) parts.push(renderCodeSamples(samples));
  }
  if (security.alternatives.length > 0) {
    toc.push({ depth: 2, text: 'Authorization', id: 'authorization' });
    parts.push(renderSecurity(security));
  }
  parts.push(renderOperationParts(operation, parameters, requestBody, resolver, { webhook, level: 2, idPrefix: '', toc }));

  const callbacks = asRecord(operation.callbacks);
  if (callbacks && Object.keys(callbacks).length > 0) {
    toc.push({ depth: 2, text: 'Callbacks', id: 'callbacks' });
    parts.push('<section class="docsc-callbacks"><h2 id="callbacks">Callbacks</h2>');
    for (const [name, value] of Object.entries(callbacks)) parts.push(renderCallback(name, asRecord(resolver.resolve(value)) ?? {}, resolver, toc));
    parts.push('</section>');
  }
  body.html = parts.join('\n');
  body.text = [info.summary, info.description, ...parameters.map((p) => stringOf(p.name))].filter(isDefined).join(' ');
  if (markdownTitle !== undefined) {
    const serverUrls = servers.map((s) => stringOf(asRecord(s)?.url)).filter(isDefined);
    const view = { title: markdownTitle, webhook, method: webhook ? 'WEBHOOK' : info.method.toUpperCase(), label, serverUrls, description };
    body.markdown = renderApiMarkdown({ ...view, operation, parameters, requestBody, security, samples }, resolver);
  }
  return body;
}

interface PartsOptions {
  webhook: boolean;
  /** Heading level of the sections (2 on a page, 4 inside a callback). */
  level: number;
  idPrefix: string;
  toc: Toc;
}

/** Parameters, request body and responses: the parts an operation and a callback's operations share. */
function renderOperationParts(
  operation: Json,
  parameters: Json[],
  requestBody: Json | undefined,
  resolver: RefResolver,
  options: PartsOptions,
): string {
  const { level, idPrefix, toc } = options;
  const heading = (text: string, id: string) => {
    if (level === 2) toc.push({ depth: 2, text, id: idPrefix + id });
    return `<h${level} id="${escapeHtml(idPrefix + id)}">${escapeHtml(text)}</h${level}>`;
  };
  const parts: string[] = [];
  for (const location of ['path', 'query', 'header', 'cookie']) {
    const here = parameters.filter((p) => p.in === location);
    if (here.length === 0) continue;
    const title = options.webhook && location === 'header' ? 'Headers' : `${capitalize(location)} parameters`;
    const fields = here.map((p) =>
      renderField(
        p.schema ?? contentSchema(p, resolver),
        {
          name: stringOf(p.name) ?? '',
          required: p.required === true || location === 'path',
          deprecated: p.deprecated === true,
          ...(stringOf(p.description) !== undefined ? { description: p.description as string } : {}),
          ...(parameterValue(p, resolver) !== undefined ? { example: parameterValue(p, resolver) } : {}),
        },
        resolver,
      ),
    );
    parts.push(`<section class="docsc-parameters" data-in="${location}">${heading(title, `${location}-parameters`)}${fields.join('')}</section>`);
  }
  if (requestBody) {
    const title = options.webhook ? 'Payload' : 'Request body';
    parts.push(`<section class="docsc-request-body">${heading(title, 'request-body')}`);
    if (requestBody.required === true) parts.push('<p class="docsc-required"><span class="docsc-badge docsc-badge-required">required</span></p>');
    const description = stringOf(requestBody.description);
    if (description) parts.push(renderDescription(description));
    parts.push(renderContent(asRecord(requestBody.content), 'request', resolver), '</section>');
  }
  const responses = asRecord(operation.responses);
  if (responses && Object.keys(responses).length > 0) {
    parts.push(`<section class="docsc-responses">${heading(options.webhook ? 'Expected responses' : 'Responses', 'responses')}`);
    const sub = Math.min(level + 1, 6);
    for (const [status, value] of Object.entries(responses)) {
      const response = asRecord(resolver.resolve(value)) ?? {};
      const id = `${idPrefix}response-${idSlug(status) || 'status'}`;
      parts.push(`<div class="docsc-response" data-status="${escapeHtml(status)}">`);
      parts.push(
        `<h${sub} id="${escapeHtml(id)}"><code class="docsc-status" data-class="${escapeHtml(status.charAt(0))}">${escapeHtml(status)}</code></h${sub}>`,
      );
      const description = stringOf(response.description);
      if (description) parts.push(renderDescription(description));
      const headers = asRecord(response.headers);
      if (headers && Object.keys(headers).length > 0) {
        const fields = Object.entries(headers).map(([name, h]) => {
          const header = asRecord(resolver.resolve(h)) ?? {};
          const text = stringOf(header.description);
          return renderField(
            header.schema,
            { name, required: header.required === true, deprecated: header.deprecated === true, ...(text ? { description: text } : {}) },
            resolver,
          );
        });
        parts.push(`<div class="docsc-response-headers"><p class="docsc-label">Headers</p>${fields.join('')}</div>`);
      }
      parts.push(renderContent(asRecord(response.content), 'response', resolver), '</div>');
    }
    parts.push('</section>');
  }
  return parts.join('\n');
}

function renderContent(content: Json | undefined, direction: 'request' | 'response', resolver: RefResolver): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([mediaType, value]) => {
      const media = asRecord(value);
      const tree = media?.schema === undefined ? '' : renderSchemaTree(media.schema, resolver);
      const examples = mediaExamples(media, direction, resolver)
        .map((example) => {
          const title = `${example.summary ?? example.name}${example.generated ? ' (generated)' : ''}`;
          const language = /json/i.test(mediaType) ? 'json' : /xml/i.test(mediaType) ? 'xml' : 'text';
          return `<details class="docsc-example"${direction === 'response' ? '' : ' open'}><summary>${escapeHtml(title)}</summary><pre><code class="language-${language}">${escapeHtml(exampleText(example.value))}</code></pre></details>`;
        })
        .join('');
      return `<div class="docsc-media-type" data-media-type="${escapeHtml(mediaType)}"><p class="docsc-label"><code>${escapeHtml(mediaType)}</code></p>${tree}${examples}</div>`;
    })
    .join('');
}

function renderCallback(name: string, callback: Json, resolver: RefResolver, toc: Toc): string {
  const parts = [`<div class="docsc-callback"><h3 id="callback-${escapeHtml(idSlug(name))}">${escapeHtml(name)}</h3>`];
  toc.push({ depth: 3, text: name, id: `callback-${idSlug(name)}` });
  for (const [expression, value] of Object.entries(callback)) {
    const pathItem = asRecord(resolver.resolve(value)) ?? {};
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
      const operation = asRecord(resolver.resolve(pathItem[method]));
      if (!operation) continue;
      const prefix = `callback-${idSlug(name)}-${method}-`;
      parts.push(endpointLine(method.toUpperCase(), method, expression, []));
      const description = stringOf(operation.description) ?? stringOf(operation.summary);
      if (description) parts.push(renderDescription(description));
      const requestBody = asRecord(resolver.resolve(operation.requestBody));
      parts.push(
        renderOperationParts(operation, mergedParameters(pathItem, operation, resolver), requestBody, resolver, {
          webhook: true,
          level: 4,
          idPrefix: prefix,
          toc,
        }),
      );
    }
  }
  parts.push('</div>');
  return parts.join('\n');
}

function renderSecurity(security: Security): string {
  const alternatives = security.alternatives.map(
    (schemes) =>
      `<li>${schemes
        .map((s) => {
          const where = s.kind === 'apiKey' ? ` <code>${escapeHtml(s.paramName)}</code>` : '';
          const scopes =
            s.scopes.length > 0
              ? ` <span class="docsc-scopes">scopes: ${s.scopes.map((x) => `<code>${escapeHtml(x)}</code>`).join(', ')}</span>`
              : '';
          const text = s.description ? renderDescription(s.description) : '';
          return `<div class="docsc-security-scheme" data-kind="${s.kind}"><p><strong>${escapeHtml(s.name)}</strong>: ${escapeHtml(s.label)}${where}${s.bearerFormat ? ` (${escapeHtml(s.bearerFormat)})` : ''}${scopes}</p>${text}</div>`;
        })
        .join('')}</li>`,
  );
  const intro =
    security.alternatives.length > 1
      ? '<p>Any one of:</p>'
      : security.alternatives[0]?.length && security.alternatives[0].length > 1
        ? '<p>All of:</p>'
        : '';
  const optional = security.optional ? '<p class="docsc-security-optional">Authentication is optional.</p>' : '';
  return `<section class="docsc-security"><h2 id="authorization">Authorization</h2>${intro}${optional}<ul>${alternatives.join('')}</ul></section>`;
}

function renderCodeSamples(samples: CodeSample[]): string {
  const figures = samples.map(
    (s) =>
      `<figure class="docsc-code-sample" data-language="${escapeHtml(s.language)}"${s.generated === true ? ' data-generated' : s.generated ? ` data-generated="${s.generated}"` : ''}><figcaption>${escapeHtml(s.label)}</figcaption><pre><code class="language-${escapeHtml(idSlug(s.language) || 'text')}">${escapeHtml(s.source)}</code></pre></figure>`,
  );
  return `<div class="docsc-code-samples" data-docsc-code-samples>${figures.join('')}</div>`;
}

function endpointLine(label: string, method: string, path: string, servers: unknown[]): string {
  const urls = servers.map((s) => stringOf(asRecord(s)?.url)).filter(isDefined);
  const base = urls[0] === undefined ? '' : ` <span class="docsc-base-url">${escapeHtml(urls[0])}</span>`;
  const more = urls.length > 1 ? `<ul class="docsc-servers">${urls.map((u) => `<li><code>${escapeHtml(u)}</code></li>`).join('')}</ul>` : '';
  return `<div class="docsc-endpoint"><span class="docsc-method" data-method="${escapeHtml(method)}">${escapeHtml(label)}</span> <code class="docsc-endpoint-path">${escapeHtml(path)}</code>${base}</div>${more}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The left column of an API page: Authorization, the parameters by
// location, the request body (a webhook's payload; tabs per content type
// when there are several) and the responses (tabs per status code, which
// the response example's tabs follow), each as fields (render-schema-tree.ts);
// and callbacks, whose operations are laid out the same way. Examples are
// not here: the examples column (api-examples.ts) shows each one once.

import { asRecord } from '../openapi/json-pointer.js';
import { escapeHtml } from '../site/escape-html.js';
import { contentSchema, mergedParameters, parameterValue } from './operation-parts.js';
import { renderDescription } from './render-description.js';
import { renderField, renderSchemaTree } from './render-schema-tree.js';
import { idSlug, type Json, type RefResolver, stringOf } from './resolve-ref.js';
import type { Security, SecurityScheme } from './security-schemes.js';
import { renderTabs, type TabPanel } from './tab-markup.js';

export type Toc = { depth: number; text: string; id: string }[];

export interface PartsOptions {
  webhook: boolean;
  /** Heading level of the sections (2 on a page, 4 inside a callback). */
  level: number;
  idPrefix: string;
  toc: Toc;
}

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Parameters, request body and responses: the parts an operation and a callback's operations share. */
export function renderOperationParts(
  operation: Json,
  parameters: Json[],
  requestBody: Json | undefined,
  resolver: RefResolver,
  options: PartsOptions,
): string {
  const { level, idPrefix, toc } = options;
  const heading = (text: string, id: string, aside = '') => {
    if (level === 2) toc.push({ depth: 2, text, id: idPrefix + id });
    return `<div class="docsc-section-head"><h${level} id="${escapeHtml(idPrefix + id)}">${escapeHtml(text)}</h${level}>${aside}</div>`;
  };
  const parts: string[] = [];
  for (const location of LOCATIONS) {
    const here = parameters.filter((p) => p.in === location);
    if (here.length === 0) continue;
    const title = options.webhook && location === 'header' ? 'Headers' : `${capitalize(location)} parameters`;
    const fields = here.map((p) => {
      const name = stringOf(p.name) ?? '';
      const example = parameterValue(p, resolver);
      return renderField(
        p.schema ?? contentSchema(p, resolver),
        {
          name,
          required: p.required === true || location === 'path',
          deprecated: p.deprecated === true,
          ...(stringOf(p.description) !== undefined ? { description: p.description as string } : {}),
          ...(example !== undefined ? { example } : {}),
        },
        resolver,
        `${idPrefix}${location}-${idSlug(name) || 'parameter'}`,
      );
    });
    parts.push(`<section class="docsc-parameters" data-in="${location}">${heading(title, `${location}-parameters`)}${fields.join('')}</section>`);
  }
  if (requestBody) {
    const content = Object.entries(asRecord(requestBody.content) ?? {});
    const [onlyType] = content.length === 1 ? (content[0] as [string, unknown]) : [];
    const required = requestBody.required === true ? '<span class="docsc-badge docsc-badge-required">required</span>' : '';
    const aside = `<span class="docsc-section-meta">${onlyType === undefined ? '' : `<code class="docsc-media-label">${escapeHtml(onlyType)}</code>`}${required}</span>`;
    parts.push(`<section class="docsc-request-body">${heading(options.webhook ? 'Payload' : 'Body', 'request-body', aside)}`);
    const description = stringOf(requestBody.description);
    if (description) parts.push(renderDescription(description));
    const panels: TabPanel[] = content.map(([mediaType, value], i) => ({
      label: mediaType,
      html: mediaFields(asRecord(value), resolver, `${idPrefix}body${i === 0 ? '' : `-${idSlug(mediaType)}`}`),
      attributes: ` data-media-type="${escapeHtml(mediaType)}"`,
    }));
    if (panels.length === 1)
      parts.push(`<div class="docsc-media-type" data-media-type="${escapeHtml(onlyType ?? '')}">${panels[0]?.html ?? ''}</div>`);
    else if (panels.length > 1) parts.push(renderTabs(`${idPrefix}api-body`, panels, { className: 'docsc-media-tabs' }));
    parts.push('</section>');
  }
  const responses = asRecord(operation.responses);
  if (responses && Object.keys(responses).length > 0) {
    const panels: TabPanel[] = Object.entries(responses).map(([status, value]) => ({
      label: status,
      html: renderResponse(status, asRecord(resolver.resolve(value)) ?? {}, resolver, `${idPrefix}response-${idSlug(status) || 'status'}`),
      attributes: ` data-status="${escapeHtml(status)}"`,
      className: 'docsc-response',
    }));
    parts.push(
      `<section class="docsc-responses">${heading(options.webhook ? 'Expected responses' : 'Responses', 'responses')}${renderTabs(`${idPrefix}api-status`, panels, { className: 'docsc-status-tabs' })}</section>`,
    );
  }
  return parts.join('\n');
}

/** One response: its description, headers and body fields (per media type). */
function renderResponse(status: string, response: Json, resolver: RefResolver, id: string): string {
  const description = stringOf(response.description);
  // The status's anchor (`#response-201`), on a part every response has.
  const parts: string[] = [
    `<div class="docsc-response-description" id="${escapeHtml(id)}" data-class="${escapeHtml(status.charAt(0))}">${description ? renderDescription(description) : ''}</div>`,
  ];
  const headers = asRecord(response.headers);
  if (headers && Object.keys(headers).length > 0) {
    const fields = Object.entries(headers).map(([name, h]) => {
      const header = asRecord(resolver.resolve(h)) ?? {};
      const text = stringOf(header.description);
      return renderField(
        header.schema,
        { name, required: header.required === true, deprecated: header.deprecated === true, ...(text ? { description: text } : {}) },
        resolver,
        `${id}-header-${idSlug(name) || 'header'}`,
      );
    });
    parts.push(`<div class="docsc-response-headers"><p class="docsc-label">Headers</p>${fields.join('')}</div>`);
  }
  for (const [i, [mediaType, value]] of Object.entries(asRecord(response.content) ?? {}).entries()) {
    const fields = mediaFields(asRecord(value), resolver, i === 0 ? id : `${id}-${idSlug(mediaType)}`);
    parts.push(
      `<div class="docsc-media-type" data-media-type="${escapeHtml(mediaType)}"><p class="docsc-label"><code class="docsc-media-label">${escapeHtml(mediaType)}</code></p>${fields}</div>`,
    );
  }
  return parts.join('');
}

function mediaFields(media: Json | undefined, resolver: RefResolver, id: string): string {
  return media?.schema === undefined ? '' : renderSchemaTree(media.schema, resolver, id);
}

export function renderCallback(
  name: string,
  callback: Json,
  resolver: RefResolver,
  toc: Toc,
  endpoint: (method: string, path: string) => string,
): string {
  const parts = [`<div class="docsc-callback"><h3 id="callback-${escapeHtml(idSlug(name))}">${escapeHtml(name)}</h3>`];
  toc.push({ depth: 3, text: name, id: `callback-${idSlug(name)}` });
  for (const [expression, value] of Object.entries(callback)) {
    const pathItem = asRecord(resolver.resolve(value)) ?? {};
    for (const method of METHODS) {
      const operation = asRecord(resolver.resolve(pathItem[method]));
      if (!operation) continue;
      const prefix = `callback-${idSlug(name)}-${method}-`;
      parts.push(endpoint(method, expression));
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

/**
 * Authorization as fields: where each credential goes (`Authorization`
 * header, an API key's header, query parameter or cookie), what it is, its
 * scopes; tabs when the operation accepts several alternatives.
 */
export function renderSecurity(security: Security): string {
  const alternative = (schemes: SecurityScheme[], i: number) =>
    schemes
      .map((s) => {
        const where = s.kind === 'apiKey' ? (s.in ?? 'header') : 'header';
        const kind =
          s.kind === 'basic'
            ? 'Basic authentication header of the form <code>Basic &lt;encoded-value&gt;</code>, where the value is base64 of <code>username:password</code>.'
            : s.kind === 'apiKey'
              ? `An API key (${escapeHtml(s.name)}).`
              : s.kind === 'unsupported'
                ? `${escapeHtml(s.label)} (${escapeHtml(s.name)}).`
                : `${escapeHtml(s.label)} (${escapeHtml(s.name)}): a header of the form <code>Bearer &lt;token&gt;</code>${s.bearerFormat ? `, the token a ${escapeHtml(s.bearerFormat)}` : ''}.`;
        const scopes =
          s.scopes.length > 0
            ? `<ul class="docsc-field-facts"><li>Scopes: ${s.scopes.map((x) => `<code>${escapeHtml(x)}</code>`).join(', ')}</li></ul>`
            : '';
        const id = `authorization-${idSlug(s.paramName) || 'credential'}${i > 0 ? `-${i + 1}` : ''}`;
        const required = security.optional ? '' : '<span class="docsc-badge docsc-badge-required">required</span>';
        return `<div class="docsc-field docsc-security-scheme" id="${escapeHtml(id)}" data-kind="${s.kind}"><div class="docsc-field-head"><a class="docsc-field-anchor" href="#${escapeHtml(id)}" aria-label="${escapeHtml(`Link to ${s.paramName}`)}"><span aria-hidden="true">#</span></a><code class="docsc-field-name">${escapeHtml(s.paramName)}</code><span class="docsc-type">string</span><span class="docsc-field-location">${where}</span>${required}</div><div class="docsc-field-description"><p>${kind}</p>${s.description ? renderDescription(s.description) : ''}</div>${scopes}</div>`;
      })
      .join('');
  const optional = security.optional ? '<p class="docsc-security-optional">Authentication is optional.</p>' : '';
  const { alternatives } = security;
  const body =
    alternatives.length === 1
      ? alternative(alternatives[0] ?? [], 0)
      : renderTabs(
          'api-auth',
          alternatives.map((schemes, i) => ({ label: schemes.map((s) => s.name).join(' + '), html: alternative(schemes, i) })),
          { className: 'docsc-auth-tabs' },
        );
  return `<section class="docsc-security"><div class="docsc-section-head"><h2 id="authorization">Authorization</h2></div>${optional}${body}</section>`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

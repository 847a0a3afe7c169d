// The body of an API reference page, from one operation or webhook: method,
// path and base URL, description, parameters by location, request body per
// media type and responses per status. Every value comes from an untrusted
// document: text is escaped, Markdown goes through render-description.ts.
// This is the plain reference the build emits for every API entry; schema
// trees, examples and the playground build on it.

import type { ApiItem } from '../ir/api-pages.js';
import { asRecord, refSegments, valueAt } from '../openapi/json-pointer.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { escapeHtml } from '../site/escape-html.js';
import { renderDescription } from './render-description.js';

type Json = Record<string, unknown>;

export interface ApiPageBody {
  html: string;
  /** Plain text for the search index. */
  text: string;
  toc: { depth: number; text: string; id: string }[];
}

export function renderApiPage(document: OpenApiDocument, item: ApiItem): ApiPageBody {
  const info = item.type === 'operation' ? item.operation : item.webhook;
  const resolver = new RefResolver(document.value);
  const operation = asRecord(resolver.resolve(valueAt(document.value, info.pointer))) ?? {};
  const pathItem = asRecord(resolver.resolve(valueAt(document.value, info.pointer.slice(0, -1)))) ?? {};
  const parts: string[] = [];
  const toc: ApiPageBody['toc'] = [];
  const label = item.type === 'operation' ? item.operation.path : item.webhook.name;
  const server = firstServer(operation, pathItem, document.value);
  parts.push(
    `<div class="docsc-endpoint"><span class="docsc-method" data-method="${escapeHtml(info.method)}">${escapeHtml(item.type === 'webhook' ? 'WEBHOOK' : info.method.toUpperCase())}</span> <code class="docsc-endpoint-path">${escapeHtml(label)}</code>${server ? ` <span class="docsc-base-url">${escapeHtml(server)}</span>` : ''}</div>`,
  );
  if (typeof operation.description === 'string') parts.push(`<div class="docsc-api-description">${renderDescription(operation.description)}</div>`);

  const parameters = [...asArray(pathItem.parameters), ...asArray(operation.parameters)].map((p) => asRecord(resolver.resolve(p))).filter(isDefined);
  for (const location of ['path', 'query', 'header', 'cookie']) {
    const here = parameters.filter((p) => p.in === location);
    if (here.length === 0) continue;
    const id = `${location}-parameters`;
    const title = `${capitalize(location)} parameters`;
    toc.push({ depth: 2, text: title, id });
    parts.push(
      `<section class="docsc-parameters"><h2 id="${id}">${title}</h2><dl>${here.map((p) => renderParameter(p, resolver)).join('')}</dl></section>`,
    );
  }

  const body = asRecord(resolver.resolve(operation.requestBody));
  if (body) {
    toc.push({ depth: 2, text: 'Request body', id: 'request-body' });
    parts.push(
      `<section class="docsc-request-body"><h2 id="request-body">Request body</h2>${body.required === true ? '<p class="docsc-required">Required</p>' : ''}`,
    );
    if (typeof body.description === 'string') parts.push(renderDescription(body.description));
    parts.push(renderContent(asRecord(body.content), resolver), '</section>');
  }

  const responses = asRecord(operation.responses);
  if (responses && Object.keys(responses).length > 0) {
    toc.push({ depth: 2, text: 'Responses', id: 'responses' });
    parts.push('<section class="docsc-responses"><h2 id="responses">Responses</h2>');
    for (const [status, value] of Object.entries(responses)) {
      const response = asRecord(resolver.resolve(value)) ?? {};
      const id = `response-${slug(status)}`;
      parts.push(`<h3 id="${escapeHtml(id)}"><code>${escapeHtml(status)}</code></h3>`);
      if (typeof response.description === 'string') parts.push(renderDescription(response.description));
      parts.push(renderContent(asRecord(response.content), resolver));
    }
    parts.push('</section>');
  }
  const text = [info.summary, info.description].filter(isDefined).join(' ');
  return { html: parts.join('\n'), text, toc };
}

function renderParameter(parameter: Json, resolver: RefResolver): string {
  const schema = asRecord(resolver.resolve(parameter.schema));
  const facts = [
    schemaType(schema),
    parameter.required === true ? 'required' : undefined,
    parameter.deprecated === true ? 'deprecated' : undefined,
  ].filter(isDefined);
  const description = typeof parameter.description === 'string' ? renderDescription(parameter.description) : '';
  const name = typeof parameter.name === 'string' ? parameter.name : '';
  return `<dt><code>${escapeHtml(name)}</code> <span class="docsc-facts">${escapeHtml(facts.join(', '))}</span></dt><dd>${description}</dd>`;
}

function renderContent(content: Json | undefined, resolver: RefResolver): string {
  if (!content) return '';
  const rows = Object.entries(content).map(([mediaType, value]) => {
    const schema = asRecord(resolver.resolve(asRecord(value)?.schema));
    const properties = asRecord(schema?.properties);
    const required = new Set(asArray(schema?.required).filter((r): r is string => typeof r === 'string'));
    const list = properties
      ? `<dl>${Object.entries(properties)
          .map(([name, property]) => {
            const resolved = asRecord(resolver.resolve(property));
            const facts = [schemaType(resolved), required.has(name) ? 'required' : undefined].filter(isDefined).join(', ');
            const description = typeof resolved?.description === 'string' ? renderDescription(resolved.description) : '';
            return `<dt><code>${escapeHtml(name)}</code> <span class="docsc-facts">${escapeHtml(facts)}</span></dt><dd>${description}</dd>`;
          })
          .join('')}</dl>`
      : '';
    return `<div class="docsc-media-type"><p><code>${escapeHtml(mediaType)}</code> ${escapeHtml(schemaType(schema) ?? '')}</p>${list}</div>`;
  });
  return rows.join('');
}

function schemaType(schema: Json | undefined): string | undefined {
  if (!schema) return undefined;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : typeof schema.type === 'string' ? schema.type : undefined;
  if (type === 'array') {
    const items = asRecord(schema.items);
    return `array of ${typeof items?.type === 'string' ? items.type : 'items'}`;
  }
  if (type !== undefined && typeof schema.format === 'string') return `${type} (${schema.format})`;
  if (type !== undefined) return type;
  if (schema.oneOf) return 'one of';
  if (schema.anyOf) return 'any of';
  if (schema.allOf) return 'all of';
  return undefined;
}

function firstServer(operation: Json, pathItem: Json, root: Json): string | undefined {
  for (const owner of [operation, pathItem, root]) {
    const url = asRecord(asArray(owner.servers)[0])?.url;
    if (typeof url === 'string') return url;
  }
  return undefined;
}

/** Follows local `$ref`s, at most 32 in a row (a cycle stops there). */
class RefResolver {
  constructor(private root: Json) {}

  resolve(value: unknown): unknown {
    let node = value;
    for (let hops = 0; hops < 32; hops++) {
      const ref = asRecord(node)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
      node = valueAt(this.root, refSegments(ref));
    }
    return undefined;
  }
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

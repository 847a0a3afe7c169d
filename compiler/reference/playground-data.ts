// The playground's data for one operation (shape: runtime/client/playground/
// playground-data.ts), embedded in the page as inline JSON. Servers are the
// operation's, else its path item's, else the document's; a server whose URL
// is not http(s) — nor relative, which the browser resolves against the site
// — is dropped, and no usable server means simple mode. Inline JSON is
// escaped so that no document text can end the `<script>` element.

import type { PlaygroundData, PlaygroundMediaType, PlaygroundParameter, PlaygroundServer } from '../../runtime/client/playground/playground-data.js';
import { asRecord } from '../openapi/json-pointer.js';
import { inlineJson } from '../site/escape-html.js';
import type { ApiSettings } from './api-settings.js';
import { parameterExample } from './code-samples.js';
import { exampleText, mediaExamples } from './media-examples.js';
import { bodyProperties } from './playground-body-fields.js';
import { typeLabel } from './render-schema-tree.js';
import { asArray, type Json, type RefResolver, stringOf } from './resolve-ref.js';
import type { Security } from './security-schemes.js';

export interface PlaygroundInput {
  method: string;
  path: string;
  servers: unknown[];
  parameters: Json[];
  requestBody: Json | undefined;
  security: Security;
}

export function playgroundData(input: PlaygroundInput, settings: ApiSettings, resolver: RefResolver): PlaygroundData {
  const servers = input.servers.flatMap((s) => {
    const server = readServer(asRecord(s));
    return server ? [server] : [];
  });
  const data: PlaygroundData = {
    method: input.method.toUpperCase(),
    path: input.path,
    mode: 'interactive',
    servers,
    security: {
      optional: input.security.optional,
      alternatives: input.security.alternatives.map((alternative) =>
        alternative.map(({ name, kind, in: where, paramName, label }) => ({ name, kind, paramName, label, ...(where ? { in: where } : {}) })),
      ),
    },
    parameters: input.parameters.flatMap((p) => readParameter(p, settings, resolver)),
    proxy: settings.proxy,
  };
  if (settings.credentials) data.credentials = true;
  if (settings.display === 'simple') {
    data.mode = 'simple';
    data.reason = 'This site shows the playground in simple mode: requests are not sent from here.';
  } else if (servers.length === 0) {
    data.mode = 'simple';
    data.reason =
      input.servers.length === 0
        ? 'The API description declares no server, so there is no base URL to send requests to.'
        : 'The API description declares no server with an http(s) URL, so there is no base URL to send requests to.';
  }
  const content = asRecord(input.requestBody?.content);
  if (content) {
    const mediaTypes = Object.entries(content).map(([type, media]) => readMediaType(type, asRecord(media), settings, resolver));
    if (mediaTypes.length > 0) data.body = { required: input.requestBody?.required === true, mediaTypes };
  }
  return data;
}

/** The element the client turns into the playground, with its data; without JavaScript it says what it needs. */
export function renderPlaygroundEmbed(data: PlaygroundData): string {
  return [
    '<section class="docsc-playground" data-docsc-playground aria-label="API playground">',
    `<script type="application/json" class="docsc-playground-data">${inlineJson(data)}</script>`,
    '<noscript><p class="docsc-playground-noscript">The API playground needs JavaScript. The reference on this page is complete without it.</p></noscript>',
    '</section>',
  ].join('');
}

function readServer(server: Json | undefined): PlaygroundServer | undefined {
  const url = stringOf(server?.url);
  if (url === undefined) return undefined;
  const variables = Object.entries(asRecord(server?.variables) ?? {}).map(([name, v]) => {
    const variable = asRecord(v) ?? {};
    const values = asArray(variable.enum).map(String);
    const description = stringOf(variable.description);
    return {
      name,
      default: variable.default === undefined ? (values[0] ?? '') : String(variable.default),
      ...(values.length > 0 ? { enum: values } : {}),
      ...(description ? { description } : {}),
    };
  });
  const withDefaults = url.replace(/\{([^}]*)\}/g, (_, name: string) => variables.find((v) => v.name === name)?.default ?? '');
  if (!usableServerUrl(withDefaults)) return undefined;
  const description = stringOf(server?.description);
  return { url, variables, ...(description ? { description } : {}) };
}

/** A server URL (variables in place) the playground may call: http(s) or relative (to the site); never `javascript:` or other schemes. */
export function usableServerUrl(url: string): boolean {
  const trimmed = url.trim();
  if (/^https?:\/\/[^/?#\s]/i.test(trimmed)) return !/[\0-\x1f\\\s]/.test(trimmed);
  return !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//') && !/[\0-\x1f\\]/.test(trimmed);
}

function readParameter(value: Json, settings: ApiSettings, resolver: RefResolver): PlaygroundParameter[] {
  const name = stringOf(value.name);
  const where = value.in;
  if (name === undefined || (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie')) return [];
  const schema = asRecord(resolver.resolve(value.schema));
  const values = asArray(schema?.enum).map(String);
  const type = typeLabel(schema);
  const required = value.required === true || where === 'path';
  const parameter: PlaygroundParameter = { name, in: where, required };
  if (type) parameter.type = type;
  if (values.length > 0) parameter.enum = values;
  // Optional and path parameters are prefilled only with values the document gives, never with generated ones.
  const prefill = settings.prefill || required ? parameterExample(value, resolver, required && where !== 'path') : undefined;
  if (prefill !== undefined) parameter.value = prefill;
  return [parameter];
}

function readMediaType(type: string, media: Json | undefined, settings: ApiSettings, resolver: RefResolver): PlaygroundMediaType {
  const mediaSchema = media?.schema;
  const example = settings.prefill ? mediaExamples(media, 'request', resolver)[0]?.value : undefined;
  if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) {
    const schema = asRecord(resolver.resolve(media?.schema)) ?? {};
    const required = new Set(asArray(schema.required));
    const fields = Object.entries(asRecord(schema.properties) ?? {}).map(([name, p]) => {
      const property = asRecord(resolver.resolve(p)) ?? {};
      const file = property.format === 'binary' || property.format === 'base64' || property.contentMediaType !== undefined;
      const sample = asRecord(example)?.[name];
      return {
        name,
        type: typeLabel(property) ?? 'string',
        required: required.has(name),
        file,
        ...(sample !== undefined && !file ? { value: typeof sample === 'string' ? sample : JSON.stringify(sample) } : {}),
      };
    });
    return { type, fields };
  }
  const read: PlaygroundMediaType = example === undefined ? { type } : { type, example: exampleText(example, 100_000) };
  if (/json/i.test(type)) {
    const properties = bodyProperties(mediaSchema, resolver);
    if (properties.length > 0) read.properties = properties;
  }
  return read;
}

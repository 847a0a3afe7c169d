// The Markdown source of a generated API page (what `contextual`'s "Copy
// page" and "View as Markdown" give, as an MDX page's own file is for it):
// the title, method, path and servers, the description as written, the code
// samples (the document's own and the first generated one), authentication,
// parameters, request body, responses and callbacks the HTML reference shows,
// from the same values (render-api-page.ts computes them once for both).
// Fields are nested lists with their type, badges and facts; examples are
// fenced blocks.
//
// Bounded, since a document's schemas can reach megabytes per operation
// (Microsoft Graph): at most FIELD_BUDGET fields per tree and MAX_DEPTH
// levels, EXAMPLE_CHARS per example, and MAX_CHARS per page, past which the
// text is cut at a line with a note that the page has the rest. The values
// come from an untrusted document, but the file is plain text: Markdown is
// written as the document wrote it, and code spans and fences are made longer
// than any run of backticks in what they hold.

import { asRecord } from '../openapi/json-pointer.js';
import type { CodeSample } from './code-samples.js';
import { exampleText, mediaExamples } from './media-examples.js';
import { contentSchema, mergedParameters, parameterValue } from './operation-parts.js';
import { type FactPart, type FieldExtras, mergeAllOf, schemaFacts, typeLabel } from './render-schema-tree.js';
import { asArray, type Json, type RefResolver, refName, stringOf } from './resolve-ref.js';
import { sampleLanguage } from './sample-tokens.js';
import type { Security } from './security-schemes.js';

/** Fields listed per tree before the rest is counted. */
const FIELD_BUDGET = 200;
/** Levels of nesting listed; deeper objects are named, not expanded. */
const MAX_DEPTH = 6;
/** Characters of one example shown. */
const EXAMPLE_CHARS = 4_000;
/** Characters of a page's Markdown. */
export const MAX_CHARS = 200_000;

/** The parts of an operation or webhook that its page shows, as render-api-page.ts found them. */
export interface OperationView {
  title: string;
  webhook: boolean;
  /** `GET`, …, or `WEBHOOK`. */
  method: string;
  /** The path, or the webhook's name. */
  label: string;
  serverUrls: string[];
  description: string | undefined;
  operation: Json;
  parameters: Json[];
  requestBody: Json | undefined;
  security: Security;
  samples: CodeSample[];
}

export function renderApiMarkdown(view: OperationView, resolver: RefResolver): string {
  const out: string[] = [`# ${oneLine(view.title)}`, '', inlineCode(`${view.method} ${view.label}`)];
  if (view.serverUrls.length === 1) out.push('', `Server: ${inlineCode(view.serverUrls[0] as string)}`);
  else if (view.serverUrls.length > 1) out.push('', 'Servers:', '', ...view.serverUrls.map((url) => `- ${inlineCode(url)}`));
  if (view.description !== undefined) out.push('', view.description.trim());
  if (view.webhook)
    out.push(
      '',
      'The API sends this request to a URL you register. The payload and headers below describe what arrives; answer with one of the expected responses.',
    );
  // The document's own samples and the first generated one (the others say the same in other languages).
  const samples = view.samples.filter((sample, i) => !sample.generated || view.samples.findIndex((s) => s.generated) === i);
  if (samples.length > 0) {
    out.push('', '## Code samples');
    for (const sample of samples) out.push('', `${oneLine(sample.label)}:`, '', ...fenced(sample.source, sample.language));
  }
  if (view.security.alternatives.length > 0) out.push('', '## Authorization', '', ...securityLines(view.security));
  operationParts(view.operation, view.parameters, view.requestBody, resolver, view.webhook, 2, out);
  const callbacks = asRecord(view.operation.callbacks);
  if (callbacks && Object.keys(callbacks).length > 0) {
    out.push('', '## Callbacks');
    for (const [name, value] of Object.entries(callbacks)) {
      out.push('', `### ${oneLine(name)}`);
      for (const [expression, item] of Object.entries(asRecord(resolver.resolve(value)) ?? {})) {
        const pathItem = asRecord(resolver.resolve(item)) ?? {};
        for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
          const operation = asRecord(resolver.resolve(pathItem[method]));
          if (!operation) continue;
          out.push('', inlineCode(`${method.toUpperCase()} ${expression}`));
          const description = stringOf(operation.description) ?? stringOf(operation.summary);
          if (description) out.push('', description.trim());
          const requestBody = asRecord(resolver.resolve(operation.requestBody));
          operationParts(operation, mergedParameters(pathItem, operation, resolver), requestBody, resolver, true, 4, out);
        }
      }
    }
  }
  return bounded(`${out.join('\n')}\n`);
}

/** Parameters by location, the request body and the responses, under headings of `level`. */
function operationParts(
  operation: Json,
  parameters: Json[],
  requestBody: Json | undefined,
  resolver: RefResolver,
  webhook: boolean,
  level: number,
  out: string[],
): void {
  const heading = (text: string, depth = level) => out.push('', `${'#'.repeat(Math.min(depth, 6))} ${text}`);
  for (const location of ['path', 'query', 'header', 'cookie']) {
    const here = parameters.filter((p) => p.in === location);
    if (here.length === 0) continue;
    heading(webhook && location === 'header' ? 'Headers' : `${location.charAt(0).toUpperCase()}${location.slice(1)} parameters`);
    out.push('');
    for (const p of here) {
      const description = stringOf(p.description);
      const example = parameterValue(p, resolver);
      const extras: FieldExtras = {
        name: stringOf(p.name) ?? '',
        required: p.required === true || location === 'path',
        deprecated: p.deprecated === true,
      };
      if (description !== undefined) extras.description = description;
      if (example !== undefined) extras.example = example;
      fieldLines(p.schema ?? contentSchema(p, resolver), extras, newWalk(resolver), 0, out);
    }
  }
  if (requestBody) {
    heading(webhook ? 'Payload' : 'Request body');
    if (requestBody.required === true) out.push('', 'Required.');
    const description = stringOf(requestBody.description);
    if (description) out.push('', description.trim());
    contentLines(asRecord(requestBody.content), 'request', resolver, out);
  }
  const responses = asRecord(operation.responses);
  if (responses && Object.keys(responses).length > 0) {
    heading(webhook ? 'Expected responses' : 'Responses');
    for (const [status, value] of Object.entries(responses)) {
      const response = asRecord(resolver.resolve(value)) ?? {};
      heading(oneLine(status), level + 1);
      const description = stringOf(response.description);
      if (description) out.push('', description.trim());
      const headers = asRecord(response.headers);
      if (headers && Object.keys(headers).length > 0) {
        out.push('', 'Headers:', '');
        for (const [name, h] of Object.entries(headers)) {
          const header = asRecord(resolver.resolve(h)) ?? {};
          const text = stringOf(header.description);
          const extras: FieldExtras = { name, required: header.required === true, deprecated: header.deprecated === true };
          if (text !== undefined) extras.description = text;
          fieldLines(header.schema, extras, newWalk(resolver), 0, out);
        }
      }
      contentLines(asRecord(response.content), 'response', resolver, out);
    }
  }
}

/** Each media type: its schema's fields and its examples. */
function contentLines(content: Json | undefined, direction: 'request' | 'response', resolver: RefResolver, out: string[]): void {
  for (const [mediaType, value] of Object.entries(content ?? {})) {
    const media = asRecord(value);
    out.push('', `Content type ${inlineCode(mediaType)}:`);
    if (media?.schema !== undefined) {
      const walk = newWalk(resolver);
      const { value: schema, ref } = resolver.follow(media.schema);
      const resolved = asRecord(schema) ?? {};
      const label = typeLabel(resolved, ref);
      const description = stringOf(resolved.description);
      if (label !== undefined) out.push('', `Type: ${inlineCode(label)}`);
      if (description !== undefined) out.push('', description.trim());
      if (ref !== undefined) walk.open.push(ref);
      const fields: string[] = [];
      childLines(resolved, walk, 0, fields);
      if (fields.length > 0) out.push('', ...fields);
    }
    for (const example of mediaExamples(media, direction, resolver)) {
      // As the page shows it (api-examples.ts): a value that is not a string is JSON.
      const language = typeof example.value === 'string' ? sampleLanguage(mediaType) : 'json';
      out.push('', `${oneLine(example.summary ?? example.name)}${example.generated ? ' (generated)' : ''}:`, '');
      out.push(...fenced(exampleText(example.value, EXAMPLE_CHARS), language));
    }
  }
}

interface Walk {
  resolver: RefResolver;
  /** `$ref`s open on the way down (recursion marks). */
  open: string[];
  budget: number;
}

function newWalk(resolver: RefResolver): Walk {
  return { resolver, open: [], budget: FIELD_BUDGET };
}

/** One field as a list item at `depth`, its facts and description under it, its children nested. */
function fieldLines(schema: unknown, extras: FieldExtras, walk: Walk, depth: number, out: string[]): void {
  walk.budget--;
  const { value, ref } = walk.resolver.follow(schema);
  const resolved = asRecord(value) ?? {};
  const indent = '  '.repeat(depth);
  const label = typeLabel(resolved, ref);
  const format = stringOf(resolved.format);
  const notes = [
    label === undefined ? undefined : `${label}${format ? ` <${format}>` : ''}`,
    extras.required ? 'required' : undefined,
    extras.deprecated || resolved.deprecated === true ? 'deprecated' : undefined,
    resolved.readOnly === true ? 'read-only' : undefined,
    resolved.writeOnly === true ? 'write-only' : undefined,
  ].filter((note) => note !== undefined);
  const name = extras.name === undefined ? '' : `${inlineCode(extras.name)} `;
  out.push(`${indent}- ${name}${notes.length > 0 ? `(${notes.join(', ')})` : ''}`.trimEnd());
  const inner = `${indent}  `;
  const description = extras.description ?? stringOf(resolved.description);
  if (description !== undefined && description.trim() !== '') out.push(...indented(description.trim(), inner));
  const facts = schemaFacts(resolved, extras);
  if (facts.length > 0) out.push(`${inner}${facts.map((fact) => fact.map(factText).join('')).join('; ')}`);
  const recursive = ref !== undefined && walk.open.includes(ref);
  if (recursive) out.push(`${inner}Recursive: ${inlineCode(refName(ref))} (shown above)`);
  else if (depth + 1 < MAX_DEPTH) {
    if (ref !== undefined) walk.open.push(ref);
    childLines(resolved, walk, depth + 1, out);
    if (ref !== undefined) walk.open.pop();
  }
}

/** Properties, additional properties, array items and choices, as items at `depth`. */
function childLines(schema: Json, walk: Walk, depth: number, out: string[]): void {
  const merged = mergeAllOf(schema, walk.resolver);
  const indent = '  '.repeat(depth);
  const properties = asRecord(merged.properties) ?? {};
  const required = new Set(asArray(merged.required));
  const names = Object.keys(properties);
  for (const [i, name] of names.entries()) {
    if (walk.budget <= 0) {
      out.push(`${indent}- ${names.length - i} more properties not listed`);
      return;
    }
    fieldLines(properties[name], { name, required: required.has(name) }, walk, depth, out);
  }
  const additional = asRecord(merged.additionalProperties);
  if (additional && Object.keys(additional).length > 0 && walk.budget > 0) fieldLines(additional, { name: '{key}' }, walk, depth, out);
  if (asRecord(merged.items)) {
    const { value, ref } = walk.resolver.follow(merged.items);
    const items = asRecord(value);
    if (ref !== undefined && walk.open.includes(ref)) out.push(`${indent}- Items: ${inlineCode(refName(ref))} (recursive, shown above)`);
    else if (items) {
      if (ref !== undefined) walk.open.push(ref);
      childLines(items, walk, depth, out);
      if (ref !== undefined) walk.open.pop();
    }
  }
  for (const keyword of ['oneOf', 'anyOf', 'x-docsc-unmerged'] as const) {
    const options = asArray(merged[keyword]);
    if (options.length === 0) continue;
    const property = stringOf(asRecord(merged.discriminator)?.propertyName);
    const title = keyword === 'oneOf' ? 'One of' : keyword === 'anyOf' ? 'Any of' : 'All of';
    out.push(`${indent}- ${title}${property ? ` (by ${inlineCode(property)})` : ''}:`);
    for (const [i, option] of options.entries()) {
      if (walk.budget <= 0) {
        out.push(`${indent}  - ${options.length - i} more not listed`);
        break;
      }
      const { value, ref } = walk.resolver.follow(option);
      const resolved = asRecord(value) ?? {};
      const label = stringOf(resolved.title) ?? (ref ? refName(ref) : undefined) ?? `Option ${i + 1}`;
      fieldLines(option, { name: label }, walk, depth + 1, out);
    }
  }
}

function securityLines(security: Security): string[] {
  const lines: string[] = [];
  if (security.optional) lines.push('Authentication is optional.', '');
  if (security.alternatives.length > 1) lines.push('Any one of:', '');
  for (const schemes of security.alternatives) {
    const parts = schemes.map((s) => {
      const where = s.kind === 'apiKey' ? ` ${inlineCode(s.paramName)}` : '';
      const format = s.bearerFormat ? ` (${oneLine(s.bearerFormat)})` : '';
      const scopes = s.scopes.length > 0 ? `, scopes ${s.scopes.map(inlineCode).join(', ')}` : '';
      const description = s.description ? `: ${oneLine(s.description)}` : '';
      return `**${oneLine(s.name)}**, ${s.label}${where}${format}${scopes}${description}`;
    });
    lines.push(`- ${parts.join('; and ')}`);
  }
  return lines;
}

function factText(part: FactPart): string {
  return typeof part === 'string' ? part : inlineCode(part.code);
}

/** A code span that holds `text` whatever backticks it has (on one line). */
export function inlineCode(text: string): string {
  const flat = oneLine(text);
  const longest = Math.max(0, ...Array.from(flat.matchAll(/`+/g), (m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A fenced block longer than any run of backticks in `code`. */
function fenced(code: string, language: string): string[] {
  const longest = Math.max(0, ...Array.from(code.matchAll(/^ {0,3}(`{3,})/gm), (m) => (m[1] as string).length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${language.replace(/[^\w+#.-]/g, '')}`, code.replace(/\s+$/, ''), fence];
}

function indented(text: string, indent: string): string[] {
  return text.split(/\r?\n/).map((line) => (line.trim() === '' ? '' : `${indent}${line}`));
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}

/** The text cut at a line before MAX_CHARS, with a note (a fence left open is closed first, or it would swallow the note). */
function bounded(text: string): string {
  if (text.length <= MAX_CHARS) return text;
  const kept = text.slice(0, text.lastIndexOf('\n', MAX_CHARS));
  let open: string | undefined;
  for (const line of kept.split('\n')) {
    const fence = /^`{3,}/.exec(line)?.[0];
    if (fence === undefined) continue;
    if (open === undefined) open = fence;
    else if (/^`+\s*$/.test(line) && fence.length >= open.length) open = undefined;
  }
  return `${kept}${open === undefined ? '' : `\n${open}`}\n\n…the rest of this reference is on the page; it is longer than this file shows.\n`;
}

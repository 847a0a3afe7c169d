// A JSON Schema (OpenAPI 3.0 or 3.1) as an expandable tree of fields: each
// field's name, type (3.1 type arrays and 3.0 `nullable` both as `| null`),
// format, badges (required, deprecated, read-only, write-only), constraints,
// default, enum, example and sanitized description; objects and arrays fold
// their children into `<details>`; `oneOf`/`anyOf` become a list of choices
// (with the discriminator's property and mapping), `allOf` is merged when it
// is a list of objects. A schema reached again through a `$ref` already open
// on the way down is marked recursive instead of expanded. A budget of fields
// per tree keeps GitHub-sized schemas from producing megabytes per page.

import { asRecord } from '../openapi/json-pointer.js';
import { escapeHtml } from '../site/escape-html.js';
import { cutText } from '../source/cut-text.js';
import { renderDescription } from './render-description.js';
import { asArray, isDefined, type Json, type RefResolver, refName, stringOf } from './resolve-ref.js';

/** Fields rendered per tree before the rest is summarized. */
const FIELD_BUDGET = 400;
/** Levels of nesting rendered; deeper objects are named, not expanded. */
const MAX_DEPTH = 8;

export interface FieldExtras {
  name?: string;
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  example?: unknown;
}

interface Walk {
  resolver: RefResolver;
  /** `$ref`s open on the way down (recursion marks). */
  open: string[];
  budget: number;
}

/**
 * The children of a `$ref`'d schema, by document, reference, depth and the
 * references open above it: GitHub's pages embed the same few schemas (a
 * user, a repository) hundreds of times. A hit replays the fields it
 * counted against the budget; a subtree the budget cut short is not kept.
 */
const subtrees = new WeakMap<object, { byKey: Map<string, { html: string; fields: number }>; chars: number }>();
/** Characters of HTML a document's subtrees may hold: Microsoft Graph's deep schemas would otherwise keep gigabytes. */
const MAX_SUBTREE_CHARS = 32 * 1024 ** 2;

function memoChildren(ref: string, schema: Json, walk: Walk, depth: number): string {
  let memo = subtrees.get(walk.resolver.root);
  if (!memo || memo.chars > MAX_SUBTREE_CHARS) {
    // Full: started again (a subtree made again is the same HTML, so what is kept changes speed, never output).
    memo = { byKey: new Map(), chars: 0 };
    subtrees.set(walk.resolver.root, memo);
  }
  const { byKey } = memo;
  const key = `${ref}\0${depth}\0${walk.open.join('\0')}`;
  const known = byKey.get(key);
  if (known && walk.budget > known.fields) {
    walk.budget -= known.fields;
    return known.html;
  }
  const before = walk.budget;
  walk.open.push(ref);
  const html = childrenOf(schema, walk, depth);
  walk.open.pop();
  if (walk.budget > 0) {
    byKey.set(key, { html, fields: before - walk.budget });
    memo.chars += html.length;
  }
  return html;
}

/** The tree of a schema, the top level's properties listed directly. */
export function renderSchemaTree(schema: unknown, resolver: RefResolver): string {
  const walk: Walk = { resolver, open: [], budget: FIELD_BUDGET };
  const { value, ref } = resolver.follow(schema);
  const resolved = asRecord(value);
  if (!resolved) return '';
  if (ref) walk.open.push(ref);
  const children = childrenOf(resolved, walk, 0);
  const head = `<p class="docsc-schema-type">${typeBadge(resolved, ref)}${badges(resolved, {})}</p>`;
  const description = stringOf(resolved.description);
  const intro = `${head}${description ? renderDescription(description) : ''}${facts(resolved, {})}`;
  return `<div class="docsc-schema">${intro}${children}</div>`;
}

/** One named field (a parameter, a header, a property). */
export function renderField(schema: unknown, extras: FieldExtras, resolver: RefResolver): string {
  return field(schema, extras, { resolver, open: [], budget: FIELD_BUDGET }, 0);
}

function field(schema: unknown, extras: FieldExtras, walk: Walk, depth: number): string {
  walk.budget--;
  const { value, ref } = walk.resolver.follow(schema);
  const resolved = asRecord(value) ?? {};
  const recursive = ref !== undefined && walk.open.includes(ref);
  const name = extras.name === undefined ? '' : `<code class="docsc-field-name">${escapeHtml(extras.name)}</code> `;
  const head = `<div class="docsc-field-head">${name}${typeBadge(resolved, ref)}${badges(resolved, extras)}</div>`;
  const description = extras.description ?? stringOf(resolved.description);
  const text = description ? `<div class="docsc-field-description">${renderDescription(description)}</div>` : '';
  let children = '';
  if (recursive) children = `<p class="docsc-recursive">Recursive: <code>${escapeHtml(refName(ref))}</code> (shown above)</p>`;
  else if (depth < MAX_DEPTH) children = ref ? memoChildren(ref, resolved, walk, depth + 1) : childrenOf(resolved, walk, depth + 1);
  const attributes = extras.name === undefined ? '' : ` data-field="${escapeHtml(extras.name)}"`;
  return `<div class="docsc-field"${attributes}>${head}${text}${facts(resolved, extras)}${children}</div>`;
}

/** The nested part of a schema: properties, array items, choices. */
function childrenOf(schema: Json, walk: Walk, depth: number): string {
  const parts: string[] = [];
  const merged = mergeAllOf(schema, walk.resolver);
  const properties = asRecord(merged.properties);
  if (properties && Object.keys(properties).length > 0) {
    const required = new Set(asArray(merged.required).filter((r): r is string => typeof r === 'string'));
    const fields: string[] = [];
    const names = Object.keys(properties);
    for (const [i, name] of names.entries()) {
      if (walk.budget <= 0) {
        fields.push(`<p class="docsc-more">${names.length - i} more properties not shown</p>`);
        break;
      }
      fields.push(field(properties[name], { name, required: required.has(name) }, walk, depth));
    }
    const label = `${names.length} ${names.length === 1 ? 'property' : 'properties'}`;
    parts.push(`<details class="docsc-children"${depth <= 1 ? ' open' : ''}><summary>${label}</summary>${fields.join('')}</details>`);
  }
  const additional = merged.additionalProperties;
  if (asRecord(additional) && Object.keys(additional as Json).length > 0) {
    parts.push(
      `<details class="docsc-children"><summary>Additional properties</summary>${field(additional, { name: '{key}' }, walk, depth)}</details>`,
    );
  }
  const items = asRecord(merged.items) ? merged.items : undefined;
  if (items !== undefined) {
    const inner = walk.resolver.follow(items);
    const innerSchema = asRecord(inner.value);
    const recursive = inner.ref !== undefined && walk.open.includes(inner.ref);
    if (recursive && inner.ref)
      parts.push(`<p class="docsc-recursive">Items: <code>${escapeHtml(refName(inner.ref))}</code> (recursive, shown above)</p>`);
    else if (innerSchema && hasChildren(innerSchema, walk.resolver)) {
      if (inner.ref) walk.open.push(inner.ref);
      parts.push(childrenOf(innerSchema, walk, depth));
      if (inner.ref) walk.open.pop();
    }
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = asArray(merged[keyword]);
    if (options.length === 0) continue;
    parts.push(renderChoices(keyword, options, merged, walk, depth));
  }
  const rest = asArray(merged['x-docsc-unmerged']);
  if (rest.length > 0) parts.push(renderChoices('allOf', rest, merged, walk, depth));
  return parts.join('');
}

function renderChoices(keyword: 'oneOf' | 'anyOf' | 'allOf', options: unknown[], schema: Json, walk: Walk, depth: number): string {
  const title = keyword === 'oneOf' ? 'One of' : keyword === 'anyOf' ? 'Any of' : 'All of';
  const discriminator = asRecord(schema.discriminator);
  const property = stringOf(discriminator?.propertyName);
  const mapping = asRecord(discriminator?.mapping);
  const byRef = new Map<string, string>();
  for (const [value, target] of Object.entries(mapping ?? {})) if (typeof target === 'string') byRef.set(target, value);
  const note = property
    ? `<p class="docsc-discriminator">Discriminated by <code>${escapeHtml(property)}</code>${
        mapping
          ? `: ${Object.entries(mapping)
              .map(([value, target]) => `<code>${escapeHtml(value)}</code> → <code>${escapeHtml(refName(String(target)))}</code>`)
              .join(', ')}`
          : ''
      }</p>`
    : '';
  const rendered = options.map((option, i) => {
    const { value, ref } = walk.resolver.follow(option);
    const resolved = asRecord(value) ?? {};
    const label = stringOf(resolved.title) ?? (ref ? refName(ref) : undefined) ?? typeLabel(resolved) ?? `Option ${i + 1}`;
    const tag = ref && byRef.has(ref) ? ` <code>${escapeHtml(String(byRef.get(ref)))}</code>` : '';
    if (walk.budget <= 0) return `<li>${escapeHtml(label)}</li>`;
    return `<li><details class="docsc-choice"><summary>${escapeHtml(label)}${tag}</summary>${field(option, {}, walk, depth)}</details></li>`;
  });
  return `<div class="docsc-choices" data-keyword="${keyword}"><p class="docsc-choices-title">${title}</p>${note}<ol>${rendered.join('')}</ol></div>`;
}

function hasChildren(schema: Json, resolver: RefResolver): boolean {
  const merged = mergeAllOf(schema, resolver);
  return (
    Object.keys(asRecord(merged.properties) ?? {}).length > 0 ||
    asArray(merged.oneOf).length > 0 ||
    asArray(merged.anyOf).length > 0 ||
    asRecord(merged.items) !== undefined ||
    asArray(merged['x-docsc-unmerged']).length > 0
  );
}

/**
 * `allOf` of objects → one object: properties and `required` united, the
 * rest of the first part kept. Parts that are not plain objects (choices,
 * other types) stay apart under `x-docsc-unmerged`, shown as "All of".
 */
export function mergeAllOf(schema: Json, resolver: RefResolver, seen: Set<unknown> = new Set()): Json {
  const parts = asArray(schema.allOf);
  if (parts.length === 0 || seen.has(schema)) return schema;
  seen.add(schema);
  const merged: Json = { ...schema, allOf: undefined };
  const properties: Json = { ...(asRecord(schema.properties) ?? {}) };
  const required = new Set(asArray(schema.required));
  const unmerged: unknown[] = [];
  for (const part of parts) {
    const resolved = asRecord(resolver.resolve(part));
    if (!resolved) continue;
    const flat = mergeAllOf(resolved, resolver, seen);
    if (flat.oneOf || flat.anyOf || (flat.type !== undefined && flat.type !== 'object')) {
      unmerged.push(part);
      continue;
    }
    Object.assign(properties, asRecord(flat.properties) ?? {});
    for (const r of asArray(flat.required)) required.add(r);
    for (const key of ['description', 'type', 'discriminator', 'title', 'additionalProperties'] as const)
      if (merged[key] === undefined && flat[key] !== undefined) merged[key] = flat[key];
  }
  merged.properties = properties;
  merged.required = [...required];
  if (unmerged.length > 0) merged['x-docsc-unmerged'] = unmerged;
  return merged;
}

/** `string`, `integer | null`, `array of Pet`, `object`, `Pet`… */
export function typeLabel(schema: Json | undefined, ref?: string): string | undefined {
  if (!schema) return undefined;
  const types = (Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : []).filter(
    (t): t is string => typeof t === 'string',
  );
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  const named = ref ? refName(ref) : stringOf(schema.title);
  const main = types.filter((t) => t !== 'null');
  let label: string | undefined;
  if (main.length === 1 && main[0] === 'array') {
    const items = asRecord(schema.items);
    const itemRef = stringOf(items?.$ref);
    const itemLabel = itemRef ? refName(itemRef) : typeLabel(items);
    label = `array of ${itemLabel ?? 'any'}`;
  } else if (main.length > 0) label = main.join(' | ');
  else if (schema.oneOf) label = 'one of';
  else if (schema.anyOf) label = 'any of';
  else if (schema.allOf) label = named ?? 'object';
  else if (schema.properties) label = 'object';
  if (label === 'object' && named) label = named;
  if (label !== undefined && types.includes('null')) label = `${label} | null`;
  return label;
}

function typeBadge(schema: Json, ref: string | undefined): string {
  const label = typeLabel(schema, ref);
  const format = stringOf(schema.format);
  if (label === undefined && format === undefined) return '';
  return `<span class="docsc-type">${escapeHtml(label ?? '')}${format ? ` <span class="docsc-format">&lt;${escapeHtml(format)}&gt;</span>` : ''}</span>`;
}

function badges(schema: Json, extras: FieldExtras): string {
  const list = [
    extras.required ? ['required', 'required'] : undefined,
    extras.deprecated || schema.deprecated === true ? ['deprecated', 'deprecated'] : undefined,
    schema.readOnly === true ? ['read-only', 'read-only'] : undefined,
    schema.writeOnly === true ? ['write-only', 'write-only'] : undefined,
  ].filter(isDefined);
  return list.map(([kind, text]) => ` <span class="docsc-badge docsc-badge-${kind}">${text}</span>`).join('');
}

const CONSTRAINTS: [string, string][] = [
  ['minimum', '≥'],
  ['exclusiveMinimum', '>'],
  ['maximum', '≤'],
  ['exclusiveMaximum', '<'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['pattern', 'pattern'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['uniqueItems', 'unique items'],
  ['minProperties', 'min properties'],
  ['maxProperties', 'max properties'],
  ['multipleOf', 'multiple of'],
];

/** A piece of a fact: docsc's own words, or a value from the document (shown as code). */
export type FactPart = string | { code: string };

/** Default, enum, constraints and example, each a list of parts (the HTML tree and the Markdown reference format them). */
export function schemaFacts(schema: Json, extras: FieldExtras): FactPart[][] {
  const items: FactPart[][] = [];
  if (schema.default !== undefined) items.push(['Default: ', { code: show(schema.default) }]);
  const values = asArray(schema.enum);
  if (values.length > 0) items.push(['Allowed: ', ...values.flatMap((v, i): FactPart[] => [...(i > 0 ? [', '] : []), { code: show(v) }])]);
  if (schema.const !== undefined) items.push(['Always ', { code: show(schema.const) }]);
  const constraints = CONSTRAINTS.flatMap(([key, text]): FactPart[][] => {
    const value = schema[key];
    if (value === undefined || value === false || value === null || typeof value === 'object') return [];
    if (value === true) return key === 'uniqueItems' ? [[text]] : [];
    return [[`${text} `, { code: show(value) }]];
  });
  if (constraints.length > 0) items.push(constraints.flatMap((parts, i) => (i > 0 ? [', ', ...parts] : parts)));
  const example = extras.example ?? schema.example ?? asArray(schema.examples)[0];
  if (example !== undefined && typeof example !== 'object') items.push(['Example: ', { code: show(example) }]);
  return items;
}

/** The facts as a short list. */
function facts(schema: Json, extras: FieldExtras): string {
  const items = schemaFacts(schema, extras);
  if (items.length === 0) return '';
  const html = (part: FactPart) => (typeof part === 'string' ? escapeHtml(part) : `<code>${escapeHtml(part.code)}</code>`);
  return `<ul class="docsc-field-facts">${items.map((parts) => `<li>${parts.map(html).join('')}</li>`).join('')}</ul>`;
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${cutText(text, 200)}…` : text;
}

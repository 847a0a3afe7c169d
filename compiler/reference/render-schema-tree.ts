// A JSON Schema (OpenAPI 3.0 or 3.1) as a list of fields, as API reference
// pages show them: each field's anchor link, name, type with its format
// (`string<uuid>`, `integer<int64>`, `object[]`, `enum<string>`; 3.1 type
// arrays and 3.0 `nullable` as `| null`), badges (required, deprecated,
// read-only, write-only), sanitized description, and its facts (default,
// enum values, constraints, example). Nested objects and arrays of objects
// fold their fields under "Show child attributes" (`<details>`, so no
// script is needed); `oneOf`/`anyOf` become tabs named by each variant's
// title (tab-markup.ts); `allOf` is merged when it is a list of objects. A
// schema reached again through a `$ref` already open on the way down is
// marked recursive instead of expanded. A budget of fields per tree keeps
// GitHub-sized schemas from producing megabytes per page. Every field has a
// page-unique id from its path (`body-owner-name`), so ids never repeat.

import { asRecord } from '../openapi/json-pointer.js';
import { escapeHtml } from '../site/escape-html.js';
import { cutText } from '../source/cut-text.js';
import { renderDescription } from './render-description.js';
import { asArray, idSlug, isDefined, type Json, type RefResolver, refName, stringOf } from './resolve-ref.js';
import { renderTabs } from './tab-markup.js';

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
  /** Where a parameter or header goes (`query`, `header`…), shown beside its type. */
  location?: string;
}

interface Walk {
  resolver: RefResolver;
  /** `$ref`s open on the way down (recursion marks). */
  open: string[];
  budget: number;
}

/**
 * The children of a `$ref`'d schema, by document, reference, depth, id
 * prefix and the references open above it: GitHub's pages embed the same
 * few schemas (a user, a repository) hundreds of times, at the same places
 * from page to page. A hit replays the fields it counted against the
 * budget; a subtree the budget cut short is not kept.
 */
const subtrees = new WeakMap<object, { byKey: Map<string, { html: string; fields: number }>; chars: number }>();
/** Characters of HTML a document's subtrees may hold: Microsoft Graph's deep schemas would otherwise keep gigabytes. */
const MAX_SUBTREE_CHARS = 32 * 1024 ** 2;

function memoChildren(ref: string, schema: Json, walk: Walk, depth: number, id: string): string {
  let memo = subtrees.get(walk.resolver.root);
  if (!memo || memo.chars > MAX_SUBTREE_CHARS) {
    // Full: started again (a subtree made again is the same HTML, so what is kept changes speed, never output).
    memo = { byKey: new Map(), chars: 0 };
    subtrees.set(walk.resolver.root, memo);
  }
  const { byKey } = memo;
  const key = `${ref}\0${depth}\0${id}\0${walk.open.join('\0')}`;
  const known = byKey.get(key);
  if (known && walk.budget > known.fields) {
    walk.budget -= known.fields;
    return known.html;
  }
  const before = walk.budget;
  walk.open.push(ref);
  const html = childrenOf(schema, walk, depth, id);
  walk.open.pop();
  if (walk.budget > 0) {
    byKey.set(key, { html, fields: before - walk.budget });
    memo.chars += html.length;
  }
  return html;
}

/**
 * The fields of a schema (a request or response body, a schema page): an
 * object's properties listed directly, after a line giving the schema's
 * type and description when it has either; other schemas as one field.
 * `id` prefixes the fields' anchors.
 */
export function renderSchemaTree(schema: unknown, resolver: RefResolver, id = 'schema'): string {
  const walk: Walk = { resolver, open: [], budget: FIELD_BUDGET };
  const { value, ref } = resolver.follow(schema);
  const resolved = asRecord(value);
  if (!resolved) return '';
  if (ref) walk.open.push(ref);
  const merged = mergeAllOf(resolved, resolver);
  const listed = Object.keys(asRecord(merged.properties) ?? {}).length > 0;
  // An object's type says nothing its fields do not: the line is for other schemas, and for descriptions.
  const type = listed ? '' : typeBadge(resolved);
  const description = stringOf(resolved.description);
  const head =
    type || description
      ? `<div class="docsc-schema-head">${type}${badges(resolved, {})}${description ? renderDescription(description) : ''}</div>`
      : '';
  const children = childrenOf(resolved, walk, 0, id, listed);
  return `<div class="docsc-schema">${head}${facts(resolved, {})}${children}</div>`;
}

/** One named field (a parameter, a header); `id` is its anchor. */
export function renderField(schema: unknown, extras: FieldExtras, resolver: RefResolver, id: string): string {
  return field(schema, extras, { resolver, open: [], budget: FIELD_BUDGET }, 0, id);
}

function field(schema: unknown, extras: FieldExtras, walk: Walk, depth: number, id: string): string {
  walk.budget--;
  const { value, ref } = walk.resolver.follow(schema);
  const resolved = asRecord(value) ?? {};
  const recursive = ref !== undefined && walk.open.includes(ref);
  const anchor =
    extras.name === undefined
      ? ''
      : `<a class="docsc-field-anchor" href="#${escapeHtml(id)}" aria-label="${escapeHtml(`Link to ${extras.name}`)}"><span aria-hidden="true">#</span></a><code class="docsc-field-name">${escapeHtml(extras.name)}</code>`;
  const location = extras.location ? `<span class="docsc-field-location">${escapeHtml(extras.location)}</span>` : '';
  const head = `<div class="docsc-field-head">${anchor}${typeBadge(resolved)}${location}${badges(resolved, extras)}</div>`;
  const description = extras.description ?? stringOf(resolved.description);
  const text = description ? `<div class="docsc-field-description">${renderDescription(description)}</div>` : '';
  let children = '';
  if (recursive) children = `<p class="docsc-recursive">Recursive: <code>${escapeHtml(refName(ref))}</code> (shown above)</p>`;
  else if (depth < MAX_DEPTH) children = ref ? memoChildren(ref, resolved, walk, depth + 1, id) : childrenOf(resolved, walk, depth + 1, id);
  const attributes = extras.name === undefined ? '' : ` id="${escapeHtml(id)}" data-field="${escapeHtml(extras.name)}"`;
  return `<div class="docsc-field"${attributes}>${head}${text}${facts(resolved, extras)}${children}</div>`;
}

/** A property's anchor under its parent's: `body` + `owner` → `body-owner`. */
function childId(parent: string, name: string): string {
  return `${parent}-${idSlug(name) || 'field'}`;
}

/**
 * The nested part of a schema: properties (folded under "Show child
 * attributes" unless `flat`), array items' fields, choices.
 */
function childrenOf(schema: Json, walk: Walk, depth: number, id: string, flat = false): string {
  const parts: string[] = [];
  const merged = mergeAllOf(schema, walk.resolver);
  const properties = asRecord(merged.properties);
  const nested: string[] = [];
  if (properties && Object.keys(properties).length > 0) {
    const required = new Set(asArray(merged.required).filter((r): r is string => typeof r === 'string'));
    const names = Object.keys(properties);
    for (const [i, name] of names.entries()) {
      if (walk.budget <= 0) {
        nested.push(`<p class="docsc-more">${names.length - i} more properties not shown</p>`);
        break;
      }
      nested.push(field(properties[name], { name, required: required.has(name) }, walk, depth, childId(id, name)));
    }
  }
  const additional = merged.additionalProperties;
  if (asRecord(additional) && Object.keys(additional as Json).length > 0)
    nested.push(field(additional, { name: '{key}' }, walk, depth, childId(id, 'key')));
  const items = asRecord(merged.items) ? merged.items : undefined;
  if (items !== undefined) {
    const inner = walk.resolver.follow(items);
    const innerSchema = asRecord(inner.value);
    const recursive = inner.ref !== undefined && walk.open.includes(inner.ref);
    if (recursive && inner.ref)
      nested.push(`<p class="docsc-recursive">Items: <code>${escapeHtml(refName(inner.ref))}</code> (recursive, shown above)</p>`);
    else if (innerSchema && hasChildren(innerSchema, walk.resolver)) {
      if (inner.ref) walk.open.push(inner.ref);
      nested.push(childrenOf(innerSchema, walk, depth, id, true));
      if (inner.ref) walk.open.pop();
    }
  }
  if (nested.length > 0) {
    const list = nested.join('');
    parts.push(
      flat
        ? list
        : `<details class="docsc-children"><summary><span class="docsc-show">Show child attributes</span><span class="docsc-hide">Hide child attributes</span></summary><div class="docsc-children-body">${list}</div></details>`,
    );
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = asArray(merged[keyword]);
    if (options.length === 0) continue;
    parts.push(renderChoices(keyword, options, merged, walk, depth, `${id}-${keyword.toLowerCase()}`));
  }
  const rest = asArray(merged['x-docsc-unmerged']);
  if (rest.length > 0) parts.push(renderChoices('allOf', rest, merged, walk, depth, `${id}-allof`));
  return parts.join('');
}

/** `oneOf`/`anyOf` (and parts of `allOf` that cannot be merged) as tabs, one per variant, named by its title. */
function renderChoices(keyword: 'oneOf' | 'anyOf' | 'allOf', options: unknown[], schema: Json, walk: Walk, depth: number, id: string): string {
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
  const labels = new Set<string>();
  const panels = options.map((option, i) => {
    const { value, ref } = walk.resolver.follow(option);
    const resolved = asRecord(value) ?? {};
    let label = stringOf(resolved.title) ?? (ref ? refName(ref) : undefined) ?? fieldType(resolved) ?? `Option ${i + 1}`;
    if (ref && byRef.has(ref)) label = `${label} (${String(byRef.get(ref))})`;
    // Tabs of one group are told apart by label: a repeated one gets its position.
    if (labels.has(label)) label = `${label} (${i + 1})`;
    labels.add(label);
    const html = walk.budget <= 0 ? '<p class="docsc-more">Not shown</p>' : variant(option, walk, depth, `${id}-${i + 1}`);
    return { label, html };
  });
  return `<div class="docsc-choices" data-keyword="${keyword}"><p class="docsc-choices-title">${title}</p>${note}${renderTabs(id, panels, { className: 'docsc-choice-tabs' })}</div>`;
}

/** One variant of a choice: an object's fields listed directly, anything else as one unnamed field. */
function variant(option: unknown, walk: Walk, depth: number, id: string): string {
  const { value, ref } = walk.resolver.follow(option);
  const resolved = asRecord(value) ?? {};
  if (ref !== undefined && walk.open.includes(ref))
    return `<p class="docsc-recursive">Recursive: <code>${escapeHtml(refName(ref))}</code> (shown above)</p>`;
  const merged = mergeAllOf(resolved, walk.resolver);
  if (Object.keys(asRecord(merged.properties) ?? {}).length === 0) return field(option, {}, walk, depth, id);
  const description = stringOf(resolved.description);
  if (ref) walk.open.push(ref);
  const fields = childrenOf(resolved, walk, depth, id, true);
  if (ref) walk.open.pop();
  return `${description ? `<div class="docsc-field-description">${renderDescription(description)}</div>` : ''}${fields}`;
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

/**
 * A field's type as API references write it: `string<uuid>`,
 * `integer<int64>`, `object[]`, `enum<string>`, `string | null`, `one of`…
 */
export function fieldType(schema: Json | undefined): string | undefined {
  if (!schema) return undefined;
  const types = (Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : []).filter(
    (t): t is string => typeof t === 'string',
  );
  const nullable = schema.nullable === true || types.includes('null');
  const main = types.filter((t) => t !== 'null');
  const format = stringOf(schema.format);
  let label: string | undefined;
  if (main.length === 1 && main[0] === 'array') {
    const items = asRecord(schema.items);
    const item = items?.$ref !== undefined ? 'object' : fieldType(items);
    label = `${item === undefined ? 'any' : item.includes(' ') ? `(${item})` : item}[]`;
  } else if (main.length === 1 && asArray(schema.enum).length > 0) label = `enum<${main[0]}>`;
  else if (main.length === 1) label = format ? `${main[0]}<${format}>` : main[0];
  else if (main.length > 1) label = main.join(' | ');
  else if (schema.oneOf) label = 'one of';
  else if (schema.anyOf) label = 'any of';
  else if (schema.allOf || schema.properties) label = 'object';
  else if (format) label = `string<${format}>`;
  else if (schema.const !== undefined) label = typeof schema.const === 'string' ? 'string' : typeof schema.const;
  if (label !== undefined && nullable) label = `${label} | null`;
  if (label === undefined && nullable) label = 'null';
  return label;
}

function typeBadge(schema: Json): string {
  const label = fieldType(schema);
  return label === undefined ? '' : `<span class="docsc-type">${escapeHtml(label)}</span>`;
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

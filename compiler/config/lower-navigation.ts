// Lowers docs.json's `navigation` (a positioned JSON tree, `$ref`s resolved)
// into the navigation IR. Lowering is structural: it reads every element by
// the key it stands under, type-checks fields against ELEMENT_SHAPES, parses
// page-entry strings with the entry grammar, and sets each node's inherited
// OpenAPI scope. It keeps every child array it finds, allowed or not, so that
// the rule passes after it can report hierarchy problems with both locations —
// but those beside the one Mintlify uses, at the root as in an element, which
// it names in `ignoredChildLists` only (navigation-fields.ts
// `MINTLIFY_ROOT_ORDER`, `MINTLIFY_CHILD_ORDER`).

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import { ICON_LIBRARIES, ICON_STYLES, type IconRef, iconRefOf } from '../icons/icon-ref.js';
import type { ChildKey, ChildList, ContainerNode, DivisionKind, DivisionNode, GroupNode, NavNode, OpenApiScope, RootNode } from '../ir/navigation.js';
import type { Span } from '../source/source-file.js';
import { parseEntry } from '../syntax/entry-parser.js';
import { describeKind, type JsonMember, type JsonNode, type JsonObject, type JsonString, member, toPlain } from '../syntax/json-tree.js';
import { closestMatch, suggestionSuffix } from './did-you-mean.js';
import {
  ALL_CHILD_KEYS,
  DEFAULT_API_DIRECTORY,
  ELEMENT_SHAPES,
  type ElementShape,
  type FieldType,
  KIND_OF_CHILD_KEY,
  MINTLIFY_CHILD_ORDER,
  MINTLIFY_ROOT_ORDER,
} from './navigation-fields.js';

const ROOT_KEYS = [...ALL_CHILD_KEYS, 'global'];

export function lowerNavigation(config: JsonNode, bag: DiagnosticBag): RootNode | undefined {
  if (config.kind !== 'object') return undefined;
  const nav = member(config, 'navigation');
  if (nav === undefined) return undefined; // validate-config reports the missing key
  if (nav.value.kind !== 'object') {
    if (nav.value.kind !== 'invalid')
      bag.report('config/wrong-type', nav.value.span, { key: 'navigation', expected: 'an object', found: describeKind(nav.value) });
    return undefined;
  }
  const root: RootNode = { kind: 'root', span: nav.value.span, childLists: [], global: [] };
  const patterns = MINTLIFY_ROOT_ORDER.filter((key) => member(nav.value as JsonObject, key) !== undefined);
  for (const m of nav.value.members) {
    if (isChildKey(m.key) && patterns.length > 1 && patterns.includes(m.key) && m.key !== patterns[0]) {
      root.ignoredChildLists ??= [];
      root.ignoredChildLists.push({ key: m.key, keySpan: m.keySpan });
    } else if (isChildKey(m.key)) root.childLists.push(lowerChildList(m, root, bag));
    else if (m.key === 'global') root.global = lowerGlobal(m.value, root, bag);
    else reportUnknownKey(m, '`navigation`', ROOT_KEYS, bag);
  }
  return root;
}

function isChildKey(key: string): key is ChildKey {
  return (ALL_CHILD_KEYS as readonly string[]).includes(key);
}

function lowerChildList(m: JsonMember, parent: ContainerNode, bag: DiagnosticBag): ChildList {
  const list: ChildList = { key: m.key as ChildKey, keySpan: m.keySpan, items: [] };
  if (m.value.kind !== 'array') {
    if (m.value.kind !== 'invalid') bag.report('config/wrong-type', m.value.span, { key: m.key, expected: 'an array', found: describeKind(m.value) });
    list.malformed = true;
    return list;
  }
  for (const item of m.value.items) {
    const node = list.key === 'pages' ? lowerPageEntry(item, parent, bag) : lowerElement(KIND_OF_CHILD_KEY[list.key], item, parent, bag);
    if (node) list.items.push(node);
  }
  return list;
}

function lowerPageEntry(item: JsonNode, parent: ContainerNode, bag: DiagnosticBag): NavNode | undefined {
  if (item.kind === 'object') return lowerElement('group', item, parent, bag);
  if (item.kind !== 'string') {
    if (item.kind !== 'invalid')
      bag.report('config/wrong-type', item.span, { key: 'pages', expected: 'page paths (strings) or group objects', found: describeKind(item) });
    return { kind: 'invalid', span: item.span };
  }
  const entry = parseEntry(item.value);
  switch (entry.kind) {
    case 'page':
      return { kind: 'page', written: entry.path, span: item.span, parent };
    case 'endpoint':
      return {
        kind: 'endpoint',
        ...specOf(entry.spec, item),
        method: entry.method,
        path: entry.path,
        span: item.span,
        parent,
      };
    case 'webhook':
      return { kind: 'webhook', ...specOf(entry.spec, item), name: entry.name, span: item.span, parent };
    case 'invalid':
      // `built-in-nodes/Epsilon Scaling` names `built-in-nodes/Epsilon Scaling.mdx`: Mintlify reads an entry that is not
      // `METHOD /path` or `<spec> METHOD /path` as a page path, spaces and all (`potentiallyParseOpenApiString`).
      if (spacedPagePath(item.value)) return { kind: 'page', written: item.value.trim(), span: item.span, parent };
      bag.report('nav/entry-syntax', partOf(item, entry.range.start, entry.range.end), { message: entry.message });
      return { kind: 'invalid', span: item.span };
  }
}

/** Words only, none a method or `webhook`, no `/path`: a page path with spaces in it, not an API entry gone wrong. */
function spacedPagePath(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length > 1 && words.every((word) => !word.startsWith('/') && !/^(get|put|post|delete|options|head|patch|trace|webhook)$/i.test(word));
}

function specOf(spec: { text: string; range: { start: number; end: number } } | undefined, item: JsonString) {
  return spec === undefined ? {} : { spec, specSpan: partOf(item, spec.range.start, spec.range.end) };
}

/**
 * The span of part of a string value. Exact when the string has no escapes
 * (the source text between the quotes is the value); otherwise the whole string.
 */
export function partOf(node: JsonString, start: number, end: number): Span {
  const raw = node.span.file.text.slice(node.span.start + 1, node.span.end - 1);
  if (raw !== node.value) return node.span;
  return { file: node.span.file, start: node.span.start + 1 + start, end: node.span.start + 1 + Math.max(end, start) };
}

/** Of several child arrays the element may hold, the one Mintlify uses (the others are not lowered); undefined for one or none. */
function usedChildKey(kind: DivisionKind | 'group', item: JsonObject): ChildKey | undefined {
  const order = kind === 'group' ? undefined : MINTLIFY_CHILD_ORDER[kind];
  if (order === undefined) return undefined;
  const present = order.filter((key) => member(item, key) !== undefined);
  return present.length > 1 ? present[0] : undefined;
}

function lowerElement(kind: DivisionKind | 'group', item: JsonNode, parent: ContainerNode, bag: DiagnosticBag): NavNode | undefined {
  const shape = ELEMENT_SHAPES[kind];
  if (item.kind !== 'object') {
    if (item.kind !== 'invalid')
      bag.report('config/wrong-type', item.span, { key: shape.labelKey, expected: `${article(kind)} object`, found: describeKind(item) });
    return { kind: 'invalid', span: item.span };
  }
  const label = member(item, shape.labelKey);
  const labelValue = label?.value.kind === 'string' ? label.value.value : '';
  if (label === undefined) bag.report('config/missing-required', item.span, { where: `${article(kind)} ${kindName(kind)}`, key: shape.labelKey });
  else if (label.value.kind !== 'string')
    bag.report('config/wrong-type', label.value.span, { key: shape.labelKey, expected: 'a string', found: describeKind(label.value) });

  const base = {
    span: item.span,
    childLists: [] as ChildList[],
    label: labelValue,
    labelSpan: label?.value.span ?? item.span,
    hidden: booleanField(item, 'hidden') ?? false,
    raw: item,
    parent,
  };
  const node: DivisionNode | GroupNode =
    kind === 'group' ? { ...base, kind: 'group', depth: parent.kind === 'group' ? parent.depth + 1 : 0 } : { ...base, kind };
  readFields(node, item, shape, bag);
  node.scope = node.openapi ?? parent.scope;
  const used = usedChildKey(kind, item);
  for (const m of item.members) {
    if (!isChildKey(m.key)) continue;
    if (used === undefined || m.key === used || !shape.children.includes(m.key)) {
      node.childLists.push(lowerChildList(m, node, bag));
      continue;
    }
    node.ignoredChildLists ??= [];
    node.ignoredChildLists.push({ key: m.key, keySpan: m.keySpan });
  }
  // A group that holds other children instead (`groups`) gets nav/invalid-child at them, not a second error here.
  if (kind === 'group' && member(item, 'pages') === undefined && node.openapi === undefined && node.childLists.length === 0) {
    bag.report('config/missing-required', item.span, { where: `group \`${labelValue}\``, key: 'pages' });
  }
  return node;
}

function readFields(node: DivisionNode | GroupNode, item: JsonObject, shape: ElementShape, bag: DiagnosticBag): void {
  const where = `${kindName(node.kind)} \`${node.label}\``;
  for (const m of item.members) {
    if (m.key === shape.labelKey || isChildKey(m.key)) continue;
    const type = shape.fields[m.key];
    if (type === undefined) {
      reportUnknownKey(m, where, [shape.labelKey, ...Object.keys(shape.fields), ...shape.children], bag);
      continue;
    }
    if (!checkFieldType(m, type, bag)) continue;
    applyField(node, m, bag);
  }
}

function applyField(node: DivisionNode | GroupNode, m: JsonMember, bag: DiagnosticBag): void {
  const v = m.value;
  switch (m.key) {
    case 'openapi':
      node.openapi = lowerOpenApi(m, node, bag);
      break;
    case 'icon':
      node.icon = lowerIcon(v, bag);
      break;
    case 'tag':
      if (v.kind === 'string') node.tag = v.value;
      break;
    case 'href':
      if (v.kind === 'string' && node.kind !== 'group') node.href = { value: v.value, span: v.span };
      break;
    case 'description':
      if (v.kind === 'string' && node.kind !== 'group') node.description = v.value;
      break;
    case 'default':
      if (v.kind === 'boolean' && v.value && node.kind !== 'group') node.isDefault = v.span;
      break;
    case 'expanded':
      if (v.kind === 'boolean' && node.kind === 'group') node.expanded = { value: v.value, span: m.keySpan };
      break;
    case 'root':
      if (v.kind === 'string' && node.kind === 'group') node.root = { path: v.value, span: v.span };
      break;
  }
}

/** Fields of an icon given as an object (icon-ref.ts), and the values Mintlify allows for the closed ones. */
const ICON_FIELDS: Readonly<Record<string, FieldType>> = {
  name: 'string',
  style: { oneOf: ICON_STYLES },
  library: { oneOf: ICON_LIBRARIES },
};

/** `icon`: a name, or `{name, style?, library?}`; what is wrong in the object is reported, and an icon without a name is none. */
function lowerIcon(v: JsonNode, bag: DiagnosticBag): IconRef | undefined {
  if (v.kind === 'string') return { name: v.value };
  if (v.kind !== 'object') return undefined;
  let usable = true;
  for (const inner of v.members) {
    const type = ICON_FIELDS[inner.key];
    if (type === undefined) reportUnknownKey(inner, '`icon`', Object.keys(ICON_FIELDS), bag);
    else if (!checkFieldType(inner, type, bag)) usable = false;
  }
  if (member(v, 'name') === undefined) {
    bag.report('config/missing-required', v.span, { where: '`icon`', key: 'name' });
    return undefined;
  }
  return usable ? iconRefOf(toPlain(v)) : undefined;
}

/** Reports a wrong type; true when the value may be used. */
function checkFieldType(m: JsonMember, type: FieldType, bag: DiagnosticBag): boolean {
  const v = m.value;
  if (v.kind === 'invalid') return false;
  const expected = expectedOf(type, v);
  if (expected === undefined) return true;
  if (typeof type === 'object' && v.kind === 'string') {
    const suggestion = closestMatch(v.value, type.oneOf);
    const expected = type.oneOf.map((o) => `\`${o}\``).join(' or ');
    bag.report(
      'config/unknown-value',
      v.span,
      { key: m.key, value: `\`${v.value}\``, expected },
      suggestion ? { hint: `Did you mean \`${suggestion}\`?` } : {},
    );
  } else {
    bag.report('config/wrong-type', v.span, { key: m.key, expected, found: describeKind(v) });
  }
  return false;
}

/** What the value should have been, or undefined when it fits. */
function expectedOf(type: FieldType, v: JsonNode): string | undefined {
  if (typeof type === 'object') return v.kind === 'string' && type.oneOf.includes(v.value) ? undefined : 'a string';
  switch (type) {
    case 'string':
    case 'url':
      return v.kind === 'string' ? undefined : 'a string';
    case 'boolean':
      return v.kind === 'boolean' ? undefined : 'a boolean';
    case 'number':
      return v.kind === 'number' ? undefined : 'a number';
    case 'icon':
    case 'openapi':
      return v.kind === 'string' || v.kind === 'object' ? undefined : 'a string or an object';
    case 'any':
      return undefined;
  }
}

function lowerOpenApi(m: JsonMember, setBy: ContainerNode, bag: DiagnosticBag): OpenApiScope | undefined {
  const v = m.value;
  if (v.kind === 'string') return { source: v.value, directory: DEFAULT_API_DIRECTORY, span: v.span, setBy };
  if (v.kind !== 'object') return undefined;
  const source = member(v, 'source');
  const directory = member(v, 'directory');
  for (const inner of v.members)
    if (inner.key !== 'source' && inner.key !== 'directory') reportUnknownKey(inner, '`openapi`', ['source', 'directory'], bag);
  if (directory && directory.value.kind !== 'string') {
    bag.report('config/wrong-type', directory.value.span, { key: 'directory', expected: 'a string', found: describeKind(directory.value) });
  }
  if (source === undefined) {
    bag.report('config/missing-required', v.span, { where: '`openapi`', key: 'source' });
    return undefined;
  }
  if (source.value.kind !== 'string') {
    bag.report('config/wrong-type', source.value.span, { key: 'source', expected: 'a string', found: describeKind(source.value) });
    return undefined;
  }
  let dir = DEFAULT_API_DIRECTORY;
  if (directory?.value.kind === 'string') {
    const normalized = normalizeDirectory(directory.value.value);
    if (normalized === undefined) bag.report('nav/openapi-directory', directory.value.span, { directory: directory.value.value });
    else dir = normalized;
  }
  return { source: source.value.value, directory: dir, span: source.value.span, setBy };
}

/**
 * The folder of generated API pages, as a clean relative URL path: `.` and
 * `a/../b` segments applied, slashes trimmed. Undefined when it is empty or
 * leaves the site (`..`), or holds characters no URL path should.
 */
function normalizeDirectory(written: string): string | undefined {
  const segments: string[] = [];
  for (const segment of written.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.pop() === undefined) return undefined;
    } else if (/[\\\s?#%\u0000-\u001F]/.test(segment)) return undefined;
    else segments.push(segment);
  }
  return segments.length === 0 ? undefined : segments.join('/');
}

function lowerGlobal(value: JsonNode, root: RootNode, bag: DiagnosticBag): DivisionNode[] {
  if (value.kind !== 'object') {
    if (value.kind !== 'invalid') bag.report('config/wrong-type', value.span, { key: 'global', expected: 'an object', found: describeKind(value) });
    return [];
  }
  const out: DivisionNode[] = [];
  for (const m of value.members) {
    if (m.key !== 'anchors') {
      reportUnknownKey(m, '`navigation.global`', ['anchors'], bag);
      continue;
    }
    if (m.value.kind !== 'array') {
      if (m.value.kind !== 'invalid')
        bag.report('config/wrong-type', m.value.span, { key: 'anchors', expected: 'an array', found: describeKind(m.value) });
      continue;
    }
    for (const item of m.value.items) {
      const node = lowerElement('global-anchor', item, root, bag);
      if (node?.kind === 'global-anchor') out.push(node);
    }
  }
  return out;
}

function booleanField(item: JsonObject, key: string): boolean | undefined {
  const m = member(item, key);
  return m?.value.kind === 'boolean' ? m.value.value : undefined;
}

function reportUnknownKey(m: JsonMember, where: string, known: readonly string[], bag: DiagnosticBag): void {
  bag.report('config/unknown-key', m.keySpan, { key: m.key, where, suggestion: suggestionSuffix(m.key, known) });
}

export function kindName(kind: DivisionKind | 'group'): string {
  return kind === 'menu-item' ? 'menu item' : kind === 'global-anchor' ? 'global anchor' : kind;
}

function article(kind: DivisionKind | 'group'): string {
  return /^[aeiou]/.test(kindName(kind)) ? 'an' : 'a';
}

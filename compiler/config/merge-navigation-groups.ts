// Merges generated navigation groups into the text of a docs.json, keeping
// everything else byte for byte: the positioned tree (syntax/json-parser.ts)
// says where `navigation.groups` (or else the first tab's `groups`) is, and
// the new groups are spliced in with the file's own indentation and line
// endings. A mint.json (the older format, whose groups have the same shape)
// takes them in its `navigation` array. A group whose name is already there
// is replaced, so running `docsc openapi-file --docs-json` twice lists each
// page once. Pure: text in, text and diagnostics out.

import { basename } from 'node:path';
import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../source/source-file.js';
import { parseJson } from '../syntax/json-parser.js';
import { type JsonArray, type JsonNode, member, nodeAt } from '../syntax/json-tree.js';

export interface MergeGroup {
  group: string;
  pages: string[];
}

export interface MergeResult {
  /** The new text; undefined when nothing could be merged. */
  text?: string;
  diagnostics: Diagnostic[];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

export function mergeNavigationGroups(file: SourceFile, groups: readonly MergeGroup[]): MergeResult {
  const parsed = parseJson(file);
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { diagnostics: errors };
  const target = targetArray(parsed.root);
  if ('reason' in target) {
    return {
      diagnostics: [
        makeDiagnostic('generate/docs-json-merge', target.at ?? { file: file.path }, { file: basename(file.path), reason: target.reason }),
      ],
    };
  }
  const style = textStyle(file.text);
  const edits = groupEdits(file.text, target.array, groups, style);
  return { text: applyEdits(file.text, edits), diagnostics: [] };
}

type Target = { array: JsonArray } | { reason: string; at?: JsonNode['span'] };

/** `navigation.groups`, else `navigation.tabs[0].groups`, or mint.json's `navigation` array; otherwise why not. */
function targetArray(root: JsonNode): Target {
  if (root.kind !== 'object') return { reason: 'the file does not hold an object', at: root.span };
  const navigation = member(root, 'navigation')?.value;
  if (navigation?.kind === 'array') return { array: navigation };
  if (navigation?.kind !== 'object') return { reason: 'it has no `navigation` object or array', at: root.span };
  const groups = nodeAt(navigation, ['groups']);
  if (groups?.kind === 'array') return { array: groups };
  const tabGroups = nodeAt(navigation, ['tabs', 0, 'groups']);
  if (tabGroups?.kind === 'array') return { array: tabGroups };
  const keys = navigation.members.map((m) => `\`${m.key}\``).join(', ') || 'nothing';
  return {
    reason: `\`navigation\` has neither \`groups\` nor a first tab with \`groups\` (it has ${keys}); paste the printed groups where they belong`,
    at: navigation.span,
  };
}

interface TextStyle {
  /** One level of indentation (two spaces, four, a tab). */
  unit: string;
  newline: string;
}

function textStyle(text: string): TextStyle {
  const indented = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return { unit: indented.startsWith('\t') ? '\t' : indented, newline: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** Replaces groups of the same name in place; appends the others after the last item. */
function groupEdits(text: string, array: JsonArray, groups: readonly MergeGroup[], style: TextStyle): Edit[] {
  const edits: Edit[] = [];
  const appended: MergeGroup[] = [];
  for (const group of groups) {
    const existing = array.items.find((item) => item.kind === 'object' && groupName(item) === group.group);
    if (existing) edits.push({ start: existing.span.start, end: existing.span.end, text: render(group, indentAt(text, existing.span.start), style) });
    else appended.push(group);
  }
  if (appended.length > 0) edits.push(appendEdit(text, array, appended, style));
  return edits;
}

function groupName(node: JsonNode): string | undefined {
  const name = node.kind === 'object' ? member(node, 'group')?.value : undefined;
  return name?.kind === 'string' ? name.value : undefined;
}

function appendEdit(text: string, array: JsonArray, groups: readonly MergeGroup[], style: TextStyle): Edit {
  const last = array.items.at(-1);
  if (last !== undefined) {
    const indent = indentAt(text, last.span.start);
    const items = groups.map((g) => `,${style.newline}${indent}${render(g, indent, style)}`).join('');
    return { start: last.span.end, end: last.span.end, text: items };
  }
  // An empty array: rewritten whole, one level deeper than the line it opens on.
  const outer = indentAt(text, array.span.start);
  const inner = outer + style.unit;
  const items = groups.map((g) => `${inner}${render(g, inner, style)}`).join(`,${style.newline}`);
  return { start: array.span.start, end: array.span.end, text: `[${style.newline}${items}${style.newline}${outer}]` };
}

/** A group as JSON, its continuation lines indented to sit at `indent`. */
function render(group: MergeGroup, indent: string, style: TextStyle): string {
  return JSON.stringify({ group: group.group, pages: group.pages }, null, style.unit).split('\n').join(`${style.newline}${indent}`);
}

/** The leading whitespace of the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

// Resolves `$ref` in docs.json: an object `{"$ref": "./nav/en.json"}` (or
// `file.json#/json/pointer`) is replaced by the value it names, parsed with
// the same grammar so every node keeps its position in its own file. Targets
// must be JSON files inside the docs root; cycles are reported.

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { ProjectHost } from '../host/project-host.js';
import type { SourceFile } from '../source/source-file.js';
import { parseJson } from '../syntax/json-parser.js';
import { type JsonNode, type JsonObject, member, nodeAt } from '../syntax/json-tree.js';

/** A longer chain of files including each other is refused as a cycle would be. */
const MAX_REF_CHAIN = 16;

export interface ResolvedConfig {
  root: JsonNode;
  /** Every file read, docs.json first: the inputs a build depends on. */
  files: SourceFile[];
}

export function resolveConfigRefs(root: JsonNode, file: SourceFile, host: ProjectHost, bag: DiagnosticBag): ResolvedConfig {
  const parsed = new Map<string, JsonNode | undefined>([[file.path, root]]);
  const files: SourceFile[] = [file];

  const load = (path: string, at: JsonNode): JsonNode | undefined => {
    if (parsed.has(path)) return parsed.get(path);
    if (!host.isFile(path)) {
      bag.report('json/ref-not-found', at.span, { path });
      parsed.set(path, undefined);
      return undefined;
    }
    const source = host.readSource(path, bag, at.span);
    const tree = source ? parseJson(source) : undefined;
    if (source && tree) {
      files.push(source);
      bag.add(tree.diagnostics);
    }
    parsed.set(path, tree?.root);
    return tree?.root;
  };

  const resolveNode = (node: JsonNode, chain: string[]): JsonNode => {
    if (node.kind === 'array') return { ...node, items: node.items.map((item) => resolveNode(item, chain)) };
    if (node.kind !== 'object') return node;
    const ref = member(node, '$ref');
    if (ref === undefined) return { ...node, members: node.members.map((m) => ({ ...m, value: resolveNode(m.value, chain) })) };
    return resolveRef(node, ref.value, chain) ?? { kind: 'invalid', span: node.span };
  };

  const resolveRef = (holder: JsonObject, ref: JsonNode, chain: string[]): JsonNode | undefined => {
    if (ref.kind !== 'string') {
      bag.report('json/ref-invalid', ref.span);
      return undefined;
    }
    const siblings = holder.members.filter((m) => m.key !== '$ref').map((m) => `\`${m.key}\``);
    if (siblings.length > 0) bag.report('json/ref-siblings', holder.span, { keys: siblings.join(', ') });
    const hash = ref.value.indexOf('#');
    const target = hash === -1 ? ref.value : ref.value.slice(0, hash);
    const pointer = hash === -1 ? '' : ref.value.slice(hash + 1);
    const from = ref.span.file.path;
    const path = target === '' ? from : host.resolveFrom(from, target);
    if (path === undefined) {
      bag.report('json/ref-outside-root', ref.span, { path: target });
      return undefined;
    }
    const key = `${path}#${pointer}`;
    if (chain.includes(key) || chain.length >= MAX_REF_CHAIN) {
      bag.report('json/ref-cycle', ref.span, { chain: [...chain, key].map((k) => `\`${k.replace(/#$/, '')}\``).join(' → ') });
      return undefined;
    }
    const loaded = load(path, ref);
    if (loaded === undefined) return undefined;
    const value = pointer === '' ? loaded : nodeAt(loaded, parsePointer(pointer));
    if (value === undefined) {
      bag.report('json/ref-pointer-not-found', ref.span, { pointer: `#${pointer}`, path });
      return undefined;
    }
    return resolveNode(value, [...chain, key]);
  };

  return { root: resolveNode(root, [`${file.path}#`]), files };
}

/** `/a/0/b~1c` → ['a', 0, 'b/c'] (numeric segments index arrays). */
function parsePointer(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key;
    });
}

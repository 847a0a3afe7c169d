// Reads docs.json: finds it (or explains its absence), parses it with the JSON
// grammar, and resolves `$ref`s. Without docs.json, a mint.json is read and
// upgraded to a docs.json tree as Mintlify does (upgrade-mint-json.ts). The
// result is the positioned tree every config pass reads, plus the files it
// came from.

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { ProjectHost } from '../host/project-host.js';
import type { SourceFile } from '../source/source-file.js';
import { parseJson } from '../syntax/json-parser.js';
import { describeKind, type JsonNode } from '../syntax/json-tree.js';
import { resolveConfigRefs } from './resolve-config-refs.js';
import { LEGACY_CONFIG_FILE, upgradeMintConfig } from './upgrade-mint-json.js';

export const CONFIG_FILE = 'docs.json';

export interface Config {
  root: JsonNode;
  files: SourceFile[];
}

export function readConfig(host: ProjectHost, bag: DiagnosticBag): Config | undefined {
  const current = host.isFile(CONFIG_FILE);
  const legacy = !current && host.isFile(LEGACY_CONFIG_FILE);
  if (!current && !legacy) {
    bag.report('config/not-found', { file: CONFIG_FILE });
    return undefined;
  }
  const file = legacy ? LEGACY_CONFIG_FILE : CONFIG_FILE;
  const source = host.readSource(file, bag);
  if (source === undefined) return undefined;
  const parsed = parseJson(source);
  bag.add(parsed.diagnostics);
  if (parsed.root.kind === 'invalid') return { root: parsed.root, files: [source] };
  if (parsed.root.kind !== 'object') {
    bag.report('config/wrong-type', parsed.root.span, { key: file, expected: 'an object', found: describeKind(parsed.root) });
    return undefined;
  }
  if (legacy) {
    bag.report('config/legacy-mint-json', parsed.root.span);
    return { root: upgradeMintConfig(parsed.root), files: [source] };
  }
  return resolveConfigRefs(parsed.root, source, host, bag);
}

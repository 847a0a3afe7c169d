// Reads docs.json: finds it (or explains its absence), parses it with the JSON
// grammar, and resolves `$ref`s. The result is the positioned tree every
// config pass reads, plus the files it came from.

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { ProjectHost } from '../host/project-host.js';
import type { SourceFile } from '../source/source-file.js';
import { parseJson } from '../syntax/json-parser.js';
import { describeKind, type JsonNode } from '../syntax/json-tree.js';
import { resolveConfigRefs } from './resolve-config-refs.js';

export const CONFIG_FILE = 'docs.json';

export interface Config {
  root: JsonNode;
  files: SourceFile[];
}

export function readConfig(host: ProjectHost, bag: DiagnosticBag): Config | undefined {
  if (!host.isFile(CONFIG_FILE)) {
    if (host.isFile('mint.json')) bag.report('config/legacy-mint-json', { file: 'mint.json' });
    else bag.report('config/not-found', { file: CONFIG_FILE });
    return undefined;
  }
  const source = host.readSource(CONFIG_FILE, bag);
  if (source === undefined) return undefined;
  const parsed = parseJson(source);
  bag.add(parsed.diagnostics);
  if (parsed.root.kind === 'invalid') return { root: parsed.root, files: [source] };
  if (parsed.root.kind !== 'object') {
    bag.report('config/wrong-type', parsed.root.span, { key: 'docs.json', expected: 'an object', found: describeKind(parsed.root) });
    return undefined;
  }
  return resolveConfigRefs(parsed.root, source, host, bag);
}

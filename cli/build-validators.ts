// Writes the JSON Schema validators docsc would otherwise compile in every
// process (compiler/host/precompiled-validators.ts says why and how they are
// read): docs.json's schema as validate-config.ts compiles it, and the
// OpenAPI 3.0 and 3.1 schemas as validate-schema.ts does, each through ajv's
// standalone mode with the same options — the same functions, as CommonJS
// modules. A step of `npm run build:ts`, run from dist/; written aside, then
// put in place. Skipped when the stamp says the folder is up to date.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CONFIG_AJV_OPTIONS, configSchema } from '../compiler/config/validate-config.js';
import {
  packageVersions,
  STAMP_FILE,
  schemaHash,
  VALIDATORS_FORMAT,
  type ValidatorName,
  type ValidatorsStamp,
  validatorFile,
  validatorsFolder,
} from '../compiler/host/precompiled-validators.js';
import { OPENAPI_AJV_OPTIONS, type OpenApiLine, openApiAjv, openApiSchema } from '../compiler/openapi/openapi-schemas.js';

const CODE = { code: { source: true } } as const;

const require = createRequire(import.meta.url);
/** ajv's standalone mode: the module text of a compiled validator. */
const standaloneCode = (
  require('ajv/dist/standalone') as { default: (ajv: import('ajv').default, validate: import('ajv').ValidateFunction) => string }
).default;

async function main(): Promise<void> {
  const folder = validatorsFolder();
  if (folder === undefined) throw new Error('docsc package folder not found');
  const docs = await configSchema();
  const stamp: ValidatorsStamp = { format: VALIDATORS_FORMAT, packages: packageVersions(), docsSchema: schemaHash(docs) };
  if (readStamp(folder) === JSON.stringify(stamp)) {
    console.log('validators: up to date');
    return;
  }
  const modules = new Map<ValidatorName, string>();
  const { default: AjvModule } = await import('ajv');
  const ajv = new AjvModule.default({ ...CONFIG_AJV_OPTIONS, ...CODE });
  modules.set('docs-json', standaloneCode(ajv, ajv.compile(docs)));
  for (const line of ['3.0', '3.1'] as OpenApiLine[]) {
    const Ajv = openApiAjv(line);
    const openapi = new Ajv({ ...OPENAPI_AJV_OPTIONS, ...CODE });
    modules.set(line === '3.0' ? 'openapi-3.0' : 'openapi-3.1', standaloneCode(openapi, openapi.compile(openApiSchema(line))));
  }
  const staging = `${folder}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const [name, code] of modules) writeFileSync(join(staging, validatorFile(name)), code);
  writeFileSync(join(staging, STAMP_FILE), JSON.stringify(stamp));
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
  const bytes = [...modules.values()].reduce((sum, code) => sum + code.length, 0);
  console.log(`validators: ${[...modules.keys()].join(', ')} (${(bytes / 1024).toFixed(0)} KB)`);
}

function readStamp(folder: string): string | undefined {
  try {
    return readFileSync(join(folder, STAMP_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

await main();

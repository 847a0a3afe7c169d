// The tool's version, read once from package.json (it is in reports), where
// its documentation is published, and the tool's identity (version and code
// hash: it keys caches).

import { createHash, type Hash } from 'node:crypto';
import { type Dirent, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

interface PackageJson {
  name?: string;
  version?: string;
  homepage?: string;
}

function readPackage(): PackageJson {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(candidate) as PackageJson;
      if (pkg.name === 'docsc') return pkg;
    } catch {
      // try the next location: sources and dist/ sit at different depths
    }
  }
  return {};
}

const pkg = readPackage();

export const VERSION = pkg.version || '0.0.0';

/**
 * Where docsc's documentation site is published: package.json's `homepage` when it is an http(s) URL. Diagnostics
 * link to their page there (`compiler/report/docs-anchor.ts`); while it is unset, to the installed reference.
 */
export const DOCS_SITE_URL: string | undefined = pkg.homepage !== undefined && /^https?:\/\//i.test(pkg.homepage) ? pkg.homepage : undefined;

let codeIdentity: string | undefined;

/** Beside the bundle's modules (dist/bundle/, cli/build-bundle.ts writes both): the hash of its files. */
export const BUNDLE_IDENTITY_FILE = 'tool-identity.json';

/** What BUNDLE_IDENTITY_FILE holds. */
export interface BundleIdentity {
  /** sha256 of the bundle's files (names and bytes), hex. */
  code: string;
}

/**
 * What keys the build cache and the up-to-date check: the version and a hash
 * of docsc's own code (compiler/ and runtime/, as installed). A release bumps
 * the version; a checkout of docsc between releases changes the code under
 * the same version, and a cache written by other code must not be trusted.
 * Run from the bundle (dist/bundle/), the hash of its code was taken when it
 * was written and is read from beside it; from sources or tsc's output, about
 * 250 modules are hashed, once per process, on builds only.
 */
export function toolIdentity(): string {
  codeIdentity ??= `${VERSION}+${hashCode()}`;
  return codeIdentity;
}

function hashCode(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  const bundled = bundleIdentity(here);
  if (bundled === undefined) hashFolder(hash, here);
  else hash.update(`bundle\0${bundled.code}\0`);
  const runtime = runtimeIdentity();
  if (runtime !== undefined) hash.update(`runtime\0${runtime}\0`);
  return hash.digest('hex').slice(0, 12);
}

let runtimeHash: string | null | undefined;

/**
 * A hash of runtime/ (the stylesheets and the client's sources, which a build bundles), part of the tool's identity
 * and the stamp of the client scripts bundled when docsc is built (site/client-bundle.ts); undefined without it.
 */
export function runtimeIdentity(): string | undefined {
  if (runtimeHash === undefined) {
    runtimeHash = null;
    // runtime/ sits beside compiler/ in sources, and beside dist/ when built; not dist/runtime/, which holds only what
    // tsc compiled of it for the compiler.
    for (let dir = dirname(dirname(fileURLToPath(import.meta.url))); ; dir = dirname(dir)) {
      if (existsSync(join(dir, 'runtime', 'site.css'))) {
        const hash = createHash('sha256');
        hashFolder(hash, join(dir, 'runtime'));
        runtimeHash = hash.digest('hex');
        break;
      }
      if (dirname(dir) === dir) break;
    }
  }
  return runtimeHash ?? undefined;
}

/** The names and bytes of a folder's code, stylesheets and JSON, depth first in name order. */
function hashFolder(hash: Hash, dir: string): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashFolder(hash, path);
    else if (/\.(m?js|ts|css|json)$/.test(entry.name) && !entry.name.endsWith('.map')) hash.update(`${entry.name}\0`).update(readFileSync(path));
  }
}

/** The bundle's recorded identity when this module is part of it (undefined in sources and in tsc's output). */
function bundleIdentity(here: string): BundleIdentity | undefined {
  try {
    const identity = JSON.parse(readFileSync(join(here, BUNDLE_IDENTITY_FILE), 'utf8')) as Partial<BundleIdentity>;
    return typeof identity.code === 'string' && identity.code !== '' ? { code: identity.code } : undefined;
  } catch {
    return undefined;
  }
}

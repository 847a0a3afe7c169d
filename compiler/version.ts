// The tool's version, read once from package.json (it keys caches and reports).

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function readVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(candidate) as { name?: string; version?: string };
      if (pkg.name === 'docsc' && pkg.version) return pkg.version;
    } catch {
      // try the next location: sources and dist/ sit at different depths
    }
  }
  return '0.0.0';
}

export const VERSION = readVersion();

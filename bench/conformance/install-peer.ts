// Installs a pinned peer of the conformance run on demand (`npm install` in its own folder beside this file,
// whose package.json pins it; node_modules is git-ignored) and returns the path of its package.json's folder.
// Never run by `npm ci`, never in CI.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function ensurePackage(folder: string, manifest: string, extraArgs: string[]): string {
  const path = join(folder, 'node_modules', manifest);
  if (!existsSync(path)) {
    process.stderr.write(`conformance: installing ${folder}'s pinned package (npm install)\n`);
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...extraArgs], { cwd: folder, encoding: 'utf8' });
    if (install.status !== 0 || !existsSync(path)) {
      throw new Error(`npm install in ${folder} failed:\n${(install.stderr || install.stdout).slice(-2000)}`);
    }
  }
  return dirname(path);
}

// Hugo for the bench's side-by-side runs (peers.ts): the program, installed on
// demand with Debian's package manager like the npm peers are with npm, and
// the bench corpus written as a Hugo site (write-site.ts) beside it in
// bench/corpora/ (git-ignored), reused while the corpus and this folder's
// sources are unchanged.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { writeHugoSite } from './write-site.js';

/** GNU time, which drivers/timed-command.mjs runs Hugo under (Debian's `time` package). */
const GNU_TIME = '/usr/bin/time';

/** `hugo version`, installing Hugo (and GNU time) with apt-get first when missing; throws with apt-get's output when it cannot. */
export function ensureHugo(): string {
  const missing = [...(hugoVersion() === undefined ? ['hugo'] : []), ...(existsSync(GNU_TIME) ? [] : ['time'])];
  if (missing.length > 0) {
    process.stderr.write(`bench: installing ${missing.join(' and ')} (apt-get install -y --no-install-recommends ${missing.join(' ')})\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { encoding: 'utf8', env });
    if (install.status !== 0) {
      spawnSync('apt-get', ['update', '-qq'], { encoding: 'utf8', env });
      install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { encoding: 'utf8', env });
    }
    if (install.status !== 0 || hugoVersion() === undefined || !existsSync(GNU_TIME)) {
      const output = `${install.stderr ?? ''}${install.stdout ?? ''}${install.error ? String(install.error) : ''}`;
      throw new Error(`the Hugo peer needs hugo and ${GNU_TIME}; apt-get install ${missing.join(' ')} failed:\n${output.slice(-2000)}`);
    }
  }
  return hugoVersion() as string;
}

function hugoVersion(): string | undefined {
  const run = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** The Hugo site of a generated corpus (`bench/corpora/<corpus>-hugo-<hash>/`), written when missing. */
export function ensureHugoSite(corpus: string): { dir: string; pages: number } {
  const name = `${basename(corpus)}-hugo-${sourcesHash()}`;
  const dir = join(dirname(corpus), name);
  const manifest = `${dir}.json`;
  if (existsSync(manifest)) return { dir, pages: (JSON.parse(readFileSync(manifest, 'utf8')) as { pages: number }).pages };
  for (const entry of readdirSync(dirname(corpus))) {
    if (entry.startsWith(`${basename(corpus)}-hugo-`) && !entry.startsWith(name))
      rmSync(join(dirname(corpus), entry), { recursive: true, force: true });
  }
  // Written beside, then renamed into place, as corpora.ts does: another bench process may want the same site.
  const temporary = `${dir}.tmp-${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  const site = writeHugoSite(corpus, temporary);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temporary, dir);
  writeFileSync(manifest, `${JSON.stringify(site, null, 2)}\n`);
  return { dir, pages: site.pages };
}

/** 8 hex digits of this folder's sources (the writer, layouts, static files). */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const here = import.meta.dirname;
  const files = readdirSync(here, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(relative(here, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 8);
}

/** `node` arguments of a Hugo build of `site` into `out`, timed by drivers/timed-command.mjs; its cache in `cacheDir`, no lock file in the site. */
export function hugoBuild(site: string, out: string, cacheDir: string): string[] {
  return ['bench/drivers/timed-command.mjs', 'hugo', '--source', site, '--destination', out, '--cacheDir', cacheDir, '--noBuildLock', '--quiet'];
}

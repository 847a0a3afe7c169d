// Baseline (golden file) comparison for tests: `matchBaseline(path, actual)`
// asserts that `actual` equals the file's text, or, when the environment has
// UPDATE_BASELINES=1, writes `actual` to the file instead. Paths are relative
// to the project root (absolute paths work too).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export function matchBaseline(path: string, actual: string): void {
  const file = resolve(projectRoot, path);
  if (process.env.UPDATE_BASELINES === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) assert.unreachable(`baseline ${path} is missing; run the tests with UPDATE_BASELINES=1 to write it`);
  assert.fixture(actual, readFileSync(file, 'utf8'), `output differs from baseline ${path} (UPDATE_BASELINES=1 rewrites it)`);
}

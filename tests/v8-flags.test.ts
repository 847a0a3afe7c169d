// The V8 flags docsc sets (compiler/host/v8-flags.ts) are flags the running V8
// knows: an unknown one prints "Error: unrecognized flag" at every command.

import { spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildV8Flags } from '../compiler/host/v8-flags.js';

/** The flag names this V8 lists (`node --v8-options`). */
function knownFlags(): Set<string> {
  const listed = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  return new Set([...listed.matchAll(/^\s+--([a-z0-9-]+)\s/gm)].map((match) => match[1] as string));
}

test('every flag set on this V8 is one it lists', () => {
  const known = knownFlags();
  assert.ok(known.size > 100, 'node --v8-options lists its flags');
  for (const flag of buildV8Flags()) {
    const name = (flag.replace(/^--/, '').split('=')[0] as string).replace(/^no-/, '');
    assert.ok(known.has(name), `${flag} is not a flag of V8 ${process.versions.v8}`);
  }
});

test('the tier-up flag follows the V8 version', () => {
  assert.ok(buildV8Flags('11.3.244.8-node.38').includes('--interrupt-budget=2162688'));
  const v12 = buildV8Flags('12.4.254.21-node.57');
  assert.not.ok(v12.some((flag) => flag.startsWith('--interrupt-budget')));
  assert.ok(v12.includes('--invocation-count-for-turbofan=48000'));
  assert.ok(buildV8Flags('13.6.233.17-node.63').includes('--max-semi-space-size=16'));
  // A V8 between the two, whose flags were not measured: neither.
  assert.not.ok(buildV8Flags('11.8.172.17-node.15').some((flag) => flag.includes('budget') || flag.includes('invocation')));
});

test('a command run under the flags prints no V8 error', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'check', 'examples', '--no-cache', '--quiet'], { encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  assert.not.match(run.stderr, /unrecognized flag|illegal value/);
});

test.run();

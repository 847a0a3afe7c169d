// The input snapshot's memo (compiler/build/input-snapshot.ts) on real files:
// a file whose size and time are unchanged is trusted without being read once
// the memo was taken well after its time; a file modified within 2 s of the
// memo ("racily clean") is read again, and the memo that read it is stored
// with its new time, so that the build after trusts it. Left unstored, every
// later build hashed it again: every no-op after a build made just after a
// checkout (or after the bench's copy of a built site) read every page.

import { cpSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { snapshotInputs } from '../compiler/build/input-snapshot.js';
import { ProjectHost, type ReadResult } from '../compiler/host/project-host.js';

/** A host that counts the files it reads. */
class CountingHost extends ProjectHost {
  readCount = 0;
  override read(path: string): ReadResult {
    this.readCount++;
    return super.read(path);
  }
}

test('a racily clean file is read again once, and the memo that read it is stored; the next snapshot reads nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-snapshot-'));
  try {
    const root = join(dir, 'docs');
    cpSync('tests/fixtures/build/site', root, { recursive: true });
    const hourAgo = Date.now() - 3_600_000;
    for (const file of readdirSync(root, { recursive: true }) as string[]) utimesSync(join(root, file), hourAgo / 1000, hourAgo / 1000);

    const first = snapshotInputs(new CountingHost(root), 'salt', undefined);
    const files = first.identities.size;
    assert.ok(files > 5, 'the fixture has files');
    assert.ok(first.changed, 'no memo before: the first one is stored');
    // Its fingerprints come from the reads (the descriptor's size and time), and are those a stat gives.
    const trusting = new CountingHost(root);
    assert.is(snapshotInputs(trusting, 'salt', first.memo).key, first.key);
    assert.is(trusting.readCount, 0, 'the first memo is trusted as it is');

    // As if that memo had been taken 1 s after the files were written (a build just after a checkout).
    const racyMemo = { ...first.memo, at: hourAgo + 1000 };
    const host = new CountingHost(root);
    const second = snapshotInputs(host, 'salt', racyMemo);
    assert.is(host.readCount, files, 'every racy file is read again');
    assert.equal(second.identities, first.identities, 'to the same identities');
    assert.is(second.key, first.key);
    assert.ok(second.changed, 'the memo is stored with its new time, though no entry differs');
    assert.ok(second.memo.at >= Date.now() - 60_000, 'taken now');

    const after = new CountingHost(root);
    const third = snapshotInputs(after, 'salt', second.memo);
    assert.is(after.readCount, 0, 'an hour-old file in a memo taken now is trusted');
    assert.not.ok(third.changed, 'nothing to store');
    assert.is(third.key, first.key);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

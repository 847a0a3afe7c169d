// The search shard editor (compiler/build/shard-editor.ts), on its thread (a
// large site) and in place (a small one): an earlier build's shard, edited
// with the entries of pages laid out again, is the shard rendered from all the
// new entries; a shard whose bytes changed since, or that lists other pages,
// is not edited (the build merges it).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SHARD_EDITOR_THREAD, ShardEditor } from '../compiler/build/shard-editor.js';
import { contentHash } from '../compiler/cache/value-key.js';
import { renderShardEntries, type SearchRecord, searchEntry } from '../compiler/site/search-index.js';

const record = (url: string, section: string): SearchRecord => ({
  url,
  title: `Page ${url}`,
  section,
  headings: [{ id: 'setup', text: 'Setting up' }],
  text: `How to use ${url.slice(1)} with the widget API.`,
});

for (const [mode, pages] of [
  ['on its thread', SHARD_EDITOR_THREAD],
  ['in place', 10],
] as const) {
  test(`shard editor ${mode}: edits a shard as rendering it from the new entries would; refuses a changed file or other pages`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsc-shard-editor-'));
    const urls = ['/a', '/b', '/c', '/d'];
    const before = urls.map((url) => searchEntry(record(url, 'Guides')));
    const text = renderShardEntries(before);
    writeFileSync(join(dir, '0.json'), text);
    writeFileSync(join(dir, '1.json'), text);
    // The group of /b and /d renamed: their entries change, the others are the earlier build's.
    const made = ['/b', '/d'].map((url) => searchEntry(record(url, 'Tutorials')));
    const after = renderShardEntries([before[0], made[0], before[2], made[1]].filter((e) => e !== undefined));
    const editor = ShardEditor.start(
      [
        { path: 'search/0.json', file: join(dir, '0.json'), hash: contentHash(text) },
        // Changed since the earlier build recorded it: never edited.
        { path: 'search/1.json', file: join(dir, '1.json'), hash: contentHash(`${text} `) },
      ],
      pages,
    );
    try {
      assert.ok(editor);
      assert.is(await editor.edit('search/0.json', urls, made), after);
      assert.is(await editor.edit('search/1.json', urls, made), undefined, 'a shard changed since it was recorded');
      assert.is(await editor.edit('search/0.json', ['/a', '/b', '/c', '/e'], made), undefined, 'other pages');
      assert.is(await editor.edit('search/2.json', urls, made), undefined, 'no earlier shard');
    } finally {
      await editor?.close();
      rmSync(dir, { recursive: true, force: true });
    }
    assert.is(ShardEditor.start([], pages), undefined, 'no earlier shards: no editor');
  });
}

test.run();

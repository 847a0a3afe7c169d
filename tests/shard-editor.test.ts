// The search shard editor (compiler/build/shard-editor.ts), on its thread (a
// large site) and in place (a small one): an earlier build's shard, edited
// with the entries of pages laid out again, is the shard rendered from all the
// new entries; a shard whose bytes changed since, or that lists other pages,
// is not edited (the build merges it). The build asks for a shard's edit as
// soon as the last of its pages is laid out (SearchShards.request): render
// then takes that edit, and looks again at a shard whose records changed since.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SearchShards } from '../compiler/build/search-shards.js';
import { SHARD_EDITOR_THREAD, ShardEditor } from '../compiler/build/shard-editor.js';
import { MemoryBuildCache } from '../compiler/cache/memory-build-cache.js';
import { contentHash } from '../compiler/cache/value-key.js';
import { renderShardEntries, type SearchEntry, type SearchRecord, searchEntry, shardOf, shardPath } from '../compiler/site/search-index.js';

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

test('shard editor: the build edits beside the thread once it has asked for every shard, each shard by one side, every edit answered', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-shard-editor-'));
  const urls = ['/a', '/b', '/c', '/d'];
  const before = urls.map((url) => searchEntry(record(url, 'Guides')));
  const text = renderShardEntries(before);
  const made = ['/b', '/d'].map((url) => searchEntry(record(url, 'Tutorials')));
  const after = renderShardEntries([before[0], made[0], before[2], made[1]].filter((e) => e !== undefined));
  const paths = Array.from({ length: 8 }, (_, n) => `search/${n}.json`);
  for (const [n] of paths.entries()) writeFileSync(join(dir, `${n}.json`), text);
  const editor = ShardEditor.start(
    paths.map((path, n) => ({ path, file: join(dir, `${n}.json`), hash: contentHash(text) })),
    SHARD_EDITOR_THREAD,
  );
  try {
    assert.ok(editor);
    // The thread answers the first (so it has started); the build then takes what the thread has not begun.
    const edits = paths.map((path) => editor.edit(path, urls, made));
    assert.is(await edits[0], after);
    editor.workAlong();
    assert.equal(
      await Promise.all(edits),
      paths.map(() => after),
    );
    editor.workAlong();
    // A request sent after the build worked along goes to the thread as before.
    assert.is(await editor.edit('search/7.json', urls, made), undefined, 'a shard edited already is claimed: not edited twice');
  } finally {
    await editor?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a shard requested once its pages are laid out is edited once, and render takes that edit; one changed since is asked again', async () => {
  const asked: { path: string; urls: string[] }[] = [];
  // The editor's side: answers with the URLs it was given, so that what render wrote shows which request it took.
  const editor = {
    edit: (path: string, urls: string[], made: SearchEntry[]) => {
      asked.push({ path, urls });
      return Promise.resolve(`edited ${urls.join(',')} (${made.length} made)`);
    },
    workAlong: () => {},
  } as unknown as ShardEditor;
  const cache = new MemoryBuildCache();
  const shards = new SearchShards();
  const n = shardOf('/guides/b');
  // Every other shard is as the output holds it.
  const checks = { editor, unchanged: (path: string) => path !== shardPath(n) };
  shards.addKept('/guides/a', 'kept-a');
  shards.add(record('/guides/b', 'Tutorials'), 'made-b', cache);
  shards.request(n, checks);
  assert.equal(asked, [{ path: shardPath(n), urls: ['/guides/a', '/guides/b'] }], 'asked at once');
  let files = await shards.render(cache, checks);
  assert.equal(
    files?.map((file) => file.contents),
    ['edited /guides/a,/guides/b (1 made)'],
    'render takes the edit asked for',
  );
  assert.is(asked.filter((a) => a.path === shardPath(n)).length, 1, 'the shard was edited once');

  asked.length = 0;
  shards.request(n, checks);
  shards.add(record('/guides/c', 'Tutorials'), 'made-c', cache);
  files = await shards.render(cache, checks);
  assert.equal(
    asked.filter((a) => a.path === shardPath(n)).map((a) => a.urls),
    [
      ['/guides/a', '/guides/b'],
      ['/guides/a', '/guides/b', '/guides/c'],
    ],
    'a record added after the request: the shard is asked for again with it',
  );
  assert.equal(
    files?.map((file) => file.contents),
    ['edited /guides/a,/guides/b,/guides/c (1 made)'],
  );
});

test.run();

// Generated API pages sit where Mintlify publishes them. The expected values
// below were computed once by running Mintlify's own code (@mintlify/common
// 1.0.1183 `prepareStringToBeValidFilename`; @mintlify/prebuild 1.0.1341
// `generateOpenApiFromDocsConfig` with `writeFiles: false`, as
// bench/conformance/mintlify-api-urls.mjs runs it) on the same inputs, and
// written here as literals: this test does not need those packages.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeProject } from '../compiler/check.js';
import { type ApiPageEntry, assignApiPagePaths, hrefPagePath, mintlifySlug, safeSegment } from '../compiler/openapi/api-page-paths.js';
import type { OpenApiDocument, OperationInfo } from '../compiler/openapi/openapi-document.js';

/** `prepareStringToBeValidFilename(input)` as Mintlify computed it. */
const MINTLIFY_SLUGS: [string, string][] = [
  ['eth_chainId', 'eth_chainid'],
  ['List all pets', 'list-all-pets'],
  ["Get a user's repo (v2.1)!", 'get-a-users-repo-v21!'],
  ['  Create / update   {id} item_name  ', '-create-update---item_name-'],
  ['Ünïcödé Straße', 'ünïcödé-straße'],
  ['Cafe\u0301', 'cafe\u0301'],
  ['获取用户', '获取用户'],
  ['...', ''],
  ['Get user: by id', 'get-user:-by-id'],
  ['a---b', 'a--b'],
  ['- null', '-null'],
  ['First line\nsecond: line', 'first-linesecond:-line'],
  ['Say "hi": it\'s #1 - really', 'say-"hi":-its-#1--really'],
  ['{id}', ''],
  ['/users/{id}/repos', 'users-repos'],
  ['/', ''],
  ['İstanbul', 'i\u0307stanbul'],
  ['🐕 Fetch a dog 🦴', '🐕-fetch-a-dog-🦴'],
  ['tab\there', 'tab\there'],
  ['What? 100% & more', 'what?-100%-&-more'],
  ['Pet {a}{b} x', 'pet--x'],
  ['X-Rate-Limit', 'x-rate-limit'],
  ['v1.2.3 API', 'v123-api'],
  ['CON', 'con'],
  ['-lead and trail-', 'lead-and-trail'],
  ['--double--', '-double-'],
];

test("mintlifySlug: Mintlify's slug of a summary, tag or path, character for character", () => {
  for (const [input, expected] of MINTLIFY_SLUGS) assert.is(mintlifySlug(input), expected, JSON.stringify(input));
});

/**
 * The fixture tests/fixtures/api-page-paths/mintlify-table (two elements generating every operation, one with an
 * upper-case `directory`, one group listing entries; tags, `x-group`, duplicates, `x-hidden`, `x-excluded`, untagged
 * operations, operations without summary, webhooks, unicode, `x-mint.href`): Mintlify's filled `pagesAcc`, as
 * [page path, operation] in its order (a path it assigned twice holds the last operation).
 */
const MINTLIFY_PAGES: [string, string][] = [
  ['api-reference/pets/list-pets', 'post /pets'],
  ['api-reference/users-&-posts/get-users-posts', 'get /users/{userId}/posts/{postId}'],
  ['api-reference/petdeleted', 'webhook pet.deleted'],
  ['api-ref/pets/list-pets', 'put /pets/{id}'],
  ['api-ref/users-&-posts/get-users-posts', 'get /users/{userId}/posts/{postId}'],
  ['api-ref/get-', 'get /'],
  ['api-ref/json-rpc/eth_chainid', 'post /chain'],
  ['api-ref/straße/café-au-lait-☕', 'get /unicode'],
  ['api-ref/users/get-user:-by-id', 'get /colon'],
  ['api-ref/spaced-out/trim-me---please', 'get /spaces'],
  ['guides/send-message', 'get /href'],
  ['api-ref/dots', 'get /dots'],
  ['api-ref/alpha/same', 'post /grouped'],
  ['api-ref/status', 'post /untagged-dup'],
  ['api-ref/pet-created', 'webhook pet.created'],
  ['api-ref/petdeleted', 'webhook pet.deleted'],
  ['lower/pets/list-pets', 'get /pets'],
  ['lower/pets/list-pets-1', 'post /pets'],
  ['lower/pets/list-pets-2', 'put /pets/{id}'],
  ['lower/users-&-posts/get-users-posts', 'get /users/{userId}/posts/{postId}'],
  ['lower/get-', 'get /'],
  ['lower/json-rpc/eth_chainid', 'post /chain'],
  ['lower/straße/café-au-lait-☕', 'get /unicode'],
  ['lower/users/get-user:-by-id', 'get /colon'],
  ['lower/spaced-out/trim-me---please', 'get /spaces'],
  ['lower/dots', 'get /dots'],
  ['lower/alpha/same', 'get /grouped'],
  ['lower/alpha/same-1', 'post /grouped'],
  ['lower/status', 'get /untagged-dup'],
  ['lower/status-1', 'post /untagged-dup'],
  ['lower/pet-created', 'webhook pet.created'],
  ['lower/petdeleted', 'webhook pet.deleted'],
];

/** What docsc publishes beyond Mintlify: the pages Mintlify published over (it keeps the last), each at a free suffix. */
const DOCSC_ONLY: [string, string][] = [
  ['api-ref/alpha/same-1', 'get /grouped'],
  ['api-ref/pets/list-pets-1', 'get /pets'],
  ['api-ref/pets/list-pets-2', 'post /pets'],
  ['api-ref/pets/list-pets-3', 'get /pets/{id}'],
  ['api-ref/status-1', 'get /untagged-dup'],
  ['api-reference/pets/list-pets-1', 'get /pets'],
  ['lower/pets/list-pets-2-1', 'get /pets/{id}'],
];

test('generated pages: every page Mintlify publishes, at its URL with its operation; the ones it publishes over, suffixed', async () => {
  const analysis = await analyzeProject({ root: 'tests/fixtures/api-page-paths/mintlify-table', threads: 1 });
  const published = analysis.apiPages
    .filter((page) => page.origin !== 'page')
    .map((page) => {
      const item = page.item.type === 'operation' ? `${page.item.operation.method} ${page.item.operation.path}` : `webhook ${page.item.webhook.name}`;
      return JSON.stringify([page.url, item]);
    })
    .sort();
  const expected = [...MINTLIFY_PAGES, ...DOCSC_ONLY].map((pair) => JSON.stringify(pair));
  assert.equal(published, [...new Set(expected)].sort());
  const renamed = analysis.diagnostics.filter((d) => d.code === 'openapi/duplicate-slug').length;
  assert.is(renamed, DOCSC_ONLY.length, "each page kept beside Mintlify's is reported");
  assert.equal(
    analysis.diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'openapi/duplicate-slug'),
    [],
  );
});

test("hrefPagePath: the href's folder and name, lowercased; none for what cannot be a page path", () => {
  assert.is(hrefPagePath('/en/api-reference/chat-messages/send-chat-message'), 'en/api-reference/chat-messages/send-chat-message');
  assert.is(hrefPagePath('/Guides/Send-Message.mdx'), 'guides/send-message');
  assert.is(hrefPagePath('/a/./b/../c/'), 'a/c');
  assert.is(hrefPagePath('/guides/x#part'), undefined);
  assert.is(hrefPagePath('/guides/x?tab=1'), undefined);
  assert.is(hrefPagePath('/../outside'), undefined);
  assert.is(hrefPagePath('/'), undefined);
  assert.is(hrefPagePath('https://example.com/x'), undefined);
});

test('safeSegment: characters no URL path holds left out, reserved names suffixed, cut at 250 bytes', () => {
  assert.is(safeSegment('what?-100%-&-more'), 'what-100%-&-more');
  assert.is(safeSegment('say-"hi":-its-#1--really'), 'say-"hi":-its-1--really');
  assert.is(safeSegment('tab\there\\x'), 'tabherex');
  assert.is(safeSegment('con'), 'con_');
  assert.is(safeSegment('com1'), 'com1_');
  assert.is(safeSegment('lpt²'), 'lpt²_');
  assert.is(safeSegment('console'), 'console');
  assert.is(safeSegment('a'.repeat(300)), 'a'.repeat(250));
  assert.is(safeSegment(`${'a'.repeat(249)}-b`), 'a'.repeat(249));
  assert.is(safeSegment('获'.repeat(90)), '获'.repeat(83));
});

function operation(path: string, summary: string): OperationInfo {
  return { method: 'get', path, summary, deprecated: false, tags: [], hidden: false, excluded: false, pointer: [] };
}

test('assignApiPagePaths: thousands of pages on one path keep the last there, the others numbered in order around names taken from the start and in any case', () => {
  const document = {} as OpenApiDocument;
  const summaries = ['Count', ...Array.from({ length: 2_999 }, (_, i) => (i === 3 ? 'Count 7' : i % 2 ? 'count' : 'COUNT'))];
  const entries: ApiPageEntry[] = summaries.map((summary, i) => ({ document, item: operation(`/r${i}/$count`, summary), directory: 'api' }));
  const placed = assignApiPagePaths(entries);
  const paths = placed.map((a) => a.path);
  assert.is(new Set(paths.map((p) => p.toLowerCase())).size, paths.length, 'no two pages on one file, whatever the case');
  // `count-7` was named so from the start: the renamed ones go from 6 to 8; the last `count` keeps `count`.
  assert.equal(
    paths.slice(0, 10),
    ['count-1', 'count-2', 'count-3', 'count-4', 'count-7', 'count-5', 'count-6', 'count-8', 'count-9', 'count-10'].map((p) => `api/${p}`),
  );
  assert.is(paths[paths.length - 1], 'api/count');
  assert.is(placed[0]?.renamedFrom, 'api/count');
});

test.run();

// `.mintignore` (compiler/host/mintignore.ts): .gitignore's syntax, as
// Mintlify reads it to leave files out of the site. The host never lists an
// ignored file (tests/fixtures/conformance/links-mintignore builds a site with one).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseMintignore } from '../compiler/host/mintignore.js';

test('anchored and unanchored patterns, folders only, globs and negation', () => {
  const ignored = parseMintignore(
    [
      '# comment',
      '',
      '/tools/',
      'agent-context/',
      '/AGENTS.md',
      '*.draft.mdx',
      '!guides/keep.draft.mdx',
      'docs/**/old-*.md',
      '/assets/migrate?.py',
    ].join('\n'),
  );
  const is = (path: string, folder = false) => ignored(path, folder);
  assert.ok(is('tools', true));
  assert.not.ok(is('guides/tools', true), 'a leading / anchors to the root');
  assert.not.ok(is('tools'), 'a trailing / names folders only');
  assert.ok(is('agent-context', true) && is('es/agent-context', true), 'no slash: a name at any depth');
  assert.ok(is('AGENTS.md') && !is('guides/AGENTS.md'));
  assert.ok(is('guides/other.draft.mdx') && is('other.draft.mdx'));
  assert.not.ok(is('guides/keep.draft.mdx'), 'the last matching pattern decides');
  assert.ok(is('docs/old-a.md') && is('docs/x/y/old-b.md') && !is('docs/new.md'));
  assert.ok(is('assets/migrate1.py') && !is('assets/migrate10.py'));
});

test("without a pattern, Mintlify's defaults only: READMEs, licences, changelogs and contributing guides, in any case", () => {
  const ignored = parseMintignore('# only a comment\n\n');
  for (const path of ['README.md', 'sdk/readme.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'guides/Contribute.md'])
    assert.ok(ignored(path, false), path);
  for (const path of ['changelog.mdx', 'contribute.mdx', 'guides/readme-first.md', 'index.mdx']) assert.not.ok(ignored(path, false), path);
});

test.run();

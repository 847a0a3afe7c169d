// The summary's lists of built-in components (pages/component-uses.ts), which
// let `check` report unknown components and icons without loading the
// renderer, against the renderer itself: every name of its component table,
// and exactly the components that warn about an unknown `icon` when rendered.
// What check and build report on a page is compared by the conformance
// fixture components-unknown-and-icons (build adds nothing to check's list).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILT_IN_COMPONENT_NAMES, ICON_PROP_COMPONENTS } from '../compiler/pages/component-uses.js';
import { compilePage } from '../compiler/render/compile-page.js';
import { COMPONENTS } from '../compiler/render/components/component-table.js';

test('the built-in names are the renderer’s component table', () => {
  assert.equal([...BUILT_IN_COMPONENT_NAMES].sort(), [...COMPONENTS.keys()].sort());
});

test('the components with an icon are those whose unknown icon the renderer reports', () => {
  const warns = [...COMPONENTS.keys()].filter((name) => {
    const text = `---\ntitle: T\n---\n\n<${name} icon="zz-no-such-icon" title="t" href="/x" label="l" name="n" type="string">\n\nx\n\n</${name}>\n`;
    const result = compilePage({ path: 'p.mdx', text, want: { summary: false, body: true } }, { get: () => undefined });
    return result.diagnostics.some((d) => d.code === 'render/unknown-icon');
  });
  assert.equal([...ICON_PROP_COMPONENTS].sort(), warns.sort());
});

test.run();

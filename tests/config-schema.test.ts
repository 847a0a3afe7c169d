// docs.json checks outside `navigation`: spec/docs.schema.json compiled by
// ajv and its errors turned into catalogue diagnostics (validate-config.ts),
// the link scheme check (check-url.ts), and the schema itself: strict ajv
// compiles it, it accepts the navigation shapes real repositories use, and it
// names the same navigation keys as compiler/config/navigation-fields.ts.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isExternalUrl, unsafeLinkReason, unsafeResourceReason } from '../compiler/config/check-url.js';
import { ELEMENT_SHAPES, LANGUAGE_CODES, MINTLIFY_LANGUAGE_ALIASES } from '../compiler/config/navigation-fields.js';
import { readConfig } from '../compiler/config/read-config.js';
import { validateConfig } from '../compiler/config/validate-config.js';
import { type Diagnostic, DiagnosticBag } from '../compiler/diagnostics/diagnostic.js';
import { ProjectHost } from '../compiler/host/project-host.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseJson } from '../compiler/syntax/json-parser.js';
import { toPlain } from '../compiler/syntax/json-tree.js';
import docsSchema from '../spec/docs.schema.json' with { type: 'json' };

const minimal = { name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } };

function check(config: unknown): Promise<Diagnostic[]> {
  return checkText(JSON.stringify(config, null, 2));
}

function checkText(text: string): Promise<Diagnostic[]> {
  const { root, diagnostics } = parseJson(new SourceFile('docs.json', text));
  assert.equal(diagnostics, [], 'the test input parses');
  return validateConfig(root);
}

function messages(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code}: ${d.message}`);
}

/** 1-based line and column of the first occurrence of `needle`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} is in the text`);
  return new SourceFile('docs.json', text).position(offset);
}

const fullConfig = {
  $schema: 'https://example.com/docs.schema.json',
  name: 'Acme',
  theme: 'maple',
  description: 'Acme developer documentation',
  logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://acme.com' },
  favicon: { light: '/favicon.png', dark: '/favicon-dark.png' },
  colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9' },
  navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] }] },
  navbar: {
    links: [
      { label: 'Blog', href: 'https://acme.com/blog' },
      { type: 'github', href: 'https://github.com/acme/docs' },
    ],
    primary: { type: 'button', label: 'Sign up', href: 'https://acme.com/signup' },
  },
  footer: {
    socials: { x: 'https://x.com/acme', github: 'https://github.com/acme', 'hacker-news': 'https://news.ycombinator.com' },
    links: [
      {
        header: 'Company',
        items: [
          { label: 'About', href: '/about' },
          { label: 'Mail', href: 'mailto:hi@acme.com' },
        ],
      },
    ],
  },
  banner: { content: 'New: [v2](/v2) is out', dismissible: true, type: 'info', color: { light: '#000', dark: '#fff' } },
  redirects: [
    { source: '/old', destination: '/new' },
    { source: '/blog/:slug*', destination: 'https://acme.com/blog/:slug*', permanent: false },
  ],
  api: {
    openapi: ['openapi.yaml', 'https://acme.com/openapi.json'],
    asyncapi: { source: 'asyncapi.yaml', directory: 'events' },
    params: { expanded: 'all' },
    playground: { display: 'interactive', proxy: false, credentials: true },
    examples: { languages: ['curl', 'python'], defaults: 'required', prefill: true, autogenerate: true },
    mdx: { auth: { method: 'bearer', name: 'Authorization' }, server: 'https://api.acme.com' },
    url: 'full',
    spec: { download: true },
  },
  integrations: {
    ga4: { measurementId: 'G-XXXX' },
    posthog: { apiKey: 'phc_abc', apiHost: 'https://eu.posthog.com' },
    customScripts: [{ src: 'https://cdn.acme.com/a.js', strategy: 'lazyOnload' }],
  },
  seo: { indexing: 'all', metatags: { 'og:site_name': 'Acme' } },
  search: { prompt: 'Search Acme…' },
  background: { decoration: 'grid', color: { light: '#fafafa', dark: '#0a0a0a' }, image: '/bg.png' },
  styling: { eyebrows: 'breadcrumbs', latex: false, codeblocks: { theme: { light: 'github-light', dark: 'github-dark' } } },
  appearance: { default: 'dark', strict: true },
  fonts: { family: 'Inter', heading: { family: 'Lora', weight: 600 }, body: { family: 'Acme Sans', source: '/fonts/acme.woff2', format: 'woff2' } },
  icons: { library: 'lucide' },
  interaction: { drilldown: true },
  contextual: {
    options: [
      'copy',
      'chatgpt',
      { title: 'Ask Acme', description: 'Open in chat', href: { base: 'https://chat.acme.com', query: [{ key: 'q', value: '$page' }] } },
    ],
    display: 'toc',
  },
  errors: { '404': { redirect: false, title: 'Not here', description: 'Try [the home page](/).' } },
  feedback: { thumbsRating: true, suggestEdit: true, raiseIssue: false },
  thumbnails: { appearance: 'dark', background: '/thumb.png', fonts: { family: 'Inter' } },
  metadata: { timestamp: true },
  variables: { version: '2.0.0', 'api-url': 'https://api.acme.com' },
};

test('a config using every top-level key is valid', async () => {
  assert.equal(messages(await check(fullConfig)), []);
});

test('the full config covers every top-level key of the schema', () => {
  assert.equal(Object.keys(fullConfig).sort(), Object.keys(docsSchema.properties).sort());
});

test('a misspelt key is reported at the key, with a suggestion', async () => {
  const text = JSON.stringify({ ...minimal, thme: 'mint', navbar: { linsk: [] } }, null, 2);
  const diagnostics = await checkText(text);
  assert.equal(messages(diagnostics), [
    'config/unknown-key: Unknown key `thme` in docs.json; did you mean `theme`?',
    'config/unknown-key: Unknown key `linsk` in `navbar`; did you mean `links`?',
  ]);
  assert.equal(diagnostics[0]?.severity, 'warning');
  assert.equal({ line: diagnostics[0]?.line, column: diagnostics[0]?.column }, positionOf(text, '"thme"'));
  assert.equal(diagnostics[0]?.length, '"thme"'.length);
});

test('an unknown key far from every known one gets no suggestion', async () => {
  assert.equal(messages(await check({ ...minimal, colors: { primary: '#000', gradient: '#fff' } })), [
    'config/unknown-key: Unknown key `gradient` in `colors`',
  ]);
});

test('wrong types are reported at the value, in words', async () => {
  const text = JSON.stringify(
    { ...minimal, name: 42, redirects: {}, appearance: { strict: 'yes' }, api: { examples: { languages: 'curl' } } },
    null,
    2,
  );
  const diagnostics = await checkText(text);
  assert.equal(messages(diagnostics), [
    'config/wrong-type: `name` must be a string, found a number',
    'config/wrong-type: `redirects` must be an array, found an object',
    'config/wrong-type: `appearance.strict` must be a boolean, found a string',
    'config/wrong-type: `api.examples.languages` must be an array, found a string',
  ]);
  assert.equal({ line: diagnostics[0]?.line, column: diagnostics[0]?.column }, positionOf(text, '42'));
});

test('an enum value docsc does not know is a warning that lists what is allowed and suggests the closest one', async () => {
  const diagnostics = await check({
    ...minimal,
    theme: 'mapel',
    styling: { eyebrows: 'crumbs' },
    appearance: { default: 'Dark' },
    api: { playground: { display: 'full' } },
  });
  assert.equal(messages(diagnostics), [
    'config/unknown-value: Unknown value `mapel` for `theme`, expected one of `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma`, `sequoia`; it is ignored',
    'config/unknown-value: Unknown value `crumbs` for `styling.eyebrows`, expected one of `section`, `breadcrumbs`; it is ignored',
    'config/unknown-value: Unknown value `Dark` for `appearance.default`, expected one of `system`, `light`, `dark`; it is ignored',
    'config/unknown-value: Unknown value `full` for `api.playground.display`, expected one of `interactive`, `simple`, `none`, `auth`; it is ignored',
  ]);
  assert.equal(
    diagnostics.map((d) => d.hint),
    ['Did you mean `maple`?', undefined, 'Did you mean `dark`?', undefined],
  );
  // A value Mintlify may have added since docsc's list was written never fails a build.
  assert.equal(new Set(diagnostics.map((d) => d.severity)), new Set(['warning']));
});

test("Mintlify's current enum values are known: `download-spec` among the contextual options, Font Awesome's sharp styles", async () => {
  const config = {
    ...minimal,
    contextual: { options: ['copy', 'download-pdf', 'download-spec'] },
    navbar: { links: [{ label: 'Blog', href: 'https://example.com', icon: 'pen', iconType: 'sharp-duotone-solid' }] },
    integrations: { mixpanel: { projectToken: 'abc', region: 'eu' } },
  };
  assert.equal(messages(await check(config)), []);
});

test('an enum value of the wrong type is one wrong-type diagnostic', async () => {
  assert.equal(messages(await check({ ...minimal, theme: 7 })), ['config/wrong-type: `theme` must be a string, found a number']);
});

test('a union value of no accepted type is one diagnostic', async () => {
  assert.equal(messages(await check({ ...minimal, logo: 5, favicon: ['a.png'], api: { openapi: true } })), [
    'config/wrong-type: `logo` must be a string or an object, found a number',
    'config/wrong-type: `favicon` must be a string or an object, found an array',
    'config/wrong-type: `api.openapi` must be a string, an array or an object, found `true`',
  ]);
});

test('a union value of an accepted type gets that branch’s problems', async () => {
  assert.equal(messages(await check({ ...minimal, logo: { lihgt: '/l.svg', dark: '/d.svg' } })), [
    'config/missing-required: `logo` is missing the required key `light`',
    'config/unknown-key: Unknown key `lihgt` in `logo`; did you mean `light`?',
  ]);
  assert.equal(messages(await check({ ...minimal, contextual: { options: ['copy', 'chatgtp', { title: 'Ask' }] } })), [
    'config/unknown-value: Unknown value `chatgtp` for `contextual.options[1]`, expected one of `assistant`, `copy`, `view`, `download-pdf`, `download-spec`, `chatgpt`, `claude`, `perplexity`, `grok`, `aistudio`, `devin`, `windsurf`, `mcp`, `add-mcp`, `cursor`, `vscode`, `devin-mcp`; it is ignored',
    'config/missing-required: `contextual.options[2]` is missing the required key `description`',
    'config/missing-required: `contextual.options[2]` is missing the required key `href`',
  ]);
});

test('a union nested in a union branch is explained at its own place', async () => {
  assert.equal(messages(await check({ ...minimal, styling: { codeblocks: { theme: 3 } } })), [
    'config/wrong-type: `styling.codeblocks.theme` must be a string or an object, found a number',
  ]);
});

test('required keys are reported at the object that lacks them', async () => {
  const text = JSON.stringify(
    { colors: {}, navigation: {}, banner: {}, navbar: { primary: { type: 'button', href: '/x' } }, redirects: [{ source: '/a' }] },
    null,
    2,
  );
  const diagnostics = await checkText(text);
  assert.equal(messages(diagnostics), [
    'config/missing-required: docs.json is missing the required key `name`',
    'config/missing-required: `colors` is missing the required key `primary`',
    'config/missing-required: `banner` is missing the required key `content`',
    'config/missing-required: `navbar.primary` is missing the required key `label`',
    'config/missing-required: `redirects[0]` is missing the required key `destination`',
  ]);
  assert.equal({ line: diagnostics[1]?.line, column: diagnostics[1]?.column }, positionOf(text, '{}'));
});

test('patterns, lengths and limits are explained in words', async () => {
  assert.equal(
    messages(
      await check({
        ...minimal,
        name: '',
        colors: { primary: 'green' },
        footer: { links: [1, 2, 3, 4, 5].map((n) => ({ header: `C${n}`, items: [] })) },
        integrations: { ga4: { measurementId: 'UA-1' } },
        variables: { 'my var': 'x' },
      }),
    ),
    [
      'config/invalid-value: `name` is an empty string; expected a non-empty string',
      'config/invalid-value: `colors.primary` is `green`; expected a hex color such as `#0D9373`',
      'config/invalid-value: `footer.links` is an array of 5 entries; expected at most 4 entries',
      'config/invalid-value: `integrations.ga4.measurementId` is `UA-1`; expected an ID starting with `G`',
      'config/invalid-value: `my var` is not a valid name here; expected letters, digits and hyphens only',
    ],
  );
});

test('the navigation subtree is left to the navigation passes', async () => {
  assert.equal(messages(await check({ ...minimal, navigation: { tabz: [], groups: 'x' } })), []);
  assert.equal(messages(await check({ ...minimal, navigation: 'pages' })), []);
});

test('schemes that run script are refused wherever links are, and resources are http(s) or relative', async () => {
  const text = JSON.stringify(
    {
      ...minimal,
      logo: { light: '/l.svg', dark: '/d.svg', href: 'JavaScript:alert(1)' },
      navbar: { links: [{ label: 'x', href: 'java\tscript:alert(1)' }], primary: { type: 'github', href: ' \njavascript:alert(1)' } },
      footer: { socials: { x: 'data:text/html,<script>alert(1)</script>' }, links: [{ items: [{ label: 'a', href: 'VBScript:x' }] }] },
      redirects: [
        { source: '/a', destination: 'file:///etc/passwd' },
        { source: '/b', destination: 'cursor://anysphere.cursor-deeplink/mcp/install' },
      ],
      api: { openapi: { source: 'file:///spec.yaml' } },
      contextual: { options: [{ title: 't', description: 'd', href: { base: 'javascript:void(0)' } }] },
    },
    null,
    2,
  );
  const diagnostics = await checkText(text);
  // A link's scheme that runs no script is kept (`file:`, an application's own), as Mintlify keeps it.
  assert.equal(messages(diagnostics), [
    "config/unsafe-url: URL `JavaScript:alert(1)` is not allowed: a `javascript:` URL runs code in the reader's browser",
    "config/unsafe-url: URL `java\\tscript:alert(1)` is not allowed: a `javascript:` URL runs code in the reader's browser",
    "config/unsafe-url: URL ` \\njavascript:alert(1)` is not allowed: a `javascript:` URL runs code in the reader's browser",
    "config/unsafe-url: URL `data:text/html,<script>alert(1)</script>` is not allowed: a `data:` URL runs code in the reader's browser",
    "config/unsafe-url: URL `VBScript:x` is not allowed: a `vbscript:` URL runs code in the reader's browser",
    'config/unsafe-url: URL `file:///spec.yaml` is not allowed: a resource is loaded from an http(s) or relative URL',
    "config/unsafe-url: URL `javascript:void(0)` is not allowed: a `javascript:` URL runs code in the reader's browser",
  ]);
  assert.ok(diagnostics.every((d) => d.severity === 'error'));
  assert.equal({ line: diagnostics[0]?.line, column: diagnostics[0]?.column }, positionOf(text, '"JavaScript:'));
});

test('links: schemes are read as browsers read them, and only those that run script are refused', () => {
  for (const safe of [
    'https://acme.com',
    'HTTP://acme.com',
    'mailto:a@b.c',
    '/docs/intro',
    'intro',
    '#top',
    '?q=1',
    '//cdn.acme.com/x',
    './a:b',
    'cursor://anysphere.cursor-deeplink/mcp/install?name=x',
    'vscode:extension/acme.tool',
    'raycast://extensions/acme',
    'file:///x',
  ]) {
    assert.is(unsafeLinkReason(safe), undefined, safe);
  }
  for (const unsafe of [
    'javascript:x',
    'JAVASCRIPT:x',
    ' javascript:x',
    '\u0000javascript:x',
    'jav\nascript:x',
    'java\tscript:x',
    'data:text/html,x',
    'vbscript:x',
  ]) {
    assert.ok(unsafeLinkReason(unsafe), JSON.stringify(unsafe));
    assert.ok(unsafeResourceReason(unsafe), JSON.stringify(unsafe));
  }
  for (const resource of ['https://acme.com/openapi.json', '/openapi.json', 'openapi.yaml'])
    assert.is(unsafeResourceReason(resource), undefined, resource);
  for (const other of ['file:///x', 'ftp://x', 'cursor://x']) assert.ok(unsafeResourceReason(other), other);
});

test('isExternalUrl wants http(s) with a host, or another absolute URL that runs no script', () => {
  for (const value of ['https://acme.com/blog', 'http://localhost:3000', 'mailto:a@b.c', 'cursor://open?x=1']) assert.ok(isExternalUrl(value), value);
  for (const value of ['/changelog', 'acme.com', 'https://', 'javascript:x', ' JavaScript:x', 'data:text/html,x', '#top'])
    assert.not.ok(isExternalUrl(value), value);
});

test('a __proto__ key is an unknown key and pollutes nothing', async () => {
  const text = `{"name": "Acme", "colors": {"primary": "#000", "__proto__": {"polluted": true}}, "navigation": {}, "__proto__": {"polluted": true}}`;
  assert.equal(messages(await checkText(text)), [
    'config/unknown-key: Unknown key `__proto__` in `colors`',
    'config/unknown-key: Unknown key `__proto__` in docs.json',
  ]);
  assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

// ---- The schema itself ----

const strictAjv = new AjvModule.default({ strict: true, allErrors: true });
const validateFull = strictAjv.compile(docsSchema);

/** `<path inside navigation> <ajv keyword>` of each error of a config with this navigation. */
function navigationErrors(navigation: unknown): string[] {
  validateFull({ ...minimal, navigation });
  return (validateFull.errors ?? []).map((e) => `${e.instancePath.replace(/^\/navigation/, '')} ${e.keyword}`);
}

test('the schema compiles in ajv strict mode', () => {
  assert.type(validateFull, 'function');
});

// Editors validate docs.json with this schema: the configurations docsc accepts must pass it.
const acceptedConfigs = [
  'examples',
  // contextual, background, metadata.timestamp, feedback.thumbsRating, and anchor colours as a pair and as a string.
  'tests/fixtures/site-settings/docs',
  ...readdirSync('tests/fixtures/real')
    .filter((n) => statSync(join('tests/fixtures/real', n)).isDirectory())
    .map((n) => join('tests/fixtures/real', n)),
];

/** What the schema rightly flags in a real config (docsc warns on the same key; see tests/fixtures/real/README.md). */
const knownFindings: Record<string, string[]> = {
  'tests/fixtures/real/mintlify-docs-dropdowns': ['/integrations must NOT have additional properties'],
};

for (const root of acceptedConfigs) {
  test(`the schema accepts ${root}/docs.json (with its $refs resolved)`, () => {
    const bag = new DiagnosticBag();
    const config = readConfig(new ProjectHost(root), bag);
    assert.ok(config, `${root}: docs.json could not be read`);
    validateFull(toPlain(config.root));
    assert.equal(
      (validateFull.errors ?? []).map((e) => `${e.instancePath} ${e.message}`),
      knownFindings[root] ?? [],
    );
  });
}

test('navigation: tabs of groups, with menus and nested groups', () => {
  assert.equal(
    navigationErrors({
      tabs: [
        {
          tab: 'Guides',
          icon: 'book',
          groups: [{ group: 'Start', pages: ['index', { group: 'More', expanded: true, root: 'more/index', pages: ['more/a'] }] }],
        },
        { tab: 'Blog', href: 'https://acme.com/blog', align: 'end' },
        {
          tab: 'Tools',
          menu: [
            { item: 'CLI', icon: 'terminal', description: 'The CLI', pages: ['cli'] },
            { item: 'Status', href: 'https://status.acme.com' },
          ],
        },
      ],
      global: { anchors: [{ anchor: 'Community', icon: 'users', href: 'https://forum.acme.com' }] },
    }),
    [],
  );
});

test('navigation: languages of versions of tabs of groups', () => {
  const tabs = (prefix: string) => [
    { tab: 'Docs', groups: [{ group: 'Intro', tag: 'NEW', hidden: false, public: true, pages: [`${prefix}/index`] }] },
  ];
  assert.equal(
    navigationErrors({
      languages: [
        {
          language: 'en',
          default: true,
          navbar: { links: [{ label: 'Blog', href: '/blog' }] },
          banner: { content: 'Hello' },
          footer: { socials: { github: 'https://github.com/acme' } },
          versions: [
            { version: 'v2', default: true, tag: 'Latest', tabs: tabs('en/v2') },
            { version: 'v1', tabs: tabs('en/v1') },
          ],
        },
        { language: 'zh-Hant', versions: [{ version: 'v2', tabs: tabs('zh/v2') }] },
      ],
    }),
    [],
  );
});

test('navigation: products with menus, dropdowns at the root, anchors with openapi', () => {
  assert.equal(
    navigationErrors({
      products: [
        {
          product: 'Core',
          name: 'Core API',
          description: 'The API',
          icon: 'bolt',
          color: { light: '#000', dark: '#fff' },
          menu: [{ item: 'Reference', groups: [{ group: 'Users', openapi: 'core.yaml' }] }],
        },
        { product: 'Mobile', href: 'https://mobile.acme.com' },
      ],
    }),
    [],
  );
  assert.equal(
    navigationErrors({
      dropdowns: [
        { dropdown: 'Docs', icon: 'book', description: 'Guides', pages: ['index'] },
        { dropdown: 'API', openapi: { source: 'openapi.yaml', directory: 'reference' }, pages: ['GET /users', 'openapi.yaml POST /users'] },
      ],
    }),
    [],
  );
  assert.equal(
    navigationErrors({
      anchors: [
        { anchor: 'API', icon: 'code', color: { light: '#0D9373', dark: '#07C983' }, openapi: { source: 'https://acme.com/openapi.json' } },
        { anchor: 'Guides', tabs: [{ tab: 'One', pages: ['one'] }] },
      ],
      global: { anchors: [{ anchor: 'Blog', href: 'https://acme.com/blog' }] },
    }),
    [],
  );
});

test('navigation: the schema refuses what the format does not allow', () => {
  assert.ok(
    navigationErrors({ global: { anchors: [{ anchor: 'Changelog', href: '/changelog' }] }, pages: ['a'] }).includes('/global/anchors/0/href pattern'),
  );
  assert.ok(navigationErrors({ tabs: [{ tab: 'A', tabs: [] }] }).includes('/tabs/0 additionalProperties'));
  assert.ok(navigationErrors({ anchors: [{ anchor: 'A', menu: [] }] }).includes('/anchors/0 additionalProperties'));
  assert.ok(navigationErrors({ languages: [{ language: 'xx', pages: [] }] }).includes('/languages/0/language enum'));
  assert.ok(navigationErrors({ groups: [{ group: 'No pages' }] }).includes('/groups/0 required'));
  assert.equal(navigationErrors({ groups: [{ group: 'Generated', openapi: 'openapi.yaml' }] }), []);
});

// The navigation passes read compiler/config/navigation-fields.ts; the schema must describe the same keys.
const definitionOfKind: Record<keyof typeof ELEMENT_SHAPES, string> = {
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  'menu-item': 'menuItem',
  'global-anchor': 'globalAnchor',
  group: 'group',
};

test('the schema and navigation-fields.ts describe the same navigation keys', () => {
  const definitions: Record<string, unknown> = docsSchema.definitions;
  for (const [kind, definition] of Object.entries(definitionOfKind) as [keyof typeof ELEMENT_SHAPES, string][]) {
    const shape = ELEMENT_SHAPES[kind];
    const schemaKeys = Object.keys((definitions[definition] as { properties?: object }).properties ?? {});
    const tableKeys = [shape.labelKey, ...Object.keys(shape.fields), ...shape.children];
    assert.equal([...new Set(schemaKeys)].sort(), [...new Set(tableKeys)].sort(), kind);
  }
  assert.equal(docsSchema.definitions.language.properties.language.enum, [...LANGUAGE_CODES, ...Object.keys(MINTLIFY_LANGUAGE_ALIASES)]);
});

test.run();

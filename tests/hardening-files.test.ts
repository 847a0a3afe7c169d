// Nothing outside the docs root reaches the output. A temporary folder holds a
// docs root and, beside it, canary files (an MDX page, a JSON part, an
// OpenAPI document, an image) whose content is a unique string. The docs root
// reaches for them every way it can: `../` page paths, absolute paths,
// `file://` URLs, `$ref`s of docs.json and of OpenAPI documents, frontmatter
// `openapi:`, snippet imports, Markdown links and images, logo and favicon,
// and symbolic links (to a file, to a folder, to a document, to an image).
// `check` and `build` run on it; the canary appears in no diagnostic, no
// source kept for code frames, and no byte of the output.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { check } from '../compiler/check.js';

const CANARY = 'CANARY_7f3a9c_SECRET';

/** The docs root at `<dir>/docs`, the canaries at `<dir>`. */
function writeSite(): { dir: string; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-canary-'));
  const root = join(dir, 'docs');
  mkdirSync(join(root, 'snippets'), { recursive: true });
  mkdirSync(join(dir, 'outside'));
  const secretSpec = {
    openapi: '3.1.0',
    info: { title: CANARY, version: '1' },
    paths: { '/x': { get: { summary: CANARY, responses: { 200: { description: CANARY } } } } },
    components: { schemas: { S: { description: CANARY } } },
  };
  writeFileSync(join(dir, 'secret.mdx'), `---\ntitle: ${CANARY}\n---\n${CANARY}\n`);
  writeFileSync(join(dir, 'secret.json'), JSON.stringify({ group: CANARY, pages: ['index'] }));
  writeFileSync(join(dir, 'secret-openapi.json'), JSON.stringify(secretSpec));
  writeFileSync(join(dir, 'outside', 'page.mdx'), `# ${CANARY}\n`);
  writeFileSync(join(dir, 'secret.png'), CANARY);
  symlinkSync(join(dir, 'secret.mdx'), join(root, 'link.mdx'));
  symlinkSync(join(dir, 'secret.mdx'), join(root, 'snippets', 'linked.mdx'));
  symlinkSync(join(dir, 'outside'), join(root, 'linkdir'));
  symlinkSync(join(dir, 'secret-openapi.json'), join(root, 'linked-openapi.json'));
  symlinkSync(join(dir, 'secret.png'), join(root, 'image.png'));
  const schema = (ref: string) => ({ content: { 'application/json': { schema: { $ref: ref } } } });
  const api = {
    openapi: '3.1.0',
    info: { title: 'API', version: '1' },
    paths: {
      '/y': { get: { summary: 'Y', responses: { 200: { description: 'ok', ...schema('../secret-openapi.json#/components/schemas/S') } } } },
      '/z': {
        get: { summary: 'Z', responses: { 200: { description: 'ok', ...schema(`file://${dir}/secret-openapi.json#/components/schemas/S`) } } },
      },
      '/w': { get: { summary: 'W', responses: { 200: { description: 'ok', ...schema(`${dir}/secret-openapi.json#/components/schemas/S`) } } } },
    },
  };
  writeFileSync(join(root, 'api.json'), JSON.stringify(api));
  writeFileSync(
    join(root, 'index.mdx'),
    [
      '---',
      'title: Home',
      '---',
      "import S from '../secret.mdx';",
      "import T from '/../secret.mdx';",
      "import U from '/snippets/../../secret.mdx';",
      "import V from '/snippets/linked.mdx';",
      `import W from '${dir}/secret.mdx';`,
      '',
      '<S />',
      '<T />',
      '<U />',
      '<V />',
      '<W />',
      '',
      '![img](../secret.png) ![img2](/image.png) ![img3](/linkdir/page.mdx)',
      '',
      `[a](../secret.mdx) [b](file:///etc/passwd) [c](file://${dir}/secret.mdx)`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(root, 'fm.mdx'), '---\ntitle: FM\nopenapi: ../secret-openapi.json GET /x\n---\nbody\n');
  const config = {
    name: 'Canary',
    colors: { primary: '#000000' },
    logo: '../secret.png',
    favicon: `${dir}/secret.png`,
    navigation: {
      groups: [
        { group: 'Pages', pages: ['index', 'fm', '../secret', '/etc/passwd', `file://${dir}/secret`, 'link', 'linkdir/page', `${dir}/secret`] },
        { $ref: '../secret.json' },
        { $ref: `${dir}/secret.json` },
        { $ref: `file://${dir}/secret.json` },
        { group: 'A', openapi: '../secret-openapi.json' },
        { group: 'B', openapi: 'linked-openapi.json' },
        { group: 'C', openapi: `file://${dir}/secret-openapi.json` },
        { group: 'D', openapi: `${dir}/secret-openapi.json` },
        { group: 'E', openapi: 'api.json' },
      ],
    },
  };
  writeFileSync(join(root, 'docs.json'), JSON.stringify(config, null, 2));
  return { dir, root };
}

function filesUnder(path: string): string[] {
  return statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => filesUnder(join(path, name))) : [path];
}

test('check: no canary in diagnostics or kept sources; each escape is reported', async () => {
  const { dir, root } = writeSite();
  try {
    const result = await check({ root, threads: 1 });
    assert.not.ok(JSON.stringify(result.diagnostics).includes(CANARY), 'a diagnostic carries the canary');
    for (const [name, source] of result.sources) assert.not.ok(source.text.includes(CANARY), `source ${name} is a canary`);
    const codes = new Set<string>(result.diagnostics.map((d) => d.code));
    for (const code of ['nav/page-outside-root', 'json/ref-outside-root', 'file/outside-root', 'openapi/external-ref', 'openapi/url-scheme']) {
      assert.ok(codes.has(code), `expected ${code}`);
    }
    for (const d of result.diagnostics) {
      assert.ok(d.file === '' || !d.file.startsWith('/'), `diagnostic file is project-relative: ${d.file}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('check and build: a page, snippet or image reached through a link leading outside is named as one, not as missing', async () => {
  const { dir, root } = writeSite();
  try {
    // Each is named by what was written and the link, and none is also reported missing.
    const named = (diagnostics: readonly { code: string; file: string; line?: number; message: string }[]) => {
      const missing = diagnostics.filter((d) => ['nav/page-not-found', 'render/snippet-missing', 'link/broken-image'].includes(d.code));
      for (const d of missing)
        assert.not.ok(/`\/?(link|linkdir\/page|image\.png|snippets\/linked)/.test(d.message), `reported missing: ${d.message}`);
      return diagnostics
        .filter((d) => d.code.endsWith('link-outside-root'))
        .map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`)
        .sort();
    };
    const checked = named((await check({ root, threads: 1 })).diagnostics);
    const expected = [
      'docs.json:18 file/link-outside-root `link.mdx` is reached through the symbolic link `link.mdx`, which leads outside the docs root; it was not read',
      'docs.json:19 file/link-outside-root `linkdir/page.mdx` is reached through the symbolic link `linkdir`, which leads outside the docs root; it was not read',
      'index.mdx:16 file/link-outside-root `image.png` is reached through the symbolic link `image.png`, which leads outside the docs root; it was not read',
      'index.mdx:16 file/link-outside-root `linkdir/page` is reached through the symbolic link `linkdir`, which leads outside the docs root; it was not read',
      'index.mdx:7 render/snippet-link-outside-root Cannot import `/snippets/linked.mdx`: `snippets/linked.mdx` is reached through the symbolic link `snippets/linked.mdx`, which leads outside the docs folder',
    ];
    // The snippet's import too: check finds it from the page's summary, as the build's render does (once).
    assert.equal(checked, expected);
    const options = { root, outDir: join(dir, 'out'), cacheDir: join(dir, 'cache'), threads: 1 };
    const built = named((await build(options)).diagnostics);
    assert.equal(built, expected);
    // The links are inputs of the build: with one gone, the next build is no no-op, and its image is missing.
    rmSync(join(root, 'image.png'));
    const again = await build(options);
    assert.not.ok(again.recomputed.noop, 'up to date with a link removed');
    assert.ok(
      again.diagnostics.some((d) => d.code === 'link/broken-image' && d.message.includes('`/image.png`')),
      'the image is missing now',
    );
    assert.not.ok(again.diagnostics.some((d) => d.message.includes('symbolic link `image.png`')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('build: no byte of any canary in the output, its diagnostics, or its cache', async () => {
  const { dir, root } = writeSite();
  try {
    const out = join(dir, 'out');
    const cache = join(dir, 'cache');
    const result = await build({ root, outDir: out, cacheDir: cache, threads: 1 });
    assert.not.ok(JSON.stringify(result.diagnostics).includes(CANARY));
    const files = filesUnder(out);
    assert.ok(
      files.some((f) => f.endsWith('index.html')),
      'the site was built',
    );
    for (const file of [...files, ...filesUnder(cache)]) assert.not.ok(readFileSync(file).includes(CANARY), `${file} holds the canary`);
    assert.not.ok(
      files.some((f) => f.endsWith('image.png')),
      'a link to an image outside the root is not copied',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

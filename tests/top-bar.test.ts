// The top bar's brand and links as Mintlify shows them, on
// tests/fixtures/site/top-bar: a logo about square (an icon) stands beside
// the site's name, a wider one (a wordmark, which holds the name) alone, the
// name then kept for screen readers; the shape is read from the logo file
// (SVG, PNG, JPEG, WebP), and a logo given as a URL counts as a wordmark.
// Navbar links and the primary button of `type` `github` or `discord` show
// the service's logo, and its name when they have no label.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';

const FIXTURE = 'tests/fixtures/site/top-bar';

/** The home page's top bar (and the icon sprite) of the fixture built with `logo` as docs.json's logo and `files` beside it. */
async function built(logo: string, files: Record<string, Uint8Array | string> = {}): Promise<{ bar: string; sprite: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-top-bar-'));
  try {
    const root = join(dir, 'docs');
    cpSync(FIXTURE, root, { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8')) as { logo: unknown };
    config.logo = logo;
    writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
    for (const [path, bytes] of Object.entries(files)) writeFileSync(join(root, path), bytes);
    const result = await build({ root, outDir: join(dir, 'out'), cacheDir: false, threads: 1 });
    assert.ok(result.ok, 'built');
    const bar = /<div class="docsc-topbar">[\s\S]*?\n<\/div>/.exec(readFileSync(join(dir, 'out', 'index.html'), 'utf8'))?.[0] ?? '';
    return { bar, sprite: readFileSync(join(dir, 'out', '_docsc/icons.svg'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const topBar = async (logo: string, files?: Record<string, Uint8Array | string>) => (await built(logo, files)).bar;

const NAME_SHOWN = '<span class="docsc-site-name">Acme Relay</span>';
const NAME_HIDDEN = '<span class="docsc-site-name docsc-visually-hidden">Acme Relay</span>';

/** Image headers of a given size: only what the build reads of them. */
function png(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(bytes);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with its height and width.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...sof, ...new Array(12).fill(0)]);
}

function webp(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

test('a square logo stands beside the name; typed links show their service', async () => {
  const { bar, sprite } = await built('/logo/mark.svg');
  assert.match(bar, NAME_SHOWN);
  // The primary button: GitHub's logo and name for the label it leaves out.
  assert.match(
    bar,
    /<a href="https:\/\/github\.com\/acme\/relay" class="docsc-primary-button" rel="noopener"><svg class="docsc-nav-icon"[^>]*><use href="\/_docsc\/icons\.svg#brands-github"\/><\/svg>GitHub<\/a>/,
  );
  assert.match(
    bar,
    /<a href="https:\/\/discord\.gg\/acme" rel="noopener"><svg [^>]*><use href="\/_docsc\/icons\.svg#brands-discord"\/><\/svg>Discord<\/a>/,
  );
  // A label given is kept; a link with no type has no icon.
  assert.match(bar, /#brands-github"\/><\/svg>Source<\/a>/);
  assert.ok(sprite.includes('<symbol id="brands-github"'), "the sprite has GitHub's logo");
  assert.match(bar, '<a href="https://status.example.com" rel="noopener">Status</a>');
});

test('a wordmark logo stands alone, the name kept for screen readers; the shape is read from SVG, PNG, JPEG and WebP', async () => {
  assert.match(await topBar('/logo/wordmark.svg'), NAME_HIDDEN, 'an SVG sized by its viewBox, 6:1');
  assert.match(await topBar('/logo/wide.png', { 'logo/wide.png': png(800, 200) }), NAME_HIDDEN);
  assert.match(await topBar('logo/square.png', { 'logo/square.png': png(512, 512) }), NAME_SHOWN, 'a path without its slash');
  assert.match(await topBar('/logo/mark.jpg', { 'logo/mark.jpg': jpeg(120, 100) }), NAME_SHOWN);
  assert.match(await topBar('/logo/wide.jpg', { 'logo/wide.jpg': jpeg(900, 100) }), NAME_HIDDEN);
  assert.match(await topBar('/logo/wide.webp', { 'logo/wide.webp': webp(300, 100) }), NAME_HIDDEN);
  assert.match(await topBar('/logo/mark.webp', { 'logo/mark.webp': webp(64, 64) }), NAME_SHOWN);
  // Nothing to read: a URL, or a file that is not an image it knows.
  assert.match(await topBar('https://cdn.example.com/logo.svg'), NAME_HIDDEN);
  assert.match(await topBar('/logo/odd.bmp', { 'logo/odd.bmp': 'BM' }), NAME_HIDDEN);
  // Cut short: nothing read past the end.
  assert.match(await topBar('/logo/cut.webp', { 'logo/cut.webp': webp(64, 64).subarray(0, 29) }), NAME_HIDDEN);
  assert.match(await topBar('/logo/cut.jpg', { 'logo/cut.jpg': jpeg(64, 64).subarray(0, 24) }), NAME_HIDDEN);
});

test.run();

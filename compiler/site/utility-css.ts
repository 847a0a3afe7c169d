// The stylesheet of the utility classes pages write. Mintlify sites style
// their markup with Tailwind's classes (`className="block dark:hidden"` on
// a light-mode image, `flex gap-4`, `rounded-xl`), so docsc makes the rules
// of the classes its pages use with Tailwind itself (v4's compiler, no
// Preflight: the site's own stylesheet stays in charge of everything else).
// `dark:` follows the site's colour mode as the layout sets it
// (`data-theme`, else `data-appearance`, else the system's), and utilities
// are `!important`, since a class written on an element means to win over
// the site's rules for it. A class that is no utility makes no rule; the
// stylesheet is made whenever a page writes a class, since that page links it.
//
// Made once per set of classes, Tailwind version and input (the cache keeps it by
// their hash), so a build whose pages write no new class does not load Tailwind.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BuildCache } from '../cache/build-cache.js';
import { contentHash } from '../cache/value-key.js';

const require = createRequire(import.meta.url);

const DARK = [
  ':root[data-theme="dark"] *',
  ':root[data-appearance="dark"]:not([data-theme]) *',
  ':root:not([data-theme]):not([data-appearance="light"]) *',
];

// Tailwind 4 moved the \`-sm\` steps of shadows, radii and blurs one step up (v3's \`shadow-sm\` is v4's \`shadow-xs\`);
// pages written for Mintlify's Tailwind 3 mean v3's, so the theme gives \`-sm\` those values (the bare \`shadow\`,
// \`rounded\` and \`blur\` are v3's in both).
// Mintlify's own colours in its Tailwind theme (`text-primary`, `dark:bg-background-dark`, `bg-primary-light/10`),
// as docs.json's `colors` and `background.color` set them: the site's stylesheet holds them (site.css, theme-head.ts).
//
// Tailwind 3's Preflight, which Mintlify's sites have, colours every border gray-200 unless a class says otherwise;
// Tailwind 4 leaves it \`currentColor\`, so a \`p-4 border rounded-xl\` box (mintlify/docs' examples, Skyvern's and
// Polar's cards) had a black frame. Elements whose classes set a border (or whose parent divides its children) get
// Tailwind 3's default in the lowest layer: a colour class, the site's stylesheet and the repository's win over it.
const INPUT = `@layer theme, base, utilities;
@import "tailwindcss/theme.css" layer(theme);
@layer base {
  :where([class*="border"], [class*="divide-"] > *) {
    border-color: #e5e7eb;
  }
}
@import "tailwindcss/utilities.css" layer(utilities) important;
@theme inline {
  --shadow-sm: 0 1px 2px 0 rgb(0 0 0 / 0.05);
  --drop-shadow-sm: 0 1px 1px rgb(0 0 0 / 0.05);
  --radius-sm: 0.125rem;
  --blur-sm: 4px;
  --color-primary: var(--docsc-primary);
  --color-primary-light: var(--docsc-primary-light);
  --color-primary-dark: var(--docsc-primary-dark);
  --color-background-light: var(--docsc-bg-light);
  --color-background-dark: var(--docsc-bg-dark);
}
@custom-variant dark {
  &:where(${DARK[0]}, ${DARK[1]}) {
    @slot;
  }
  @media (prefers-color-scheme: dark) {
    &:where(${DARK[2]}) {
      @slot;
    }
  }
}
`;

/** The rules of these classes (sorted, distinct). */
export async function utilityCss(classes: readonly string[], cache?: BuildCache): Promise<string> {
  const { version } = require('tailwindcss/package.json') as { version: string };
  const key = `utilities:${version}:${contentHash(`${INPUT}\n${classes.join(' ')}`)}`;
  const cached = cache?.get<string>('derived', key);
  if (cached !== undefined) return cached;
  const { compile } = (await import('tailwindcss')) as typeof import('tailwindcss');
  const compiler = await compile(INPUT, {
    base: '/',
    loadStylesheet: async (id: string, base: string) => {
      const path = require.resolve(id);
      return { path, base, content: readFileSync(path, 'utf8') };
    },
  });
  const css = compiler.build([...classes]);
  cache?.put('derived', key, css);
  return css;
}

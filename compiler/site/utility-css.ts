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

// Mintlify's own colours in its Tailwind theme (`text-primary`, `dark:bg-background-dark`, `bg-primary-light/10`),
// as docs.json's `colors` and `background.color` set them: the site's stylesheet holds them (site.css, theme-head.ts).
const INPUT = `@layer theme, utilities;
@import "tailwindcss/theme.css" layer(theme);
@import "tailwindcss/utilities.css" layer(utilities) important;
@theme inline {
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

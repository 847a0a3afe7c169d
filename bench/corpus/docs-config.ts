// The docs.json of a generated site: the top-level keys most real configs set
// (theme, colors, logo, navbar, footer, redirects) and the navigation, either
// tabs at the root or languages → versions → tabs with every page path
// prefixed by its copy's folder.

import type { NavGroup, NavTab, SitePlan } from './plan-site.js';
import type { Prng } from './prng.js';
import { urlOf } from './write-page.js';

/** One copy of the site's content: a language and version, and the folder its files live in. */
export interface ContentCopy {
  language: string;
  version: string;
  /** `''` for the default copy, else `fr/`, `v1/`, `fr/v1/`, … */
  prefix: string;
}

/** An OpenAPI document mounted in the API reference tab: a group with `openapi` and no pages. */
export interface OpenApiMount {
  spec: string;
  group: string;
}

export const LOGO_FILES = ['images/logo-light.svg', 'images/logo-dark.svg', 'images/favicon.svg'] as const;

export function docsConfig(plan: SitePlan, copies: readonly ContentCopy[], openapi: readonly OpenApiMount[], rng: Prng): object {
  return {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Example Cloud',
    colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
    logo: { light: `/${LOGO_FILES[0]}`, dark: `/${LOGO_FILES[1]}` },
    favicon: `/${LOGO_FILES[2]}`,
    navbar: {
      links: [{ label: 'Support', href: 'mailto:support@example.com' }],
      primary: { type: 'button', label: 'Dashboard', href: 'https://example.com/dashboard' },
    },
    footer: { socials: { github: 'https://github.com/example', x: 'https://x.com/example' } },
    redirects: redirects(plan, rng),
    navigation: navigation(plan, copies, openapi),
  };
}

function navigation(plan: SitePlan, copies: readonly ContentCopy[], openapi: readonly OpenApiMount[]): object {
  const global = { anchors: [{ anchor: 'Status', icon: 'signal', href: 'https://status.example.com' }] };
  const tabsOf = (copy: ContentCopy) => {
    const tabs: object[] = plan.tabs.map((tab) => prefixTab(tab, copy.prefix));
    if (openapi.length > 0 && copy.prefix === '') {
      tabs.push({ tab: 'API reference', icon: 'code', groups: openapi.map((mount) => ({ group: mount.group, openapi: mount.spec })) });
    }
    return tabs;
  };
  if (copies.length === 1) return { global, tabs: tabsOf(copies[0] as ContentCopy) };
  const languages = [...new Set(copies.map((c) => c.language))].map((language, i) => ({
    language,
    ...(i === 0 ? { default: true } : {}),
    versions: copies
      .filter((c) => c.language === language)
      .map((copy, j) => ({ version: copy.version, ...(j === 0 ? { default: true } : {}), tabs: tabsOf(copy) })),
  }));
  return { global, languages };
}

function prefixTab(tab: NavTab, prefix: string): NavTab {
  return { ...tab, groups: tab.groups.map((g) => prefixGroup(g, prefix)) };
}

function prefixGroup(group: NavGroup, prefix: string): NavGroup {
  return { ...group, pages: group.pages.map((entry) => (typeof entry === 'string' ? `${prefix}${entry}` : prefixGroup(entry, prefix))) };
}

/** Old URLs of moved pages: one per 25 pages, at most 300 (real configs keep 300–455). */
function redirects(plan: SitePlan, rng: Prng): object[] {
  const count = Math.min(300, Math.floor(plan.pages.length / 25));
  return Array.from({ length: count }, (_, i) => {
    const target = rng.pick(plan.pages);
    const redirect = { source: `/old/${i}/${target.path.split('/').at(-1)}`, destination: `/${urlOf(target.path)}` };
    return rng.chance(0.1) ? { ...redirect, permanent: false } : redirect;
  });
}

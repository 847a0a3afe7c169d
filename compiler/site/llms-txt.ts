// `llms.txt` at the site's root (the llmstxt.org format, which Mintlify
// writes for every site): the site's name and description, then each
// section's listed pages in reading order under their first group (and the
// section's version and language, when the site has them) — a
// Markdown link per page, to its Markdown source when the build writes one
// (`contextual` copy or view), else to the page, with its description. A
// repository's own `llms.txt` is served instead (emit-site.ts). Titles and
// descriptions come from pages and OpenAPI documents: brackets and line breaks
// are escaped so that a title cannot end its link or start a heading.

import { searchScope } from './search-index.js';
import type { SiteNavigation } from './site-navigation.js';

export interface LlmsPage {
  url: string;
  title: string;
  description?: string;
  /** Where the page's Markdown is written (`/quickstart.md`), when it is. */
  markdown?: string;
}

export interface LlmsSite {
  name: string;
  description: string | undefined;
  /** `--site-url`'s origin, or undefined (links are then root-relative). */
  siteUrl: string | undefined;
  base: string;
}

export const LLMS_TXT = 'llms.txt';

export function renderLlmsTxt(site: LlmsSite, navigation: SiteNavigation, pages: ReadonlyMap<string, LlmsPage>): string {
  const lines = [`# ${oneLine(site.name)}`, ''];
  if (site.description !== undefined && site.description.trim() !== '') lines.push(`> ${oneLine(site.description)}`, '');
  const seen = new Set<string>();
  for (const section of navigation.sections) {
    let heading: string | undefined;
    for (const [index, entry] of section.order.entries()) {
      const url = entry.href.slice(1);
      const page = pages.get(url);
      const placement = navigation.placements.get(url);
      // A page listed twice is written where it is placed (its first listing).
      if (page === undefined || seen.has(url) || placement?.section !== section || placement.index !== index) continue;
      seen.add(url);
      const parts = [...section.path, placement.breadcrumbs[0] ?? ''].filter((part, i, all) => part !== '' && part !== all[i - 1]);
      const scope = searchScope(section);
      const title = `${parts.join(' / ') || 'Pages'}${scope === '' ? '' : ` (${scope})`}`;
      if (title !== heading) {
        if (lines.at(-1) !== '') lines.push('');
        lines.push(`## ${oneLine(title)}`, '');
        heading = title;
      }
      const href = `${site.siteUrl ?? ''}${site.base}${page.markdown ?? entry.href}`;
      const description = page.description === undefined ? '' : `: ${oneLine(page.description)}`;
      lines.push(`- [${linkText(page.title)}](${encodeURI(href).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'))})${description}`);
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Link text that cannot close its brackets early. */
function linkText(text: string): string {
  return oneLine(text).replace(/[[\]\\]/g, (c) => `\\${c}`);
}

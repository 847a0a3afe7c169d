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
import type { SidebarPage, SiteNavigation } from './site-navigation.js';

export interface LlmsPage {
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

/** `pageOf`: a listed page by URL, undefined for pages llms.txt leaves out (hidden, noindex). */
export function renderLlmsTxt(site: LlmsSite, navigation: SiteNavigation, pageOf: (url: string) => LlmsPage | undefined): string {
  const lines = [`# ${oneLine(site.name)}`, ''];
  if (site.description !== undefined && site.description.trim() !== '') lines.push(`> ${oneLine(site.description)}`, '');
  for (const section of navigation.sections) {
    const scope = searchScope(section);
    // A heading per first group of the section, made once (the pages of one group share it).
    const headings = new Map<string, string>();
    const headingOf = (group: string) => {
      let title = headings.get(group);
      if (title === undefined) {
        const parts = [...section.path, group].filter((part, i, all) => part !== '' && part !== all[i - 1]);
        title = `## ${oneLine(`${parts.join(' / ') || 'Pages'}${scope === '' ? '' : ` (${scope})`}`)}`;
        headings.set(group, title);
      }
      return title;
    };
    let heading: string | undefined;
    const { order } = section;
    for (let index = 0; index < order.length; index++) {
      const entry = order[index] as SidebarPage;
      const url = entry.href.slice(1);
      const placement = navigation.placements.get(url);
      // A page listed twice is written once, where it is placed (its first listing).
      if (placement?.section !== section || placement.index !== index) continue;
      const page = pageOf(url);
      if (page === undefined) continue;
      const title = headingOf(placement.breadcrumbs[0] ?? '');
      if (title !== heading) {
        if (lines.at(-1) !== '') lines.push('');
        lines.push(title, '');
        heading = title;
      }
      const href = `${site.siteUrl ?? ''}${site.base}${page.markdown ?? entry.href}`;
      const description = page.description === undefined ? '' : `: ${oneLine(page.description)}`;
      lines.push(`- [${linkText(page.title)}](${linkTarget(href)})${description}`);
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Text on one line, its whitespace collapsed (most titles and descriptions already are: they are returned as they are). */
function oneLine(text: string): string {
  return SPREAD_WHITESPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

const SPREAD_WHITESPACE = /[^\S ]| {2}|^ | $/;

/** Link text that cannot close its brackets early. */
function linkText(text: string): string {
  const line = oneLine(text);
  return /[[\]\\]/.test(line) ? line.replace(/[[\]\\]/g, (c) => `\\${c}`) : line;
}

/** A URL as a link's target: encoded, with the parentheses that would end the link too. */
function linkTarget(href: string): string {
  const encoded = /^[\w\-./:#~%]*$/.test(href) ? href : encodeURI(href);
  return encoded.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}

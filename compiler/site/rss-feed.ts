// A changelog page's RSS 2.0 feed (`rss: true` frontmatter), written next to
// the page (`changelog/rss.xml`) from the Updates its body rendered
// (render/feed-entries.ts): the channel is the page (its title, the site's
// name, its description), each Update an item — its `rss` title or label,
// a link and guid to its anchor, its tags as categories, its `rss`
// description or its content as HTML, and a publication date when its label
// is a date (`2024-10-12`, `October 12, 2024`, `12 Oct 2024`; read as UTC, so
// the feed does not depend on the machine's time zone). Nothing in it
// depends on the time of the build: two builds give the same bytes.
//
// Feed readers need absolute links: with `--site-url` every link is
// absolute, the content's site paths too; without it they are root-relative
// (as sitemap.xml's are, and `build/sitemap-relative` says so).

import type { FeedEntry } from '../render/feed-entries.js';
import { isSitePath } from './base-path.js';

export interface FeedChannel {
  /** The page's title. */
  title: string;
  siteName: string;
  description: string | undefined;
  /** The page's path on the site, with the base (`/docs/changelog`). */
  path: string;
  /** `--site-url`'s origin, or undefined. */
  siteUrl: string | undefined;
}

/** Where a page's feed is written: `changelog` → `changelog/rss.xml`, the home page's → `rss.xml`. */
export function feedPath(url: string): string {
  return url === '' ? 'rss.xml' : `${url}/rss.xml`;
}

export function renderFeed(channel: FeedChannel, entries: readonly FeedEntry[]): string {
  const absolute = (path: string) => (channel.siteUrl !== undefined && isSitePath(path) ? `${channel.siteUrl}${path}` : path);
  const page = absolute(channel.path === '' ? '/' : channel.path);
  const self = absolute(`${channel.path}/rss.xml`);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xml(channel.title === channel.siteName ? channel.title : `${channel.title} - ${channel.siteName}`)}</title>`,
    `<link>${xml(page)}</link>`,
    `<description>${xml(channel.description ?? channel.title)}</description>`,
    `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const entry of entries) {
    const link = entry.id === '' ? page : `${page}#${entry.id}`;
    const date = entryDate(entry.label);
    const content = entry.summary ?? withAbsoluteLinks(descriptionHtml(entry), channel.siteUrl);
    lines.push(
      '<item>',
      `<title>${xml(entry.title ?? entry.label)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="${channel.siteUrl === undefined ? 'false' : 'true'}">${xml(link)}</guid>`,
      ...(date === undefined ? [] : [`<pubDate>${date}</pubDate>`]),
      ...entry.tags.map((tag) => `<category>${xml(tag)}</category>`),
      `<description>${xml(content)}</description>`,
      '</item>',
    );
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** The Update's description (as a paragraph) and content. */
function descriptionHtml(entry: FeedEntry): string {
  const description = entry.description === undefined ? '' : `<p>${xml(entry.description)}</p>`;
  return `${description}${entry.html}`;
}

/** Site paths in `href` and `src` made absolute (feed readers show the content away from the site). */
function withAbsoluteLinks(html: string, siteUrl: string | undefined): string {
  return siteUrl === undefined ? html : html.replace(/(\s(?:href|src)=")(\/(?![/\\]))/g, `$1${siteUrl}$2`);
}

/** Text for XML: `&`, `<`, `>` and `"` escaped, and characters XML 1.0 cannot hold dropped. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A label that is a date, as RFC 822 (UTC midnight); undefined for any other label (`v1.2`). */
export function entryDate(label: string): string | undefined {
  const text = label.trim().toLowerCase();
  let parts: [number, number, number] | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) parts = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
  const monthFirst = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (monthFirst) parts = [Number(monthFirst[3]), monthIndex(monthFirst[1] as string), Number(monthFirst[2])];
  const dayFirst = /^(\d{1,2}) ([a-z]+)\.?,? (\d{4})$/.exec(text);
  if (dayFirst) parts = [Number(dayFirst[3]), monthIndex(dayFirst[2] as string), Number(dayFirst[1])];
  if (parts === undefined || parts[1] < 0) return undefined;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month, day));
  // `2024-02-30` is not a date (Date would roll it over to March).
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return undefined;
  return date.toUTCString();
}

/** `january`, `jan` → 0; -1 for anything else. */
function monthIndex(name: string): number {
  return MONTHS.findIndex((month) => month === name || (name.length === 3 && month.startsWith(name)));
}

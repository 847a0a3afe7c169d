// The search index: one record per listed page (hidden and `noindex` pages are
// left out) with its title, where it sits (breadcrumbs), its headings and the
// start of its text. Written as JSON; the site runtime searches it.

export interface SearchRecord {
  url: string;
  title: string;
  section: string;
  headings: { id: string; text: string }[];
  text: string;
}

/** Text kept per page: enough to find a page by its opening paragraphs. */
const TEXT_LIMIT = 2000;

export function renderSearchIndex(records: readonly SearchRecord[]): string {
  const sorted = [...records].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return `${JSON.stringify({ version: 1, pages: sorted.map((r) => ({ ...r, text: r.text.slice(0, TEXT_LIMIT) })) })}\n`;
}

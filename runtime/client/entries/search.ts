// The search engine, loaded by the search dialog on first use: fetches the
// build's index shards (_docsc/search/<n>.json, written by
// compiler/site/search-index.ts) and indexes them with MiniSearch in the
// browser — titles, headings, section and the start of each page's text —
// with prefix and fuzzy matching. Works offline once the shards are cached.

import MiniSearch from 'minisearch';

interface IndexedPage {
  url: string;
  title: string;
  section: string;
  headings: { id: string; text: string }[];
  text: string;
}

export interface SearchResult {
  url: string;
  title: string;
  section: string;
}

interface LoadedIndex {
  engine: MiniSearch<IndexedPage>;
  pages: Map<string, IndexedPage>;
}

let index: Promise<LoadedIndex> | undefined;

async function loadIndex(shards: number): Promise<LoadedIndex> {
  const files = await Promise.all(
    Array.from({ length: shards }, async (_, n) => {
      const response = await fetch(new URL(`/_docsc/search/${n}.json`, location.href));
      if (!response.ok) return [];
      const shard = (await response.json()) as { pages?: IndexedPage[] };
      return shard.pages ?? [];
    }),
  );
  const search = new MiniSearch<IndexedPage>({
    idField: 'url',
    fields: ['title', 'section', 'headings', 'text'],
    storeFields: [],
    extractField: (page, field) => {
      if (field === 'headings') return page.headings.map((h) => h.text).join(' ');
      return String((page as unknown as Record<string, unknown>)[field] ?? '');
    },
    searchOptions: { boost: { title: 4, headings: 2, section: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  const pages = files.flat();
  await search.addAllAsync(pages, { chunkSize: 500 });
  return { engine: search, pages: new Map(pages.map((page) => [page.url, page])) };
}

/** The best pages for a query; a result whose heading matches links to that heading. */
export async function search(query: string, shards: number): Promise<SearchResult[]> {
  index ??= loadIndex(shards);
  const { engine, pages } = await index;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return engine
    .search(query)
    .slice(0, 12)
    .flatMap((hit) => {
      const page = pages.get(hit.id as string);
      if (page === undefined) return [];
      const heading = page.headings.find((h) => words.some((w) => h.text.toLowerCase().includes(w)));
      return {
        url: heading ? `${page.url}#${encodeURIComponent(heading.id)}` : page.url,
        title: heading ? `${page.title} › ${heading.text}` : page.title,
        section: page.section,
      };
    });
}

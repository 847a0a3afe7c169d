// Every page file and every generated API page is published at a URL; two at
// one URL (also when they differ only in case, which file systems and CDNs
// fold) would overwrite each other. Reports each collision with both sources.
// One pair is no collision: a page file at the very URL of a generated API
// page takes its place (the build publishes the file, and the API page is not
// generated), as in Mintlify, where a repository writes the page of an
// endpoint by hand; that is a warning.

import { type Diagnostic, DiagnosticBag, type Location } from '../diagnostics/diagnostic.js';
import type { ApiPage } from '../ir/api-pages.js';
import { urlCollisionKey } from '../ir/page-urls.js';
import type { Span } from '../source/source-file.js';

export interface PublishedPage {
  url: string;
  /** How it is named in the message: the page file, or `GET /pets (openapi.json)`. */
  label: string;
  /** A page file is a Location with line 0: the whole file. */
  at: Span | Location;
  /** A generated API page (else a page file). */
  generated?: true;
}

export function publishedApiPages(pages: readonly ApiPage[]): PublishedPage[] {
  return pages.flatMap((page) => {
    if (page.url === undefined || page.origin === 'page') return [];
    const item = page.item;
    const what = item.type === 'operation' ? `${item.operation.method.toUpperCase()} ${item.operation.path}` : `webhook ${item.webhook.name}`;
    return [{ url: page.url, label: `${what} (${page.document.key})`, at: page.at, generated: true as const }];
  });
}

export function checkPublishedUrls(published: readonly PublishedPage[]): Diagnostic[] {
  const bag = new DiagnosticBag();
  const first = new Map<string, PublishedPage>();
  for (const page of published) {
    const key = urlCollisionKey(page.url);
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, page);
      continue;
    }
    if (earlier.url === page.url && earlier.generated !== page.generated) {
      const [file, api] = page.generated ? [earlier, page] : [page, earlier];
      if (file === page) first.set(key, page);
      bag.report(
        'nav/api-page-replaced',
        api.at,
        { page: file.label, api: api.label, url: page.url },
        { notes: [{ message: `\`${file.label}\` is published there`, at: file.at }] },
      );
      continue;
    }
    bag.report(
      'nav/slug-collision',
      page.at,
      { first: earlier.label, second: page.label, url: page.url },
      { notes: [{ message: `\`${earlier.label}\` is published there`, at: earlier.at }] },
    );
  }
  return bag.items;
}

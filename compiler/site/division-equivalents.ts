// Versions and languages are copies of a site: a page's version and language
// selectors lead to the same page in the other versions and languages when
// there is one. Each division's listed pages and the folder they share are
// found once per build (`divisionPages`); a page's links to all the others
// are found together (`equivalentUrls`), from what its URL is made of.

import type { Switcher } from './site-navigation.js';

/** The listed pages under one version or language, for finding a page's equivalent in another. */
export interface DivisionPages {
  /** The label as written (`v2`, `fr`): a URL segment equal to it is what differs between divisions. */
  label: string;
  /** The folder all its page URLs share (`v2/`), possibly empty. */
  prefix: string;
  urls: Set<string>;
}

export function divisionPages(label: string, urls: Set<string>): DivisionPages {
  return { label, prefix: commonFolder(urls), urls };
}

/**
 * The folder (`v2/`, `fr/docs/`, or ``) every URL of the set is in. A URL may
 * itself be the folder (`v2` is `v2/index`), so whole URLs are compared; a
 * set of one URL gives that URL's folder.
 */
function commonFolder(urls: Set<string>): string {
  let common: string[] | undefined;
  for (const url of urls) {
    const segments = url === '' ? [] : url.split('/');
    if (common === undefined) common = urls.size === 1 ? segments.slice(0, -1) : segments;
    else {
      let n = 0;
      while (n < common.length && n < segments.length && common[n] === segments[n]) n++;
      common = common.slice(0, n);
    }
    if (common.length === 0) break;
  }
  return common === undefined || common.length === 0 ? '' : `${common.join('/')}/`;
}

/**
 * Where each link of a version or language switcher leads from the page at
 * `url`, by index (undefined for the current division, and where there is
 * none): the page at the same place under the other division — the URL with
 * its division folder swapped (`v1/guide` → `v2/guide`), or the segment
 * naming the division swapped (`docs/en/intro` → `docs/fr/intro`), or the
 * label added or removed at the front (`intro` ↔ `fr/intro`), the first of
 * those that is a page there. The link's own href (the division's first
 * page) stands in where there is none.
 */
export function equivalentUrls(url: string, switcher: Switcher): (string | undefined)[] {
  const divisions = switcher.equivalents ?? [];
  const from = divisions[switcher.current];
  if (from === undefined) return [];
  // What every division's candidates are made of, found once for the page.
  const inFolder = url.startsWith(from.prefix) ? url.slice(from.prefix.length) : undefined;
  const isFolder = inFolder === undefined && `${url}/` === from.prefix;
  const segments = url.split('/');
  const at = segments.indexOf(from.label);
  const before = at > 0 ? `${segments.slice(0, at).join('/')}/` : '';
  const after = at !== -1 && at < segments.length - 1 ? `/${segments.slice(at + 1).join('/')}` : '';
  const unlabelled = at === 0 ? segments.slice(1).join('/') : undefined;
  return divisions.map((to, target) => {
    if (target === switcher.current) return undefined;
    const swapped = inFolder !== undefined ? to.prefix + inFolder : isFolder ? to.prefix.slice(0, -1) : undefined;
    if (swapped !== undefined && to.urls.has(swapped)) return swapped;
    if (at === -1) {
      const labelled = url === '' ? to.label : `${to.label}/${url}`;
      return to.urls.has(labelled) ? labelled : undefined;
    }
    const renamed = before + to.label + after;
    if (to.urls.has(renamed)) return renamed;
    return unlabelled !== undefined && to.urls.has(unlabelled) ? unlabelled : undefined;
  });
}

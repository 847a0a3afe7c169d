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
  const index = indexOf(divisions);
  // What every division's candidates are made of, found once for the page.
  const inFolder = url.startsWith(from.prefix) ? url.slice(from.prefix.length) : undefined;
  const isFolder = inFolder === undefined && `${url}/` === from.prefix;
  const segments = url.split('/');
  const at = segments.indexOf(from.label);
  const before = at > 0 ? `${segments.slice(0, at).join('/')}/` : '';
  const after = at !== -1 && at < segments.length - 1 ? `/${segments.slice(at + 1).join('/')}` : '';
  const unlabelled = at === 0 ? segments.slice(1).join('/') : undefined;
  const row = inFolder === undefined ? undefined : index.inFolder.get(inFolder);
  const unlabelledIn = unlabelled === undefined ? undefined : index.byUrl().get(unlabelled);
  // Swapping the label where it leads the URL swaps the folder when both divisions' folder is their label (`v1/`):
  // the row said already whether the division has that page.
  const swapsFolder = at === 0 && inFolder !== undefined && index.labelFolder[switcher.current] === true;
  return divisions.map((to, target) => {
    if (target === switcher.current) return undefined;
    const inRow = row?.[target];
    if (inRow !== undefined) return inRow;
    const swapped = isFolder ? to.prefix.slice(0, -1) : undefined;
    if (swapped !== undefined && to.urls.has(swapped)) return swapped;
    if (at === -1) {
      const labelled = url === '' ? to.label : `${to.label}/${url}`;
      return to.urls.has(labelled) ? labelled : undefined;
    }
    if (!(swapsFolder && index.labelFolder[target] === true)) {
      const renamed = before + to.label + after;
      if (to.urls.has(renamed)) return renamed;
    }
    return unlabelledIn?.[target] === true ? unlabelled : undefined;
  });
}

/**
 * A list of divisions' pages, indexed for finding a page's copies in all of
 * them at once: looked for one by one (a new string, hashed and found in
 * another division's set), crewAI's 24,800 pages cost 2.3-3.3 s of lookups
 * for their 36 versions (1.0 s since), slow for the memory they touched in a heap of a
 * gigabyte. Each index is by list (site-navigation.ts shares a level's list
 * among its sections).
 */
interface DivisionIndex {
  /** Pages by their URL in their division's folder (`guide` for `v1/guide` and `v2/guide`): each one's URL by division. */
  inFolder: Map<string, (string | undefined)[]>;
  /** Whether each division's folder is its label (`v1/`). */
  labelFolder: boolean[];
  /** Pages by URL: whether each division has it (made when first asked). */
  byUrl: () => Map<string, boolean[]>;
}

function indexOf(divisions: readonly DivisionPages[]): DivisionIndex {
  let index = indexes.get(divisions);
  if (index === undefined) {
    const inFolder = new Map<string, (string | undefined)[]>();
    for (const [n, division] of divisions.entries())
      for (const url of division.urls) {
        if (!url.startsWith(division.prefix)) continue;
        const key = url.slice(division.prefix.length);
        let row = inFolder.get(key);
        if (row === undefined) {
          row = new Array<string | undefined>(divisions.length);
          inFolder.set(key, row);
        }
        row[n] = url;
      }
    let byUrl: Map<string, boolean[]> | undefined;
    index = {
      inFolder,
      labelFolder: divisions.map((division) => division.prefix === `${division.label}/`),
      byUrl: () => {
        if (byUrl === undefined) {
          byUrl = new Map();
          for (const [n, division] of divisions.entries())
            for (const url of division.urls) {
              let row = byUrl.get(url);
              if (row === undefined) {
                row = new Array<boolean>(divisions.length);
                byUrl.set(url, row);
              }
              row[n] = true;
            }
        }
        return byUrl;
      },
    };
    indexes.set(divisions, index);
  }
  return index;
}

const indexes = new WeakMap<readonly DivisionPages[], DivisionIndex>();

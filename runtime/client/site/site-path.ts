// A site path (`/_docsc/search.js`, a search result's `/quickstart`) as this
// site serves it: under the base path the build wrote on `<html
// data-docsc-base>` (compiler/site/base-path.ts), or as it is at the root of
// a host.

export function sitePath(path: string): string {
  return (document.documentElement.dataset.docscBase ?? '') + path;
}

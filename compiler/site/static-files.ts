// Which repository files the site serves as they are: media, fonts,
// downloads, stylesheets and scripts, and every file of `.well-known/` — not pages, snippets, docs.json and its
// `$ref` parts, or OpenAPI documents the build reads, and nothing in the
// paths the build writes itself.

import { isSnippet, isWellKnown, pagePathOfFile } from '../ir/page-urls.js';

const STATIC_FILE =
  /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp4|webm|mov|mp3|wav|ogg|m4a|pdf|txt|csv|zip|t?gz|xml|css|js|json|ya?ml|html|webmanifest)$/i;

/** `exclude`: files the build reads as configuration or OpenAPI. */
export function staticFiles(files: readonly string[], exclude: ReadonlySet<string>): string[] {
  return files.filter((file) => {
    if (pagePathOfFile(file) !== undefined || isSnippet(file) || exclude.has(file) || file.startsWith('_docsc/')) return false;
    return STATIC_FILE.test(file) || isWellKnown(file);
  });
}

// The OpenAPI documents pages name in their frontmatter (`openapi: spec.json
// GET /x`, `openapi-schema: spec.json Pet`), guessed from the page's text
// alone, so that `docsc check` can start loading them while its workers
// summarize the pages (load-documents.ts `startLoading`). A guess, not the
// answer: the summaries' frontmatter decides which documents are loaded;
// a guessed document that no summary names is dropped unreported, and a
// document's problems as a whole are reported where its first reference
// is, so a guessed load is taken only when its document loaded
// (loadDocuments). Hosted documents are not guessed: no request is made for
// a reference the summaries may not confirm.

import type { Location } from '../diagnostics/diagnostic.js';
import { frontmatterText, simplePairs } from '../pages/parse-frontmatter.js';
import type { SourceFile } from '../source/source-file.js';
import { parseOpenApiReference, parseSchemaReference } from '../syntax/entry-parser.js';
import { isUrl } from './spec-names.js';

/**
 * The document names pages' frontmatter seems to give, each with its page (the name is resolved from there): read
 * by the frontmatter's fast path (`simplePairs`), so a frontmatter that needs the YAML package gives no guess.
 */
export function frontmatterSpecHints(files: readonly SourceFile[]): { name: string; at: Location }[] {
  const hints: { name: string; at: Location }[] = [];
  for (const file of files) {
    const block = frontmatterText(file.text);
    if (block === undefined || !block.includes('openapi')) continue;
    for (const { key, value } of simplePairs(block) ?? []) {
      if (typeof value !== 'string' || (key !== 'openapi' && key !== 'openapi-schema')) continue;
      const entry = key === 'openapi' ? parseOpenApiReference(value) : parseSchemaReference(value);
      const spec = 'spec' in entry ? entry.spec : undefined;
      if (spec === undefined || isUrl(spec.text)) continue;
      hints.push({ name: spec.text, at: { file: file.path, line: 0, column: 0, length: 0 } });
    }
  }
  return hints;
}

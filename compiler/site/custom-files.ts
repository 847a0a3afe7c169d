// Mintlify's custom CSS and JavaScript: every `.css` file of the repository
// is linked from every page, after docsc's stylesheet (so its rules win over
// docsc's), and every `.js` file runs on every page, deferred — except
// script snippets, the modules pages import (under `snippets/` or
// `_snippets/`, or named by an import). Like MDX, the repository's code is
// trusted. Not `.well-known/`'s files, served as they are. Sorted by path, so
// pages do not depend on the file system's order.

import { isSnippet, isWellKnown } from '../ir/page-urls.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { resolveImport } from '../render/resolve-import.js';

export interface CustomFiles {
  /** Project-relative paths of the stylesheets every page links. */
  styles: string[];
  /** Project-relative paths of the scripts every page runs. */
  scripts: string[];
}

export function customFiles(files: readonly string[], summaries: readonly PageSummary[]): CustomFiles {
  const styles = files.filter((file) => /\.css$/i.test(file) && !file.startsWith('_docsc/') && !isWellKnown(file)).sort();
  const scripts = files.filter((file) => /\.js$/i.test(file) && !file.startsWith('_docsc/') && !isSnippet(file) && !isWellKnown(file)).sort();
  // Most sites have no script outside the snippets: their pages' imports are not resolved.
  if (scripts.length === 0) return { styles, scripts };
  const imported = new Set<string>();
  for (const summary of summaries)
    for (const { specifier } of summary.imports) {
      const target = resolveImport(specifier, summary.path);
      if (target.kind === 'file') for (const path of target.candidates) imported.add(path);
    }
  return { styles, scripts: scripts.filter((file) => !imported.has(file)) };
}

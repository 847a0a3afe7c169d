// A page's summary as the dev server's first pages need it, without parsing
// the page: its frontmatter (the parser every build uses), the text of its
// first `#` heading as its title when the frontmatter names none, and the
// modules it imports (a script a page imports is no custom script of the
// site). Headings, ids and links are left empty: the navigation and the
// layout read none of them but the requested page's own, which is compiled.
// A title found here that the parser would find otherwise only makes the
// page served first differ from the build's, and the browser reloads it
// (dev-server.ts).

import { type Frontmatter, parseFrontmatter } from '../pages/parse-frontmatter.js';
import type { PageImport, PageSummary } from '../pages/summarize-page.js';
import { SourceFile } from '../source/source-file.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_TITLE = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const IMPORT = /^(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/;

export function quickSummary(path: string, text: string): PageSummary {
  const parsed = parseFrontmatter(new SourceFile(path, text));
  const frontmatter: Frontmatter = parsed.frontmatter;
  const lines = text.slice(parsed.block?.end ?? 0).split('\n');
  let title = frontmatter.title;
  const imports: PageImport[] = [];
  let fence: string | undefined;
  for (const [index, line] of lines.entries()) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    const specifier = IMPORT.exec(line);
    if (specifier) imports.push({ specifier: (specifier[1] ?? specifier[2]) as string, kind: 'import', line: index + 1, column: 1, length: 0 });
    if (title === undefined) {
      const heading = ATX_TITLE.exec(line)?.[1];
      if (heading !== undefined) title = plainText(heading);
    }
  }
  const summary: PageSummary = { path, frontmatter, headings: [], elementIds: [], componentIds: [], links: [], imports };
  if (title !== undefined && title !== '') summary.title = title;
  return summary;
}

/** A heading's text without its custom id and the simplest inline markup (links, emphasis, code). */
function plainText(heading: string): string {
  return heading
    .replace(/\s*\{#[^}]*\}\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
    .trim();
}

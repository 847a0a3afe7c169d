// A page's summary: what the global passes (navigation, links, OpenAPI) need
// from a page without reading its body again — frontmatter, title, headings
// with their ids, internal links, imports. The page is parsed by
// parse-page.ts (the parser the build uses; the renderer summarizes the same
// tree with `summarizeParsed`), then walked once. Pure and total: the result
// is plain data that crosses worker threads and caches, and every failure
// becomes a diagnostic.

import type { Program } from 'estree';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { type Diagnostic, DiagnosticBag, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { isSnippet } from '../ir/page-urls.js';
import { SourceFile, type Span } from '../source/source-file.js';
import { headingSlug, numberedId } from './heading-slug.js';
import { bareIdentifier, declaredNames, isPredefinedName } from './page-scope.js';
import { type Frontmatter, parseFrontmatter } from './parse-frontmatter.js';
import { type CustomHeadingId, type ParsedPage, parsePage } from './parse-page.js';

export interface Heading {
  depth: number;
  text: string;
  /** From `{#custom-id}`, else the slug of the text as Mintlify makes it (`intro`, `intro-2`, …: heading-slug.ts). */
  id: string;
  line: number;
  column: number;
  /** Set when the entry is a component's, not a Markdown heading: `Update` (its label is in the table of contents). */
  component?: string;
}

/** An internal link: `/x`, `./x`, `../x`, `x`, `#anchor` (never `https:`, `mailto:`, `//host`). */
export interface PageLink {
  href: string;
  line: number;
  column: number;
  length: number;
  /** An image or other embedded file (`![](…)`, `src`, a Card's `img`): it must be a file, not a page. */
  image?: true;
}

export interface PageImport {
  /** The module specifier, such as `/snippets/intro.mdx`. */
  specifier: string;
  line: number;
  column: number;
  length: number;
}

export interface PageSummary {
  /** Project-relative path of the page file. */
  path: string;
  frontmatter: Frontmatter;
  /** The frontmatter title, else the text of the first `#` heading. */
  title?: string;
  headings: Heading[];
  /** Ids set by `id="…"` attributes of components and HTML elements: link targets beside the headings. */
  elementIds: string[];
  /** Anchors components make for themselves (`param-<name>`, `response-<name>`), as the renderer makes them: link targets too. */
  componentIds: string[];
  links: PageLink[];
  imports: PageImport[];
  /**
   * `<Visibility>` blocks, outermost only, as offsets into the page's text: `[start, end]` for `for="humans"` (left out
   * of the page's Markdown copy), `[start, end, innerStart, innerEnd]` for `for="agents"` (its content alone goes in it,
   * and the site leaves it out: its headings and ids are not the site's). Absent when the page has none.
   */
  visibility?: VisibilityBlock[];
}

export type VisibilityBlock = [number, number] | [number, number, number, number];

export interface PageSummaryResult {
  summary: PageSummary;
  diagnostics: Diagnostic[];
}

type HeadingDraft = Omit<Heading, 'id'>;

interface ExpressionUse {
  name: string;
  span: Span;
}

/** What one walk over the tree collects. */
interface TreeFacts {
  headings: HeadingDraft[];
  elementIds: string[];
  componentIds: string[];
  links: PageLink[];
  imports: PageImport[];
  declared: Set<string>;
  bareNames: ExpressionUse[];
  visibility: VisibilityBlock[];
  /** Nodes starting before this offset are inside a `<Visibility for="agents">`: not on the site. */
  offsiteEnd: number;
}

/** Never throws: an unexpected failure is reported as a diagnostic on the page. */
export function summarizePage(path: string, text: string): PageSummaryResult {
  try {
    return summarizeText(new SourceFile(path, text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { summary: summaryOf(path, {}, noContent()), diagnostics: [makeDiagnostic('page/internal-error', { file: path }, { reason })] };
  }
}

/**
 * The summary of a page whose summarizing ran out of memory in a worker
 * (host/worker-pool.ts): its frontmatter alone (a fast scan, whatever the
 * page's size), so that it keeps its title in the navigation, and why.
 */
export function pageOutOfMemory(path: string, text: string): PageSummaryResult {
  const frontmatter = parseFrontmatter(new SourceFile(path, text));
  return {
    summary: summaryOf(path, frontmatter.frontmatter, noContent()),
    diagnostics: [...frontmatter.diagnostics, makeDiagnostic('page/out-of-memory', { file: path }, {})],
  };
}

function summarizeText(file: SourceFile): PageSummaryResult {
  const bag = new DiagnosticBag();
  const summary = summarizeParsed(parsePage(file, bag), bag);
  return { summary, diagnostics: bag.items };
}

/** The summary of a parsed page (shared with the renderer, which parses once for both); problems go into `bag`. */
export function summarizeParsed(parsed: ParsedPage, bag: DiagnosticBag): PageSummary {
  const { file, tree } = parsed;
  const frontmatter = parsed.frontmatter.frontmatter;
  if (tree === undefined) return summaryOf(file.path, frontmatter, noContent());
  const facts = collectFacts(tree, file);
  // In a snippet, a name nothing declares is a prop its importer passes (`<Snippet word="…" />` for `{word}`).
  if (!isSnippet(file.path)) reportUndefinedNames(facts, bag);
  const content: PageContent = {
    headings: assignHeadingIds(facts.headings, parsed.customIds),
    elementIds: facts.elementIds,
    componentIds: facts.componentIds,
    links: facts.links,
    imports: facts.imports,
    ...(facts.visibility.length > 0 ? { visibility: facts.visibility } : {}),
  };
  return summaryOf(file.path, frontmatter, content);
}

type PageContent = Pick<PageSummary, 'headings' | 'elementIds' | 'componentIds' | 'links' | 'imports' | 'visibility'>;

function noContent(): PageContent {
  return { headings: [], elementIds: [], componentIds: [], links: [], imports: [] };
}

function summaryOf(path: string, frontmatter: Frontmatter, content: PageContent): PageSummary {
  const title = frontmatter.title ?? content.headings.find((h) => h.depth === 1)?.text;
  return { path, frontmatter, ...(title === undefined ? {} : { title }), ...content };
}

// ---------------------------------------------------------------------------
// Walking the tree

function collectFacts(tree: Root, file: SourceFile): TreeFacts {
  const facts: TreeFacts = {
    headings: [],
    elementIds: [],
    componentIds: [],
    links: [],
    imports: [],
    declared: new Set(),
    bareNames: [],
    visibility: [],
    offsiteEnd: -1,
  };
  // In document order, and without recursion, so that no nesting depth can overflow the stack.
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    collectNode(node, file, facts);
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
  return facts;
}

function collectNode(node: Nodes, file: SourceFile, facts: TreeFacts): void {
  const start = node.position?.start;
  const startOffset = start?.offset ?? 0;
  const endOffset = node.position?.end.offset ?? startOffset;
  // Inside `<Visibility for="agents">`: for the Markdown copy, not on the site (its links are still checked).
  const offsite = startOffset < facts.offsiteEnd;
  switch (node.type) {
    case 'heading':
      if (!offsite) facts.headings.push({ depth: node.depth, text: headingText(node), line: start?.line ?? 0, column: start?.column ?? 0 });
      break;
    case 'link':
      addLink(node.url, file, urlOffset(file.text, node.url, node.children.at(-1)?.position?.end.offset ?? startOffset, startOffset), facts);
      break;
    case 'definition':
      addLink(node.url, file, urlOffset(file.text, node.url, file.text.indexOf(']:', startOffset), startOffset), facts);
      break;
    case 'image':
      addLink(node.url, file, urlOffset(file.text, node.url, file.text.indexOf('](', startOffset), startOffset), facts, true);
      break;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      collectAttributes(node.attributes, file, facts, offsite);
      if (!offsite) collectComponentAnchor(node.name, node.attributes, start, facts);
      if (node.name === 'Visibility' && node.type === 'mdxJsxFlowElement') collectVisibility(node, facts);
      break;
    case 'mdxjsEsm':
      collectScript(node.data?.estree, file, facts);
      break;
    case 'mdxTextExpression':
    case 'mdxFlowExpression': {
      const name = bareIdentifier(node.data?.estree);
      if (name !== undefined) facts.bareNames.push({ name, span: { file, start: startOffset, end: endOffset } });
      break;
    }
  }
}

/** Text of a heading as its id is made from (the renderer slugs snippet headings the same way). */
export function headingText(node: Nodes): string {
  return plainText(node).trim();
}

/** Text of a heading as readers see it: text and inline code, nothing else. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if ('children' in node) return node.children.map(plainText).join('');
  return '';
}

/** Where the destination is written: the first occurrence after the label, or the node's start. */
function urlOffset(text: string, url: string, searchFrom: number, fallback: number): number {
  const found = url === '' || searchFrom < 0 ? -1 : text.indexOf(url, searchFrom);
  return found === -1 ? fallback : found;
}

function addLink(href: string, file: SourceFile, offset: number, facts: TreeFacts, image = false): void {
  if (!isInternalHref(href)) return;
  const { line, column } = file.position(offset);
  const length = file.text.startsWith(href, offset) ? href.length : 0;
  facts.links.push(image ? { href, line, column, length, image } : { href, line, column, length });
}

/** Not a URL with a scheme (`https:`, `mailto:`, `tel:`) nor protocol-relative (`//host`). */
function isInternalHref(href: string): boolean {
  return href.trim() !== '' && !/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(href) && !href.startsWith('//');
}

type JsxAttributes = Extract<Nodes, { type: 'mdxJsxFlowElement' }>['attributes'];

/**
 * `href="…"` of any component or element is a link, `src="…"` (and a Card's `img="…"`) an embedded file; `id="…"` a
 * link target. Expression values are not read.
 */
/** A `<Visibility>` block not inside another: where it is, and for `for="agents"` where its content is. */
function collectVisibility(node: MdxJsxFlowElement, facts: TreeFacts): void {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const last = facts.visibility.at(-1);
  if (start === undefined || end === undefined || (last !== undefined && start < last[1])) return;
  const audience = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'for')?.value;
  if (audience === 'agents') {
    const first = node.children[0]?.position?.start.offset;
    const final = node.children.at(-1)?.position?.end.offset;
    facts.visibility.push(first === undefined || final === undefined ? [start, end, start, start] : [start, end, first, final]);
    facts.offsiteEnd = end;
  } else if (audience === 'humans') facts.visibility.push([start, end]);
}

function collectAttributes(attributes: JsxAttributes, file: SourceFile, facts: TreeFacts, offsite: boolean): void {
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
    if (attribute.name === 'id' && !offsite) facts.elementIds.push(attribute.value);
    if (attribute.name !== 'href' && attribute.name !== 'src' && attribute.name !== 'img') continue;
    const end = attribute.position?.end.offset;
    // The value ends one character (the quote) before the attribute does.
    const valueStart = end === undefined ? -1 : end - 1 - attribute.value.length;
    const offset = valueStart >= 0 && file.text.startsWith(attribute.value, valueStart) ? valueStart : (attribute.position?.start.offset ?? 0);
    addLink(attribute.value, file, offset, facts, attribute.name !== 'href');
  }
}

/** Where ParamField and ResponseField put the field's name, in the order the renderer reads them. */
const FIELD_NAME_PROPS: Record<string, { prefix: string; props: string[] }> = {
  ParamField: { prefix: 'param-', props: ['path', 'query', 'body', 'header', 'cookie', 'name'] },
  ResponseField: { prefix: 'response-', props: ['name'] },
};

/**
 * Components that are link targets without an `id`: a field's anchor is
 * `param-<name>` / `response-<name>`, an Update's its label's slug (and the
 * label is in the table of contents, as a level-2 entry) — as the renderer
 * makes them (compiler/render/components/fields.ts, updates.ts).
 */
function collectComponentAnchor(
  name: string | null | undefined,
  attributes: JsxAttributes,
  start: { line: number; column: number } | undefined,
  facts: TreeFacts,
): void {
  if (!name) return;
  const values = new Map<string, string>();
  for (const attribute of attributes) {
    if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string') values.set(attribute.name, attribute.value);
  }
  if (values.has('id')) return;
  if (name === 'Update') {
    const label = values.get('label');
    if (label) facts.headings.push({ depth: 2, text: label, line: start?.line ?? 0, column: start?.column ?? 0, component: name });
    return;
  }
  const field = FIELD_NAME_PROPS[name];
  const fieldName = field?.props.map((prop) => values.get(prop)).find((value) => value !== undefined && value !== '');
  if (field === undefined || fieldName === undefined) return;
  const id = numberedId(`${field.prefix}${headingSlug(fieldName)}`, (taken) => facts.componentIds.includes(taken));
  facts.componentIds.push(id);
}

function collectScript(program: Program | null | undefined, file: SourceFile, facts: TreeFacts): void {
  if (!program) return;
  for (const name of declaredNames(program)) facts.declared.add(name);
  for (const statement of program.body) {
    const source = 'source' in statement ? statement.source : undefined;
    if (!source || typeof source.value !== 'string') continue;
    const [start, end] = source.range ?? [0, 0];
    const { line, column } = file.position(start);
    facts.imports.push({ specifier: source.value, line, column, length: end - start });
  }
}

// ---------------------------------------------------------------------------
// After the walk

/** Custom ids as written; the others slugged in page order, so that repeats become `intro-2`, `intro-3`. */
function assignHeadingIds(drafts: readonly HeadingDraft[], customIds: readonly CustomHeadingId[]): Heading[] {
  const customIdByLine = new Map(customIds.map((c) => [c.line, c.id]));
  const taken = new Set<string>();
  return drafts.map((draft) => {
    const id = customIdByLine.get(draft.line) ?? numberedId(headingSlug(draft.text), (candidate) => taken.has(candidate));
    taken.add(id);
    return { ...draft, id };
  });
}

/** `{name}` in text compiles, then fails at run time unless the page defines `name`. */
function reportUndefinedNames(facts: TreeFacts, bag: DiagnosticBag): void {
  for (const use of facts.bareNames) {
    if (facts.declared.has(use.name) || isPredefinedName(use.name)) continue;
    const expression = use.span.file.text.slice(use.span.start, use.span.end);
    const hint = `Write \`\\${expression}\` to show the braces as text, or define it: \`export const ${use.name} = …\``;
    bag.report('page/undefined-name', use.span, { name: use.name, expression }, { hint });
  }
}

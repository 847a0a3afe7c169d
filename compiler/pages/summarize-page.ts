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
import { HTML_URL_ATTRIBUTES, isImageSource, refusedUrlCode, scriptScheme } from '../ir/url-scheme.js';
import { SourceFile, type Span } from '../source/source-file.js';
import {
  builtInIcons,
  type ElementUses,
  noteCodeIcon,
  noteElement,
  noteExpressionElements,
  type PageIcon,
  reportUnknownComponents,
} from './component-uses.js';
import { headingSlug, headingTypography, nextFieldAnchor, numberedId, TitledComponentIds } from './heading-slug.js';
import { declaredNames, firstUndefinedName, readNames } from './page-scope.js';
import { type Frontmatter, type ParsedFrontmatter, parseFrontmatter } from './parse-frontmatter.js';
import { type CustomHeadingId, type ParsedPage, type ParseOptions, parsePage } from './parse-page.js';

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
  /**
   * An HTML element's attribute written in JSX (`<a href>`, `<img src>`), which Mintlify leaves as written, where it
   * puts its base path in front of the links it makes (Markdown links, components' props): check-links.ts.
   */
  literal?: true;
}

export interface PageImport {
  /** The module specifier, such as `/snippets/intro.mdx`; for an `element`, its `file` as written. */
  specifier: string;
  /**
   * `import` binds names (`import X from …`, `import { a } from …`): the renderer resolves it. `bare` binds none
   * (`import '…'`) and `reexport` is `export … from`: the renderer resolves neither. `element` is a
   * `<Snippet file="…" />` (the older way to include a snippet), resolved when the element renders; its place is the
   * `file` attribute's.
   */
  kind: 'import' | 'bare' | 'reexport' | 'element';
  line: number;
  column: number;
  length: number;
  /**
   * An `import` none of whose names the file uses (in an element's name, an expression or its other JavaScript): a
   * snippet it names that is not there is then left out with a warning, as Mintlify leaves it out, not an error.
   */
  unused?: true;
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
  /** Anchors components make for themselves (`param-<name>` of ParamField and ResponseField), as the renderer makes them: link targets too. */
  componentIds: string[];
  links: PageLink[];
  imports: PageImport[];
  /**
   * `<Visibility>` blocks, outermost only, as offsets into the page's text: `[start, end]` for `for="humans"` (left out
   * of the page's Markdown copy), `[start, end, innerStart, innerEnd]` for `for="agents"` (its content alone goes in it,
   * and the site leaves it out: its headings and ids are not the site's). Absent when the page has none.
   */
  visibility?: VisibilityBlock[];
  /** Icons the page's built-in components and code fences show by name (component-uses.ts); absent when none. */
  icons?: PageIcon[];
  /**
   * Set on a page outside `snippets/` that another file imports (`import Setup from './setup.mdx'`): a snippet, as
   * Mintlify takes it, not a page of its own (read-pages.ts `markImportedPages`). Never cached: the project decides it.
   */
  importedAsSnippet?: true;
}

export type VisibilityBlock = [number, number] | [number, number, number, number];

export interface PageSummaryResult {
  summary: PageSummary;
  diagnostics: Diagnostic[];
}

type HeadingDraft = Omit<Heading, 'id'>;

interface ExpressionUse {
  /** The names the expression reads (page-scope.ts `readNames`). */
  names: string[];
  span: Span;
}

/** What one walk over the tree collects. */
interface TreeFacts {
  headings: HeadingDraft[];
  elementIds: string[];
  componentIds: string[];
  /** How many fields of each anchor came before (heading-slug.ts `nextFieldAnchor`). */
  fieldCounts: Map<string, number>;
  /** Tab, Accordion and View anchors made from their titles so far. */
  titledIds: TitledComponentIds;
  links: PageLink[];
  /** Beside `links`, the component whose prop each is (`Card`), if any: the page may define a component of that name. */
  linkComponents: (string | undefined)[];
  imports: PageImport[];
  /** The names each `import` of `imports` binds (by its index there). */
  importedNames: Map<number, string[]>;
  /** Elements' names: what the file uses bindings as. */
  usedNames: Set<string>;
  /** The file's expressions and other JavaScript, where it may use bindings: read only when it imports something. */
  usedCode: string[];
  declared: Set<string>;
  expressions: ExpressionUse[];
  elements: ElementUses;
  visibility: VisibilityBlock[];
  /** Nodes starting before this offset are inside a `<Visibility for="agents">`: not on the site. */
  offsiteEnd: number;
  /** URLs with a scheme that runs script, which the renderer drops (`render/unsafe-url`), where it reports them. */
  unsafeUrls: UnsafeUrl[];
}

interface UnsafeUrl {
  attribute: string;
  url: string;
  scheme: string;
  line: number;
  column: number;
}

/** Never throws: an unexpected failure is reported as a diagnostic on the page. */
export function summarizePage(path: string, text: string, options: ParseOptions = {}): PageSummaryResult {
  try {
    return summarizeText(new SourceFile(path, text), options);
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
    summary: summaryOf(path, frontmatter.frontmatter, { ...noContent(), links: frontmatterLinks(frontmatter) }),
    diagnostics: [...frontmatter.diagnostics, makeDiagnostic('page/out-of-memory', { file: path }, {})],
  };
}

function summarizeText(file: SourceFile, options: ParseOptions): PageSummaryResult {
  const bag = new DiagnosticBag();
  const summary = summarizeParsed(parsePage(file, bag, options), bag);
  return { summary, diagnostics: bag.items };
}

/** The summary of a parsed page (shared with the renderer, which parses once for both); problems go into `bag`. */
export function summarizeParsed(parsed: ParsedPage, bag: DiagnosticBag): PageSummary {
  const { file, tree } = parsed;
  const frontmatter = parsed.frontmatter.frontmatter;
  if (tree === undefined) return summaryOf(file.path, frontmatter, { ...noContent(), links: frontmatterLinks(parsed.frontmatter) });
  const facts = collectFacts(tree, file);
  // In a snippet, a name nothing declares is a prop its importer passes (`<Snippet word="…" />` for `{word}`).
  if (!isSnippet(file.path)) reportUndefinedNames(facts, bag);
  reportUnknownComponents(facts.elements, facts.declared, file.path, bag);
  const icons = builtInIcons(facts.elements, facts.declared);
  for (const { line, column, ...args } of facts.unsafeUrls)
    bag.report(refusedUrlCode(args.scheme), { file: file.path, line, column, length: 0 }, args);
  const content: PageContent = {
    headings: assignHeadingIds(facts.headings, parsed.customIds),
    elementIds: facts.elementIds,
    componentIds: facts.componentIds,
    links: [...frontmatterLinks(parsed.frontmatter), ...builtInLinks(facts)],
    // `<Snippet file>` is the built-in only where the page names nothing `Snippet` itself.
    imports: facts.declared.has('Snippet') ? facts.imports.filter((i) => i.kind !== 'element') : facts.imports,
    ...(facts.visibility.length > 0 ? { visibility: facts.visibility } : {}),
    ...(icons.length > 0 ? { icons } : {}),
  };
  return summaryOf(file.path, frontmatter, content);
}

/** A frontmatter `url` that is a path of the site (`url: /guides/setup`): a link the page makes, checked like the others. */
function frontmatterLinks(parsed: ParsedFrontmatter): PageLink[] {
  const link = parsed.urlLink;
  return link === undefined ? [] : [{ href: link.href, line: link.line, column: link.column, length: link.length }];
}

type PageContent = Pick<PageSummary, 'headings' | 'elementIds' | 'componentIds' | 'links' | 'imports' | 'visibility' | 'icons'>;

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
    fieldCounts: new Map(),
    titledIds: new TitledComponentIds(),
    links: [],
    linkComponents: [],
    imports: [],
    importedNames: new Map(),
    usedNames: new Set(),
    usedCode: [],
    declared: new Set(),
    expressions: [],
    elements: { unknown: [], icons: [] },
    visibility: [],
    offsiteEnd: -1,
    unsafeUrls: [],
  };
  // In document order, and without recursion, so that no nesting depth can overflow the stack.
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    collectNode(node, file, facts);
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
  if (facts.importedNames.size > 0) for (const code of facts.usedCode) noteUsedWords(code, facts);
  for (const [index, names] of facts.importedNames) {
    const entry = facts.imports[index] as PageImport;
    if (names.length > 0 && !names.some((name) => facts.usedNames.has(name))) entry.unused = true;
  }
  return facts;
}

/** Words that could be identifiers, in JavaScript source: more than the names it uses (property names, words in strings), never fewer. */
function noteUsedWords(code: string, facts: TreeFacts): void {
  for (const match of code.matchAll(/[A-Za-z_$][\w$]*/g)) facts.usedNames.add(match[0]);
}

function collectNode(node: Nodes, file: SourceFile, facts: TreeFacts): void {
  const start = node.position?.start;
  const startOffset = start?.offset ?? 0;
  const endOffset = node.position?.end.offset ?? startOffset;
  // Inside `<Visibility for="agents">`: for the Markdown copy, not on the site (its links are still checked).
  const offsite = startOffset < facts.offsiteEnd;
  switch (node.type) {
    case 'code':
      noteCodeIcon(node, facts.elements);
      break;
    case 'heading':
      if (!offsite) facts.headings.push({ depth: node.depth, text: headingText(node), line: start?.line ?? 0, column: start?.column ?? 0 });
      break;
    case 'link':
      addLink(node.url, file, urlOffset(file.text, node.url, node.children.at(-1)?.position?.end.offset ?? startOffset, startOffset), facts);
      if (!offsite) noteUnsafeUrl('href', node.url, start, facts);
      break;
    case 'definition':
      addLink(node.url, file, urlOffset(file.text, node.url, file.text.indexOf(']:', startOffset), startOffset), facts);
      break;
    case 'image':
      addLink(node.url, file, urlOffset(file.text, node.url, file.text.indexOf('](', startOffset), startOffset), facts, true);
      if (!offsite) noteUnsafeUrl('src', node.url, start, facts);
      break;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      if (node.name) facts.usedNames.add(node.name.split(/[.:]/)[0] as string);
      noteElement(node, facts.elements);
      for (const attribute of node.attributes) {
        if (attribute.type === 'mdxJsxAttribute' && attribute.value !== null && typeof attribute.value === 'object')
          noteExpressionElements(attribute.value.data?.estree, facts.elements);
      }
      for (const attribute of node.attributes) {
        if (attribute.type === 'mdxJsxExpressionAttribute') facts.usedCode.push(attribute.value);
        else if (attribute.value !== null && typeof attribute.value === 'object') facts.usedCode.push(attribute.value.value);
      }
      collectAttributes(node.name, node.attributes, file, facts, offsite);
      if (!offsite) collectComponentAnchor(node.name, node.attributes, start, facts);
      if (node.name === 'Visibility' && node.type === 'mdxJsxFlowElement') collectVisibility(node, facts);
      if (node.name === 'Snippet' && !offsite) collectSnippetElement(node.attributes, facts);
      break;
    case 'mdxjsEsm':
      collectScript(node.data?.estree, file, facts);
      break;
    case 'mdxTextExpression':
    case 'mdxFlowExpression': {
      facts.usedCode.push(node.value);
      const names = readNames(node.data?.estree);
      if (names !== undefined && names.length > 0) facts.expressions.push({ names, span: { file, start: startOffset, end: endOffset } });
      noteExpressionElements(node.data?.estree, facts.elements, names ?? []);
      break;
    }
  }
}

/** Text of a heading as its id is made from (the renderer slugs snippet headings the same way). */
export function headingText(node: Nodes): string {
  return plainText(node).trim();
}

/** Text of a heading as readers see it: text (with Mintlify's typography: heading-slug.ts) and inline code, nothing else. */
function plainText(node: Nodes): string {
  if (node.type === 'text') return headingTypography(node.value);
  if (node.type === 'inlineCode') return node.value;
  if ('children' in node) return node.children.map(plainText).join('');
  return '';
}

/** Where the destination is written: the first occurrence after the label, or the node's start. */
function urlOffset(text: string, url: string, searchFrom: number, fallback: number): number {
  const found = url === '' || searchFrom < 0 ? -1 : text.indexOf(url, searchFrom);
  return found === -1 ? fallback : found;
}

/** `element`: the JSX element the link is an attribute of (`a`, `Card`), none for Markdown's. */
function addLink(href: string, file: SourceFile, offset: number, facts: TreeFacts, image = false, element?: string): void {
  if (!isInternalHref(href)) return;
  const { line, column } = file.position(offset);
  const length = file.text.startsWith(href, offset) ? href.length : 0;
  const link: PageLink = { href, line, column, length };
  if (image) link.image = true;
  // A component, unlike an HTML element, may be the page's own (`builtInLinks`).
  const component = element !== undefined && /^[A-Z]/.test(element) ? element : undefined;
  if (element !== undefined && component === undefined) link.literal = true;
  facts.links.push(link);
  facts.linkComponents.push(component);
}

/** A URL whose scheme runs script (ir/url-scheme.ts), noted where the renderer reports dropping it. */
function noteUnsafeUrl(
  attribute: string,
  url: string,
  at: { line: number; column: number } | undefined,
  facts: TreeFacts,
  image = attribute === 'src',
): void {
  const scheme = scriptScheme(url, image);
  if (scheme !== undefined) facts.unsafeUrls.push({ attribute, url, scheme, line: at?.line ?? 0, column: at?.column ?? 0 });
}

/** The links, less the props of components the page defines or imports itself (a `Card` of its own is not the built-in). */
function builtInLinks(facts: TreeFacts): PageLink[] {
  const own = (component: string | undefined) => component !== undefined && facts.declared.has(component);
  return facts.linkComponents.some(own) ? facts.links.filter((_, i) => !own(facts.linkComponents[i])) : facts.links;
}

/** Not a URL with a scheme (`https:`, `mailto:`, `tel:`) nor protocol-relative (`//host`). */
function isInternalHref(href: string): boolean {
  return href.trim() !== '' && !/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(href) && !href.startsWith('//');
}

type JsxAttributes = Extract<Nodes, { type: 'mdxJsxFlowElement' }>['attributes'];

/**
 * The attributes that are links (`link`) or embedded files (`file`), by element: HTML's `<a href>` and media
 * sources, and the built-in components that make a link or an image of a prop — the ones Mintlify's renderer and
 * link checker read, and docsc's. Any other attribute is the element's own business: `<use href="#icon">` in an
 * inline SVG names a symbol, and a prop of a repository's component (`<AgentCTA src="docs-agent">`) is whatever that
 * component makes of it.
 */
const LINK_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, 'link' | 'file'>>>> = {
  a: { href: 'link' },
  img: { src: 'file' },
  video: { src: 'file', poster: 'file' },
  audio: { src: 'file' },
  source: { src: 'file' },
  Card: { href: 'link', img: 'file' },
  Tile: { href: 'link' },
  Tooltip: { href: 'link' },
  Link: { href: 'link' },
};

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

/**
 * The attributes whose URLs the renderer checks for a scheme that runs script (render/create-element.ts): an HTML
 * element's URL attributes, and a component's `href`, `src` and `img`.
 */
const COMPONENT_URL_ATTRIBUTES = new Set(['href', 'src', 'img']);

/** `id="…"` is a link target; the element's link and file attributes (`LINK_ATTRIBUTES`) are links. Expression values are not read. */
function collectAttributes(name: string | null | undefined, attributes: JsxAttributes, file: SourceFile, facts: TreeFacts, offsite: boolean): void {
  const linking = name ? LINK_ATTRIBUTES[name] : undefined;
  // A component, unlike an HTML element, may be the page's own (`builtInLinks`).
  const component = name && /^[A-Z]/.test(name) ? name : undefined;
  const urlAttributes = component === undefined ? HTML_URL_ATTRIBUTES : COMPONENT_URL_ATTRIBUTES;
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
    if (attribute.name === 'id' && !offsite) facts.elementIds.push(attribute.value);
    if (!offsite && name && urlAttributes.has(attribute.name)) {
      const image = component === undefined ? isImageSource(name, attribute.name) : attribute.name !== 'href';
      noteUnsafeUrl(attribute.name, attribute.value, attribute.position?.start, facts, image);
    }
    const kind = linking !== undefined && Object.hasOwn(linking, attribute.name) ? linking[attribute.name] : undefined;
    if (kind === undefined) continue;
    const end = attribute.position?.end.offset;
    // The value ends one character (the quote) before the attribute does.
    const valueStart = end === undefined ? -1 : end - 1 - attribute.value.length;
    const offset = valueStart >= 0 && file.text.startsWith(attribute.value, valueStart) ? valueStart : (attribute.position?.start.offset ?? 0);
    addLink(attribute.value, file, offset, facts, kind === 'file', name ?? undefined);
  }
}

/** Where ParamField (and Param, its older name) and ResponseField put the field's name, in the order the renderer reads them. */
const FIELD_NAME_PROPS: Record<string, string[]> = {
  ParamField: ['path', 'query', 'body', 'header', 'cookie', 'name'],
  Param: ['path', 'query', 'body', 'header', 'cookie', 'name'],
  ResponseField: ['name'],
};

/**
 * Components that are link targets without an `id`: a field's anchor is
 * `param-<name>` (heading-slug.ts `fieldAnchorId`, for both kinds, as
 * Mintlify makes it), an Update's its label's slug (and the label is in the
 * table of contents, as a level-2 entry), a Tab's, Accordion's or View's
 * its title's (`TitledComponentIds`) — as the renderer makes them
 * (compiler/render/components/fields.ts, updates.ts, tabs.ts, disclosures.ts, views.ts).
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
  const title = values.get('title');
  if (title) {
    const id = facts.titledIds.next(name, title);
    if (id !== undefined) facts.componentIds.push(id);
  }
  const fieldName = FIELD_NAME_PROPS[name]?.map((prop) => values.get(prop)).find((value) => value !== undefined && value !== '');
  if (fieldName === undefined) return;
  facts.componentIds.push(nextFieldAnchor(fieldName, facts.fieldCounts, (taken) => facts.componentIds.includes(taken)));
}

/** `<Snippet file="intro.mdx" />`: the file it includes, where the renderer reports it missing (render/components/snippets.ts). */
function collectSnippetElement(attributes: JsxAttributes, facts: TreeFacts): void {
  // The last one wins, as props do.
  const file = [...attributes].reverse().find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
  if (file?.type !== 'mdxJsxAttribute' || typeof file.value !== 'string' || file.value.trim() === '') return;
  const start = file.position?.start;
  facts.imports.push({ specifier: file.value, kind: 'element', line: start?.line ?? 0, column: start?.column ?? 0, length: 0 });
}

function collectScript(program: Program | null | undefined, file: SourceFile, facts: TreeFacts): void {
  if (!program) return;
  for (const name of declaredNames(program)) facts.declared.add(name);
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') {
      const [from, to] = statement.range ?? [0, 0];
      facts.usedCode.push(file.text.slice(from, to));
    }
    const source = 'source' in statement ? statement.source : undefined;
    if (!source || typeof source.value !== 'string') continue;
    const [start, end] = source.range ?? [0, 0];
    const { line, column } = file.position(start);
    const kind = statement.type !== 'ImportDeclaration' ? 'reexport' : statement.specifiers.length > 0 ? 'import' : 'bare';
    if (statement.type === 'ImportDeclaration' && kind === 'import') {
      facts.importedNames.set(
        facts.imports.length,
        statement.specifiers.map((specifier) => specifier.local.name),
      );
    }
    facts.imports.push({ specifier: source.value, kind, line, column, length: end - start });
  }
}

// ---------------------------------------------------------------------------
// After the walk

/** Custom ids as written; the others slugged in page order, so that repeats become `intro-2`, `intro-3`. */
function assignHeadingIds(drafts: readonly HeadingDraft[], customIds: readonly CustomHeadingId[]): Heading[] {
  const customIdByLine = new Map(customIds.map((c) => [c.line, c.id]));
  const taken = new Set<string>();
  const next = new Map<string, number>();
  return drafts.map((draft) => {
    const id = customIdByLine.get(draft.line) ?? numberedId(headingSlug(draft.text), (candidate) => taken.has(candidate), next);
    taken.add(id);
    return { ...draft, id };
  });
}

/** `{name}` in text (or `{api-id}`, `{{topic}}`) compiles, then fails at run time unless the page defines `name`. */
function reportUndefinedNames(facts: TreeFacts, bag: DiagnosticBag): void {
  const declared = (name: string) => facts.declared.has(name);
  for (const use of facts.expressions) {
    const name = firstUndefinedName(use.names, declared);
    if (name === undefined) continue;
    const expression = use.span.file.text.slice(use.span.start, use.span.end);
    const hint = `Write \`\\${expression}\` to show the braces as text, or define it: \`export const ${name} = …\``;
    bag.report('page/undefined-name', use.span, { name, expression }, { hint });
  }
}

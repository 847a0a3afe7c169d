// A page's summary: what the global passes (navigation, links, OpenAPI) need
// from a page without reading its body again — frontmatter, title, headings
// with their ids, internal links, imports. Parsed with the parser the build
// uses (@mdx-js/mdx: remark-parse, plus remark-mdx for `.mdx`), parse only, no
// transforms. Pure and total: the result is plain data that crosses worker
// threads and caches, and every failure becomes a diagnostic.
//
// Two things real pages write that the parser would reject or miss are
// handled before it: the frontmatter block and `## Title {#custom-id}`
// suffixes are blanked (replaced by spaces of the same length), so every
// position the parser reports is still a position in the page.

import { createProcessor } from '@mdx-js/mdx';
import type { Declaration, Pattern, Program } from 'estree';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import { type Diagnostic, DiagnosticBag, type Location, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { SourceFile, type Span } from '../source/source-file.js';
import { type Frontmatter, parseFrontmatter } from './parse-frontmatter.js';

export interface Heading {
  depth: number;
  text: string;
  /** From `{#custom-id}`, else the GitHub slug of the text (`intro`, `intro-1`, …). */
  id: string;
  line: number;
  column: number;
}

/** An internal link: `/x`, `./x`, `../x`, `x`, `#anchor` (never `https:`, `mailto:`, `//host`). */
export interface PageLink {
  href: string;
  line: number;
  column: number;
  length: number;
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
  links: PageLink[];
  imports: PageImport[];
}

export interface PageSummaryResult {
  summary: PageSummary;
  diagnostics: Diagnostic[];
}

/** Names a page may use in `{…}` without defining them: MDX's `props`, and harmless values. */
const PREDEFINED_NAMES = new Set(['props', 'undefined', 'NaN', 'Infinity']);

type HeadingDraft = Omit<Heading, 'id'>;

interface ExpressionUse {
  name: string;
  span: Span;
}

/** What one walk over the tree collects. */
interface TreeFacts {
  headings: HeadingDraft[];
  elementIds: string[];
  links: PageLink[];
  imports: PageImport[];
  declared: Set<string>;
  bareNames: ExpressionUse[];
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

function summarizeText(file: SourceFile): PageSummaryResult {
  const bag = new DiagnosticBag();
  const parsed = parseFrontmatter(file);
  bag.add(parsed.diagnostics);
  const customIds = findCustomHeadingIds(file.text, parsed.block?.end ?? 0);
  const blanks = [...(parsed.block ? [parsed.block] : []), ...customIds.map((c) => c.suffix)];
  const tree = parseMarkdown(file, blankOut(file.text, blanks), bag);
  if (tree === undefined) return { summary: summaryOf(file.path, parsed.frontmatter, noContent()), diagnostics: bag.items };

  const facts = collectFacts(tree, file);
  reportUndefinedNames(facts, bag);
  const content: PageContent = {
    headings: assignHeadingIds(facts.headings, customIds),
    elementIds: facts.elementIds,
    links: facts.links,
    imports: facts.imports,
  };
  return { summary: summaryOf(file.path, parsed.frontmatter, content), diagnostics: bag.items };
}

type PageContent = Pick<PageSummary, 'headings' | 'elementIds' | 'links' | 'imports'>;

function noContent(): PageContent {
  return { headings: [], elementIds: [], links: [], imports: [] };
}

function summaryOf(path: string, frontmatter: Frontmatter, content: PageContent): PageSummary {
  const title = frontmatter.title ?? content.headings.find((h) => h.depth === 1)?.text;
  return { path, frontmatter, ...(title === undefined ? {} : { title }), ...content };
}

// ---------------------------------------------------------------------------
// Before parsing: custom heading ids and blanking

interface CustomHeadingId {
  line: number;
  id: string;
  /** The ` {#id}` text, to blank before parsing. */
  suffix: { start: number; end: number };
}

/** Any indentation: MDX has no indented code, and headings inside components are indented. */
const CUSTOM_ID_HEADING = /^[ \t]*#{1,6}[ \t].*?([ \t]*\{#([^\s{}]+)\})[ \t]*\r?$/gm;

/** `## Title {#id}` lines after the frontmatter (the JS expression parser rejects `{#id}`). */
function findCustomHeadingIds(text: string, from: number): CustomHeadingId[] {
  const found: CustomHeadingId[] = [];
  let line = 1;
  let counted = 0;
  CUSTOM_ID_HEADING.lastIndex = from;
  for (let match = CUSTOM_ID_HEADING.exec(text); match !== null; match = CUSTOM_ID_HEADING.exec(text)) {
    const [whole, suffix = '', id = ''] = match;
    line += countNewlines(text, counted, match.index);
    counted = match.index;
    const end = match.index + whole.replace(/[ \t]*\r?$/, '').length;
    found.push({ line, id, suffix: { start: end - suffix.length, end } });
  }
  return found;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** Replaces the ranges by spaces, keeping line breaks, so that offsets, lines and columns stay true. */
function blankOut(text: string, ranges: readonly { start: number; end: number }[]): string {
  let result = '';
  let at = 0;
  for (const { start, end } of ranges) {
    result += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    at = end;
  }
  return result + text.slice(at);
}

// ---------------------------------------------------------------------------
// Parsing, and syntax errors rewritten for humans

type Processor = ReturnType<typeof createProcessor>;
const processors = new Map<'md' | 'mdx', Processor>();

/** One processor per format, made once: creating one costs more than parsing a page. */
function processorFor(path: string): Processor {
  const format = path.endsWith('.md') ? 'md' : 'mdx';
  let processor = processors.get(format);
  if (processor === undefined) {
    processor = createProcessor({ format });
    processors.set(format, processor);
  }
  return processor;
}

/** A VFileMessage as the parser throws it (duck-typed: vfile is not a direct dependency). */
interface ParserMessage {
  reason: string;
  ruleId?: string;
  source?: string;
  cause?: unknown;
  place?: { line: number; column: number; offset?: number } | { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
}

function parseMarkdown(file: SourceFile, source: string, bag: DiagnosticBag): Root | undefined {
  try {
    return processorFor(file.path).parse(source);
  } catch (error) {
    if (!isParserMessage(error)) throw error;
    bag.report('page/mdx-syntax', messageLocation(file, error), { reason: humanReason(error) });
    return undefined;
  }
}

function isParserMessage(error: unknown): error is ParserMessage {
  return error instanceof Error && typeof (error as Partial<ParserMessage>).reason === 'string';
}

function messageLocation(file: SourceFile, message: ParserMessage): Location {
  const place = message.place;
  if (place !== undefined && 'start' in place) {
    const length = place.start.offset !== undefined && place.end.offset !== undefined ? place.end.offset - place.start.offset : 0;
    return { file: file.path, line: place.start.line, column: place.start.column, length };
  }
  if (place !== undefined) return { file: file.path, line: place.line, column: place.column, length: 0 };
  // Some messages (an unclosed tag) carry their place only in the text: "(3:1-3:7)".
  const inText = /\((\d+):(\d+)-\d+:\d+\)/.exec(message.reason);
  return { file: file.path, line: Number(inText?.[1] ?? 0), column: Number(inText?.[2] ?? 0), length: 0 };
}

function humanReason(message: ParserMessage): string {
  const reason = message.reason.replace(/ \(\d+:\d+-\d+:\d+\)/g, '');
  const cause = message.cause instanceof Error ? lowerFirst(message.cause.message) : 'invalid syntax';
  if (message.ruleId === 'acorn' && message.source === 'micromark-extension-mdxjs-esm') {
    return `Could not read this \`import\`/\`export\` statement as JavaScript (${cause}); in MDX a line that starts with \`import \` or \`export \` is code`;
  }
  if (message.ruleId === 'acorn') {
    return `Could not read the expression in braces as JavaScript (${cause}); in MDX \`{\` starts an expression, write \`\\{\` to show a brace as text`;
  }
  const badTagStart = /^Unexpected character (`.+?`) \(U\+\w+\) before name/.exec(reason);
  if (badTagStart?.[1] === '`!`') return 'HTML comments (`<!-- … -->`) are not allowed in MDX; write a comment as `{/* … */}`';
  if (badTagStart) return `Unexpected character ${badTagStart[1]} after \`<\`; in MDX \`<\` starts a tag, write \`\\<\` to show it as text`;
  const unclosed = /^Expected a closing tag for `<([^>]*)>`/.exec(reason);
  if (unclosed) return `${reason}; add \`</${unclosed[1]}>\` or close the tag itself with \`/>\``;
  return reason;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

// ---------------------------------------------------------------------------
// Walking the tree

function collectFacts(tree: Root, file: SourceFile): TreeFacts {
  const facts: TreeFacts = { headings: [], elementIds: [], links: [], imports: [], declared: new Set(), bareNames: [] };
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
  switch (node.type) {
    case 'heading':
      facts.headings.push({ depth: node.depth, text: plainText(node).trim(), line: start?.line ?? 0, column: start?.column ?? 0 });
      break;
    case 'link':
      addLink(node.url, file, urlOffset(file.text, node.url, node.children.at(-1)?.position?.end.offset ?? startOffset, startOffset), facts);
      break;
    case 'definition':
      addLink(node.url, file, urlOffset(file.text, node.url, file.text.indexOf(']:', startOffset), startOffset), facts);
      break;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      collectAttributes(node.attributes, file, facts);
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

function addLink(href: string, file: SourceFile, offset: number, facts: TreeFacts): void {
  if (!isInternalHref(href)) return;
  const { line, column } = file.position(offset);
  const length = file.text.startsWith(href, offset) ? href.length : 0;
  facts.links.push({ href, line, column, length });
}

/** Not a URL with a scheme (`https:`, `mailto:`, `tel:`) nor protocol-relative (`//host`). */
function isInternalHref(href: string): boolean {
  return href.trim() !== '' && !/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(href) && !href.startsWith('//');
}

type JsxAttributes = Extract<Nodes, { type: 'mdxJsxFlowElement' }>['attributes'];

/** `href="…"` of any component or element is a link; `id="…"` a link target. Expression values are not read. */
function collectAttributes(attributes: JsxAttributes, file: SourceFile, facts: TreeFacts): void {
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
    if (attribute.name === 'id') facts.elementIds.push(attribute.value);
    if (attribute.name !== 'href') continue;
    const end = attribute.position?.end.offset;
    // The value ends one character (the quote) before the attribute does.
    const valueStart = end === undefined ? -1 : end - 1 - attribute.value.length;
    const offset = valueStart >= 0 && file.text.startsWith(attribute.value, valueStart) ? valueStart : (attribute.position?.start.offset ?? 0);
    addLink(attribute.value, file, offset, facts);
  }
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

/** The names `import` and `export` statements bring into the page's scope. */
function declaredNames(program: Program): string[] {
  return program.body.flatMap((statement) => {
    if (statement.type === 'ImportDeclaration') return statement.specifiers.map((s) => s.local.name);
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration) return declarationNames(statement.declaration);
    return [];
  });
}

function declarationNames(declaration: Declaration): string[] {
  if (declaration.type === 'VariableDeclaration') return declaration.declarations.flatMap((d) => patternNames(d.id));
  return [declaration.id.name];
}

function patternNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p.argument : p.value));
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => (e ? patternNames(e) : []));
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    case 'RestElement':
      return patternNames(pattern.argument);
    default:
      return [];
  }
}

/** The name, when an expression is nothing but one identifier: `{name}`. */
function bareIdentifier(program: Program | null | undefined): string | undefined {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  return statement?.type === 'ExpressionStatement' && statement.expression.type === 'Identifier' ? statement.expression.name : undefined;
}

// ---------------------------------------------------------------------------
// After the walk

/** Custom ids as written; the others slugged in page order, so that repeats become `intro-1`, `intro-2`. */
function assignHeadingIds(drafts: readonly HeadingDraft[], customIds: readonly CustomHeadingId[]): Heading[] {
  const customIdByLine = new Map(customIds.map((c) => [c.line, c.id]));
  const slugger = new GithubSlugger();
  return drafts.map((draft) => ({ ...draft, id: customIdByLine.get(draft.line) ?? slugger.slug(draft.text) }));
}

/** `{name}` in text compiles, then fails at run time unless the page defines `name`. */
function reportUndefinedNames(facts: TreeFacts, bag: DiagnosticBag): void {
  for (const use of facts.bareNames) {
    if (facts.declared.has(use.name) || PREDEFINED_NAMES.has(use.name)) continue;
    const expression = use.span.file.text.slice(use.span.start, use.span.end);
    const hint = `Write \`\\${expression}\` to show the braces as text, or define it: \`export const ${use.name} = …\``;
    bag.report('page/undefined-name', use.span, { name: use.name, expression }, { hint });
  }
}

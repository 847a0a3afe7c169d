// `docsc openapi-file`, the pure part: a loaded OpenAPI document → one MDX
// page per operation and webhook (path, frontmatter, body, whole text), the
// navigation groups to paste into docs.json, and diagnostics. Paths come from
// `assignApiPagePaths`, the rule the build publishes by. `x-hidden` and
// `x-excluded` items get no page; `x-docs`/`x-mint` `metadata` joins the
// frontmatter, `content` is the body, and `href` means no file: the
// navigation lists the endpoint, which then links out. No I/O here.

import { createRequire } from 'node:module';
import { isAbsolute, relative, sep } from 'node:path';
import { type Diagnostic, DiagnosticBag, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { assignApiPagePaths, hrefPagePath } from './api-page-paths.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from './openapi-document.js';

export interface GenerateOptions {
  /** How `openapi` frontmatter names the document; undefined writes `METHOD /path` alone. */
  specRef?: string;
  /** The output folder as the docs root sees it (`''` at the root), prefixed to navigation entries. */
  navPrefix: string;
}

export interface EndpointPage {
  /** Relative to the output folder, `/`-separated, with `.mdx`. */
  file: string;
  frontmatter: Record<string, unknown>;
  body: string;
  /** The whole file: frontmatter block and body. */
  text: string;
}

export interface NavigationGroup {
  group: string;
  pages: string[];
}

export interface GeneratedPages {
  pages: EndpointPage[];
  navigation: NavigationGroup[];
  diagnostics: Diagnostic[];
}

/** The group of untagged operations, as Mintlify names it. */
export const UNTAGGED_GROUP = 'API Reference';

type Item = OperationInfo | WebhookInfo;

export function generateEndpointPages(document: OpenApiDocument, options: GenerateOptions): GeneratedPages {
  const bag = new DiagnosticBag();
  const items = listedItems(document, options, bag);
  // One batch, as Mintlify generates a document; paths inside the output folder, which keeps the case it was given.
  const batch = {};
  // An item with a site `href` is numbered at its href's path, as Mintlify numbers it: it takes no other page's name.
  const placed = assignApiPagePaths(
    items.map((item) => {
      const href = item.xDocs?.href;
      return { document, item, directory: '', batch, ...(href !== undefined && hrefPagePath(href) !== undefined && { href }) };
    }),
  );
  const prefix = options.navPrefix.replace(/^\/+|\/+$/g, '');
  const pages: EndpointPage[] = [];
  const groups = new Map<string, string[]>();
  for (const { path, entry, renamedFrom } of placed) {
    const item = entry.item;
    const href = item.xDocs?.href;
    const navPath = prefix === '' ? path : `${prefix}/${path}`;
    if (renamedFrom !== undefined && href === undefined)
      reportRenamed(document, item, navPath, prefix === '' ? renamedFrom : `${prefix}/${renamedFrom}`, bag);
    const group = item.tags[0] ?? UNTAGGED_GROUP;
    const list = groups.get(group) ?? [];
    list.push(href === undefined ? navPath : openapiEntry(item, options.specRef));
    groups.set(group, list);
    if (href === undefined) pages.push(endpointPage(item, path, options.specRef));
  }
  const navigation = [...groups].map(([group, list]) => ({ group, pages: list }));
  return { pages, navigation, diagnostics: bag.items };
}

/**
 * How pages name a spec file: relative to the docs root, `/`-separated. A
 * spec the root cannot reach is named anyway (`../spec.json`), with a warning
 * on `shown`, the spec's path as the user sees it. Absolute paths in, no I/O.
 */
export function specReference(specPath: string, root: string, shown: string): { ref: string; diagnostics: Diagnostic[] } {
  const ref = relative(root, specPath).split(sep).join('/');
  if (!ref.startsWith('..') && !isAbsolute(ref)) return { ref, diagnostics: [] };
  return { ref, diagnostics: [makeDiagnostic('generate/spec-outside-root', { file: shown }, { spec: shown, ref })] };
}

/** The items that get a page or a navigation entry: not hidden, not excluded, nameable in an entry string. */
function listedItems(document: OpenApiDocument, options: GenerateOptions, bag: DiagnosticBag): Item[] {
  const candidates = [...document.operations, ...document.webhooks].filter((item) => !item.hidden && !item.excluded);
  if (options.specRef !== undefined && /\s/.test(options.specRef)) {
    if (candidates.length > 0) bag.report('generate/unnameable', { file: document.key }, { entry: document.key, text: options.specRef });
    return [];
  }
  return candidates.filter((item) => {
    const name = 'path' in item ? item.path : item.name;
    if (!/\s/.test(name)) return true;
    bag.report('generate/unnameable', document.locate(item.pointer.slice(0, -1)), { entry: describeItem(item), text: name });
    return false;
  });
}

function reportRenamed(document: OpenApiDocument, item: Item, path: string, original: string, bag: DiagnosticBag): void {
  bag.report(
    'openapi/duplicate-slug',
    document.locate([...item.pointer, 'summary']),
    { entry: describeItem(item), url: path, original },
    { hint: item.summary ? 'Give it a summary of its own.' : 'Give it a `summary`.' },
  );
}

function endpointPage(item: Item, path: string, specRef: string | undefined): EndpointPage {
  const frontmatter: Record<string, unknown> = {
    ...(item.summary !== undefined && { title: item.summary }),
    openapi: openapiEntry(item, specRef),
    ...(item.deprecated && { deprecated: true }),
    ...item.xDocs?.metadata,
  };
  const content = item.xDocs?.content?.trim() ?? '';
  const body = content === '' ? '' : `${content}\n`;
  const yaml = frontmatterYaml(frontmatter);
  return { file: `${path}.mdx`, frontmatter, body, text: `---\n${yaml}---\n${body === '' ? '' : `\n${body}`}` };
}

/**
 * The frontmatter as YAML, as the yaml package writes it. Most pages hold a
 * title and an `openapi` line whose text needs no quoting: those are written
 * directly (the yaml package's document model took 0.15 s of 1,223 pages);
 * anything else — a colon, a `#`, a quote, a keyword, a non-ASCII letter,
 * `x-docs` metadata — goes through the yaml package.
 */
export function frontmatterYaml(frontmatter: Record<string, unknown>): string {
  let text = '';
  for (const [key, value] of Object.entries(frontmatter)) {
    if (!/^[a-z][a-zA-Z]*$/.test(key)) return yamlText(frontmatter);
    if (value === true) text += `${key}: true\n`;
    else if (typeof value === 'string' && isPlainText(value)) text += `${key}: ${value}\n`;
    else return yamlText(frontmatter);
  }
  return text;
}

const require = createRequire(import.meta.url);

/**
 * Through the yaml package, required on first use (a CommonJS package): loading it is 0.05 s of a run that may need none.
 * No block scalars: yaml 2.9 writes a text that opens with a blank line holding spaces (`" \n"`) as `|+` with that
 * line, which it (and YAML) reads back without the spaces. A text with line breaks is double-quoted instead.
 */
function yamlText(frontmatter: Record<string, unknown>): string {
  const { stringify } = require('yaml') as typeof import('yaml');
  return stringify(frontmatter, { lineWidth: 0, minContentWidth: 0, blockQuote: false });
}

/** Text YAML reads back as the same string without quotes: starts with a letter or `/`, no `: ` or ` #`, no keyword. */
function isPlainText(value: string): boolean {
  return /^[A-Za-z/_][A-Za-z0-9 ./_'(){}+=,;?~$-]*$/.test(value) && !value.endsWith(' ') && !/^(?:true|false|null|yes|no|on|off|y|n)$/i.test(value);
}

/** `spec GET /path`, `spec webhook name`, or without the spec. */
function openapiEntry(item: Item, specRef: string | undefined): string {
  const operation = 'path' in item ? `${item.method.toUpperCase()} ${item.path}` : `webhook ${item.name}`;
  return specRef === undefined ? operation : `${specRef} ${operation}`;
}

function describeItem(item: Item): string {
  return 'path' in item ? `${item.method.toUpperCase()} ${item.path}` : `webhook ${item.name}`;
}

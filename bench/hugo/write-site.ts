// The bench corpus in Hugo's form, for the Hugo peer (peers.ts): the same
// pages as Markdown, read from a generated corpus (docs.json and its MDX
// pages) and written as a Hugo site with a minimal theme of its own
// (bench/hugo/layouts/, copied in; nothing downloaded). What maps to what:
//
// - frontmatter kept (Hugo reads YAML), plus `weight` (the page's place in
//   the navigation, so Hugo's prev/next follow it), `linkTitle` (for
//   `sidebarTitle`), `tab`, and `aliases` for docs.json's redirects (Hugo
//   writes a redirect page for each, as docsc does);
// - `index.mdx` is the home page, `content/_index.md`;
// - components as shortcodes: `<Note>` → `{{% callout kind="note" %}}`,
//   `<Card …>` → `{{% card … %}}`, the same for CardGroup, Tabs/Tab,
//   Steps/Step, AccordionGroup/Accordion, CodeGroup, ParamField,
//   ResponseField, Expandable (`{{% %}}`: their inner Markdown is rendered
//   as the page's);
// - snippets as headless pages under `content/snippets/` (never rendered on
//   their own), `<SnippetName />` → `{{< snippet "name" >}}`;
// - code fences' meta as Hugo attributes: `title="x"` (shown by the theme's
//   code block hook), `{1,3-4}` → `hl_lines`, `lines` → `linenos`;
// - links to `/a/b#c` → `/a/b/#c` and `./x` → `../x/` (Hugo's pretty URLs);
// - the sidebar, tabs and search index from docs.json's navigation, written
//   to `data/navigation.json`: the theme renders each tab's sidebar once
//   (`partialCached`), the table of contents, prev/next and a JSON search
//   index of every page (title, description, text).
//
//   writeHugoSite(corpusDir, outDir) → { pages, files }

import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const LAYOUTS = join(import.meta.dirname, 'layouts');
const STATIC = join(import.meta.dirname, 'static');

export interface HugoSite {
  /** Pages written under content/ (snippets aside). */
  pages: number;
  /** Every file written. */
  files: number;
}

/** The components of the generated corpus, and the shortcode each becomes (callouts share one). */
const SHORTCODES: Record<string, string> = {
  Card: 'card',
  CardGroup: 'cardgroup',
  Tabs: 'tabs',
  Tab: 'tab',
  Steps: 'steps',
  Step: 'step',
  AccordionGroup: 'accordiongroup',
  Accordion: 'accordion',
  CodeGroup: 'codegroup',
  ParamField: 'paramfield',
  ResponseField: 'responsefield',
  Expandable: 'expandable',
};
const CALLOUTS = new Set(['Note', 'Tip', 'Warning', 'Info', 'Check']);

interface NavItem {
  title: string;
  url: string;
}
interface NavGroupOut {
  title: string;
  items: (NavItem | NavGroupOut)[];
}
interface NavTabOut {
  title: string;
  url: string;
  groups: NavGroupOut[];
}

interface DocsConfig {
  name?: string;
  redirects?: { source: string; destination: string }[];
  navigation?: { tabs?: { tab: string; groups?: unknown[] }[] };
}

export function writeHugoSite(corpus: string, out: string): HugoSite {
  const config = JSON.parse(readFileSync(join(corpus, 'docs.json'), 'utf8')) as DocsConfig;
  const pages = readdirSync(corpus, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => relative(corpus, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const frontmatters = new Map(pages.map((path) => [path.slice(0, -'.mdx'.length), readFrontmatter(join(corpus, path))]));

  // The navigation: each page's place (weight) and tab, and the sidebar data.
  const place = new Map<string, { weight: number; tab: number }>();
  const titleOf = (page: string) => {
    const fm = frontmatters.get(page);
    return fm?.sidebarTitle ?? fm?.title ?? page;
  };
  const lowerGroup = (group: { group?: unknown; pages?: unknown[] }, tab: number): NavGroupOut => ({
    title: String(group.group ?? ''),
    items: (group.pages ?? []).map((entry) => {
      if (typeof entry === 'string') {
        if (!place.has(entry)) place.set(entry, { weight: place.size + 1, tab });
        return { title: titleOf(entry), url: urlOf(entry) };
      }
      return lowerGroup(entry as { group?: unknown; pages?: unknown[] }, tab);
    }),
  });
  const tabs: NavTabOut[] = (config.navigation?.tabs ?? []).map((tab, i) => {
    const groups = (tab.groups ?? []).map((group) => lowerGroup(group as { group?: unknown; pages?: unknown[] }, i));
    return { title: tab.tab, url: firstUrl(groups) ?? '/', groups };
  });
  const aliases = new Map<string, string[]>();
  for (const redirect of config.redirects ?? []) {
    const page = redirect.destination.replace(/^\//, '') || 'index';
    aliases.set(page, [...(aliases.get(page) ?? []), redirect.source]);
  }

  let files = 0;
  const write = (path: string, text: string) => {
    const target = join(out, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    files++;
  };
  let written = 0;
  for (const path of pages) {
    const page = path.slice(0, -'.mdx'.length);
    const text = readFileSync(join(corpus, path), 'utf8');
    if (page.startsWith('snippets/')) {
      write(`content/${page}.md`, `---\n_build:\n  render: never\n  list: never\n---\n\n${convertBody(text)}`);
      continue;
    }
    const extra = [];
    const where = place.get(page);
    if (where) extra.push(`weight: ${where.weight}`, `tab: ${where.tab}`);
    const fm = frontmatters.get(page);
    if (fm?.sidebarTitle) extra.push(`linkTitle: ${JSON.stringify(fm.sidebarTitle)}`);
    const moved = aliases.get(page);
    if (moved) extra.push(`aliases: ${JSON.stringify(moved)}`);
    write(page === 'index' ? 'content/_index.md' : `content/${page}.md`, convertPage(text, extra));
    written++;
  }
  write('data/navigation.json', `${JSON.stringify({ name: config.name ?? 'Docs', tabs })}\n`);
  write('hugo.toml', HUGO_CONFIG(config.name ?? 'Docs'));
  for (const [from, to] of [
    [LAYOUTS, 'layouts'],
    [STATIC, 'static'],
  ] as const) {
    cpSync(from, join(out, to), { recursive: true });
    files += readdirSync(from, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  }
  for (const logo of ['images/logo-light.svg', 'images/logo-dark.svg', 'images/favicon.svg']) {
    write(`static/${logo}`, readFileSync(join(corpus, logo), 'utf8'));
  }
  return { pages: written, files };
}

const HUGO_CONFIG = (title: string) => `# Written by bench/hugo/write-site.ts from the docsc bench corpus.
baseURL = "https://docs.example.com/"
title = ${JSON.stringify(title)}
disableKinds = ["taxonomy", "term", "RSS"]
enableRobotsTXT = false

[outputs]
home = ["HTML", "JSON"]

[markup.goldmark.renderer]
unsafe = true

[markup.goldmark.parser.attribute]
title = true
block = true

[markup.tableOfContents]
startLevel = 2
endLevel = 3
`;

/** The page's Markdown: frontmatter with the extra keys, body converted. */
function convertPage(text: string, extra: readonly string[]): string {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (match === null) return convertBody(text);
  const frontmatter = [match[1], ...extra].join('\n');
  return `---\n${frontmatter}\n---\n${convertBody(text.slice(match[0].length))}`;
}

/** MDX body → Hugo Markdown, line by line; fenced code is copied as it is, apart from its opening line's meta. */
export function convertBody(text: string): string {
  // The snippets a page imports, by the name it gives them: `import ApiKeyNote from '/snippets/api-key-note.mdx'`.
  const snippets = new Map(
    [...text.matchAll(/^import\s+(\w+)\s+from\s+['"]\/snippets\/([^'"]+)\.mdx['"];?$/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
  const lines: string[] = [];
  let fence: string | undefined;
  for (const raw of text.split('\n')) {
    if (fence !== undefined) {
      lines.push(raw);
      if (raw.trim() === fence) fence = undefined;
      continue;
    }
    const line = raw.trim();
    const opening = /^(`{3,})(\S*)\s*(.*)$/.exec(line);
    if (opening) {
      fence = opening[1] as string;
      lines.push(`${fence}${opening[2]}${fenceAttributes(opening[3] as string)}`);
      continue;
    }
    if (/^import\s+\w+\s+from\s+['"]/.test(line)) continue;
    lines.push(convertTag(line, snippets) ?? rewriteLinks(line));
  }
  return lines.join('\n');
}

/** A line that is one JSX tag, as a shortcode; undefined for any other line. */
function convertTag(line: string, snippets: ReadonlyMap<string, string>): string | undefined {
  const close = /^<\/(\w+)>$/.exec(line);
  if (close) {
    const name = close[1] as string;
    if (CALLOUTS.has(name)) return '{{% /callout %}}';
    const shortcode = SHORTCODES[name];
    return shortcode ? `{{% /${shortcode} %}}` : undefined;
  }
  const open = /^<(\w+)((?:\s+[\w-]+(?:=(?:"[^"]*"|\{[^}]*\}))?)*)\s*(\/?)>$/.exec(line);
  if (!open) return undefined;
  const [, name = '', attributeText = '', selfClosing] = open;
  const snippet = snippets.get(name);
  if (selfClosing && snippet !== undefined) return `{{< snippet ${JSON.stringify(snippet)} >}}`;
  const attributes = [...attributeText.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|\{([^}]*)\}))?/g)].map(([, key, quoted, braced]) => {
    const value = quoted ?? braced ?? 'true';
    return `${key}=${JSON.stringify(key === 'href' ? rewriteUrl(value) : value)}`;
  });
  if (CALLOUTS.has(name)) attributes.unshift(`kind="${name.toLowerCase()}"`);
  const shortcode = CALLOUTS.has(name) ? 'callout' : SHORTCODES[name];
  if (shortcode === undefined) return undefined;
  return `{{% ${[shortcode, ...attributes].join(' ')} %}}`;
}

/** A fence's meta (`title="x" {1,3-4} wrap`, or a code group's bare file name) as Hugo's `{…}` attributes. */
function fenceAttributes(meta: string): string {
  if (meta === '') return '';
  const attributes: string[] = [];
  const title = /title="([^"]*)"/.exec(meta)?.[1] ?? (/^[\w.-]+$/.test(meta) ? meta : undefined);
  if (title !== undefined) attributes.push(`title=${JSON.stringify(title)}`);
  const lines = /\{([\d,\s-]+)\}/.exec(meta)?.[1];
  if (lines) attributes.push(`hl_lines=[${lines.split(',').map((range) => JSON.stringify(range.trim()))}]`);
  if (/(^|\s)lines(\s|$)/.test(meta)) attributes.push('linenos=true');
  return attributes.length === 0 ? '' : ` {${attributes.join(' ')}}`;
}

function rewriteLinks(line: string): string {
  return line.replace(/\]\(([^)\s]+)\)/g, (_, url: string) => `](${rewriteUrl(url)})`);
}

/** `/a/b#c` → `/a/b/#c`, `./x` → `../x/`: Hugo's pages live at folder URLs. */
function rewriteUrl(url: string): string {
  const [path = '', hash] = url.split('#', 2);
  const suffix = hash === undefined ? '' : `#${hash}`;
  if (path.startsWith('./')) return `../${path.slice(2)}/${suffix}`;
  if (path.startsWith('/') && path.length > 1 && !path.endsWith('/')) return `${path}/${suffix}`;
  return url;
}

function urlOf(page: string): string {
  if (page === 'index') return '/';
  return `/${page.endsWith('/index') ? page.slice(0, -'index'.length) : `${page}/`}`;
}

function firstUrl(groups: readonly NavGroupOut[]): string | undefined {
  for (const group of groups) {
    for (const item of group.items) {
      const url = 'url' in item ? item.url : firstUrl([item]);
      if (url !== undefined) return url;
    }
  }
  return undefined;
}

function readFrontmatter(file: string): { title?: string; sidebarTitle?: string } {
  const text = readFileSync(file, 'utf8');
  const block = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const value = (key: string) => {
    const raw = new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(block)?.[1];
    return raw === undefined ? undefined : raw.replace(/^"(.*)"$/, '$1');
  };
  const result: { title?: string; sidebarTitle?: string } = {};
  const title = value('title');
  const sidebarTitle = value('sidebarTitle');
  if (title !== undefined) result.title = title;
  if (sidebarTitle !== undefined) result.sidebarTitle = sidebarTitle;
  return result;
}

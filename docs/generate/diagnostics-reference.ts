// The diagnostics pages of the docs site (docs/diagnostics/*.mdx): one page
// per area (`nav/…` → diagnostics/nav), a section per code with the anchor
// docsc's reports link to (compiler/report/docs-anchor.ts), drawn from the
// catalogue (spec/diagnostics/*.json: severity, message, what it means and
// how to fix it). The example under each code is a real report: the first
// line the test baselines (tests/fixtures/**/*.expected.txt) record for it,
// with its notes and hint, and the lines of the test case's file it points at.
// Cases built at test time (tests/fixtures/diagnostic-examples/: symbolic
// links, oversized files, damaged caches, failing servers) also show what the
// test did, from the `<case>.input.txt` beside the baseline. A code with no
// baseline gets a sentence instead: why, for a code no input can produce.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { type CatalogueEntry, catalogue } from '../../compiler/diagnostics/catalogue.js';
import { docsAnchor, docsPage } from '../../compiler/report/docs-anchor.js';
import { areas } from '../../spec/generate-diagnostics-md.js';
import type { GeneratedFile } from './generated-file.js';
import { codeBlock, codeSpan, frontmatter, generatedNotice, markdownTable, mdxText } from './mdx-text.js';

const GENERATOR = 'docs/generate/diagnostics-reference.ts';
const FROM = 'spec/diagnostics/*.json and tests/fixtures';

/** Baseline folders in the order examples are taken from: whole test repositories first. */
const EXAMPLE_ORDER = [
  'tests/fixtures/check/',
  'tests/fixtures/pages/',
  'tests/fixtures/openapi/',
  'tests/fixtures/render/',
  'tests/fixtures/diagnostic-examples/',
];
/** Real repositories' baselines are long and change with them: no examples from there. */
const SKIPPED = ['tests/fixtures/real/'];

/** What a code no input can produce shows in place of an example (tests/catalogue.test.ts lists these codes too). */
const NO_EXAMPLE: Record<string, string> = {
  'page/internal-error': 'There is no example: docsc reports this only when it fails on a page itself, which is a bug in docsc.',
};

const SEVERITY_COLOR = { error: 'red', warning: 'orange', info: 'blue' } as const;

interface Example {
  baseline: string;
  /** The diagnostic's lines as the baseline records them (the report line, then its notes and hint). */
  report: string[];
  /** What the test did to make the case (`<case>.input.txt`), for cases built at test time. */
  input?: string[];
  /** The lines around the place reported; `line` 0: the whole (short) file a case built at test time reports as a whole. */
  source?: { path: string; display: string; firstLine: number; lines: string[]; line: number };
}

export function diagnosticsReference(root: string): GeneratedFile[] {
  const codes = Object.keys(catalogue).sort() as (keyof typeof catalogue)[];
  const examples = findExamples(root, new Set(codes));
  const areaNames = [...new Set([...Object.keys(areas), ...codes.map(areaOf)])].filter((area) => codes.some((code) => areaOf(code) === area));
  const files: GeneratedFile[] = areaNames.map((area) => {
    const { title, summary } = areas[area] ?? { title: area, summary: '' };
    const inArea = codes.filter((code) => areaOf(code) === area);
    const body = [
      frontmatter({ title: `${title} (${area}/)`, description: plainText(summary) || `Diagnostics of the ${area} area.` }),
      generatedNotice(GENERATOR, FROM),
      `${inArea.length} code${inArea.length === 1 ? '' : 's'}, each with what it means, how to fix it and a report of it from docsc's tests. The [overview](/diagnostics) says how to read a report.\n`,
      ...inArea.map((code) => codeSection(code, catalogue[code], examples.get(code))),
    ].join('\n');
    return { path: `docs/${areaPage(area)}.mdx`, contents: `${body.replace(/\n+$/, '')}\n` };
  });
  files.push({ path: 'docs/diagnostics/index.mdx', contents: overview(codes, areaNames) });
  files.push({
    path: 'docs/diagnostics/pages.json',
    contents: `${JSON.stringify(['diagnostics/index', ...areaNames.map((area) => areaPage(area))], null, 2)}\n`,
  });
  return files;
}

/** The page of an area's codes, site-relative: `nav` → `diagnostics/nav` (where docsPage sends each of its codes). */
function areaPage(area: string): string {
  return docsPage(`${area}/`);
}

/** Frontmatter is not Markdown: code spans lose their backticks. */
function plainText(markdown: string): string {
  return markdown.replace(/`([^`]*)`/g, '$1');
}

function areaOf(code: string): string {
  return code.split('/', 1)[0] ?? code;
}

function codeSection(code: string, entry: CatalogueEntry, example: Example | undefined): string {
  const lines = [
    `## ${codeSpan(code)} {#${docsAnchor(code)}}\n`,
    `<Badge color="${SEVERITY_COLOR[entry.severity]}">${entry.severity}</Badge> ${codeSpan(entry.message)}\n`,
    `${mdxText(entry.description)}\n`,
  ];
  if (example === undefined) {
    lines.push(`${NO_EXAMPLE[code] ?? 'No test baseline records this code yet, so there is no example.'}\n`);
    return lines.join('\n');
  }
  const where = relative('tests/fixtures', example.baseline).replace(/\.expected\.txt$/, '');
  lines.push(`**Example** (the test case \`${where}\`):\n`);
  if (example.input !== undefined) lines.push(`${codeBlock(example.input.join('\n'), 'text title="Input"')}\n`);
  if (example.source !== undefined) {
    const { display, firstLine, lines: text, line } = example.source;
    const meta = line === 0 ? `title="${display}"` : `title="${display}, line ${line}" {${line - firstLine + 1}}`;
    lines.push(`${codeBlock(text.join('\n'), `${languageOf(display)} ${meta}`)}\n`);
  }
  lines.push(`${codeBlock(example.report.join('\n'), 'text title="Reported"')}\n`);
  return lines.join('\n');
}

function overview(codes: (keyof typeof catalogue)[], areaNames: string[]): string {
  const rows = areaNames.map((area) => {
    const { title, summary } = areas[area] ?? { title: area, summary: '' };
    const inArea = codes.filter((code) => areaOf(code) === area);
    const count = (severity: string) => inArea.filter((code) => catalogue[code].severity === severity).length;
    return [
      `[${mdxText(title)}](/${areaPage(area)})`,
      codeSpan(`${area}/`),
      mdxText(summary),
      `${count('error')} / ${count('warning')} / ${count('info')}`,
    ];
  });
  const all = codes.map((code) => [`[${codeSpan(code)}](/${docsPage(code)}#${docsAnchor(code)})`, catalogue[code].severity]);
  return `${[
    frontmatter({
      title: 'Diagnostics',
      sidebarTitle: 'Overview',
      description: 'Every problem docsc reports: a stable code, a severity, a message and a place.',
    }),
    generatedNotice(GENERATOR, FROM),
    `Every problem \`docsc check\` and \`docsc build\` find is a diagnostic: a code, a severity, a message and the place it concerns (\`file:line:col\`), often with notes (other places involved) and a hint (how to fix it). Both commands report **every** problem of a run at once, sorted by file and position. This reference has ${codes.length} codes in ${areaNames.length} areas; each code's section says what it means, how to fix it, and shows a report of it from docsc's tests.\n`,
    '## Severities\n',
    '- `error`: the site cannot be built correctly as written. `docsc check` and `docsc build` exit with status 1.',
    '- `warning`: most likely a mistake, but the site builds as written. With `--strict`, warnings fail the command too.',
    '- `info`: something worth knowing that may well be intended. `--quiet` leaves infos out.\n',
    '## Stable codes\n',
    "Codes have the form `area/name`. Once published, a code keeps its meaning and is never reused for another problem, while messages may be reworded: match on codes, not messages, in scripts and CI filters. Every code has an anchor here, its name with `/` replaced by `-` (`#nav-mixed-children`), on its area's page (`/diagnostics/nav`).\n",
    '## The `docs:` link\n',
    "Each diagnostic in the pretty report ends with a `docs:` link to its section. It points to this site when docsc knows where it is published (the `homepage` of docsc's package.json), and otherwise to `spec/diagnostics.md` in the installed package, which holds the same codes and anchors without the examples. SARIF reports give the same address as each rule's `helpUri`.\n",
    '## Areas\n',
    markdownTable(['Area', 'Codes', 'What it covers', 'Errors / warnings / infos'], rows),
    '\n## Every code\n',
    markdownTable(['Code', 'Severity'], all),
  ].join('\n')}\n`;
}

/** The first baseline record of each code, by EXAMPLE_ORDER, then by path and line. */
function findExamples(root: string, codes: Set<string>): Map<string, Example> {
  const baselines = filesUnder(root, 'tests/fixtures')
    .filter((path) => path.endsWith('.expected.txt') && !SKIPPED.some((prefix) => path.startsWith(prefix)))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const examples = new Map<string, Example>();
  for (const baseline of baselines) {
    const lines = readFileSync(join(root, baseline), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      // A path holding spaces (`my spec.json`) is followed by its line and column; an indented line is a note or a hint.
      const match = /^(\S+?|\S.*?(?=:\d+:\d+ ))(?::(\d+):(\d+))? (error|warning|info) ([a-z]+\/[a-z0-9.-]+) /.exec(lines[i] ?? '');
      const code = match?.[5];
      if (match === null || code === undefined || !codes.has(code) || examples.has(code)) continue;
      const report = [lines[i] as string];
      for (let j = i + 1; j < lines.length && /^ {4}\S/.test(lines[j] ?? ''); j++) report.push(lines[j] as string);
      const example: Example = { baseline, report: report.map((line) => cut(line, 240)) };
      const input = inputOf(root, baseline);
      if (input !== undefined) example.input = input;
      const source = match[2] === undefined ? undefined : sourceOf(root, baseline, match[1] as string, Number(match[2]), input !== undefined);
      if (source !== undefined) example.source = source;
      examples.set(code, example);
    }
  }
  return examples;
}

/** The steps a case built at test time records beside its baseline (`<case>.input.txt`), if it has them. */
function inputOf(root: string, baseline: string): string[] | undefined {
  const path = join(root, baseline.replace(/\.expected\.txt$/, '.input.txt'));
  if (!existsSync(path)) return undefined;
  return readFileSync(path, 'utf8')
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => cut(line, 160));
}

function rank(path: string): number {
  const index = EXAMPLE_ORDER.findIndex((prefix) => path.startsWith(prefix));
  return index < 0 ? EXAMPLE_ORDER.length : index;
}

/** Files shown whole under a report of a whole file, up to this many lines. */
const WHOLE_FILE_LINES = 12;

/**
 * The lines around `line` of the file a baseline's path names: in the case's folder, else beside the baseline.
 * With `whole`, a report of a whole file (line 0) shows the file when it is short.
 */
function sourceOf(root: string, baseline: string, file: string, line: number, whole: boolean): Example['source'] {
  const dir = baseline.slice(0, baseline.lastIndexOf('/'));
  const caseName = baseline.slice(dir.length + 1).replace(/\.expected\.txt$/, '');
  const candidates = [join(dir, caseName, file), join(dir, file)];
  const path = candidates.find((candidate) => existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile());
  if (path === undefined) return undefined;
  const text = readFileSync(join(root, path), 'utf8').split('\n');
  if (line === 0 && whole) {
    while (text.length > 0 && text[text.length - 1] === '') text.pop();
    if (text.length === 0 || text.length > WHOLE_FILE_LINES) return undefined;
    return { path, display: file, firstLine: 1, lines: text.map((l) => cut(l.replace(/\t/g, '  ').replace(/\r$/, ''), 160)), line: 0 };
  }
  if (line < 1 || line > text.length) return undefined;
  const firstLine = Math.max(1, line - 1);
  const lastLine = Math.min(text.length, line + 1);
  const lines = text.slice(firstLine - 1, lastLine).map((l) => cut(l.replace(/\t/g, '  ').replace(/\r$/, ''), 160));
  while (lines.length > 1 && lines[lines.length - 1]?.trim() === '' && firstLine + lines.length - 1 > line) lines.pop();
  return { path, display: file, firstLine, lines, line };
}

/** A line cut at `max` characters (never inside a surrogate pair), with `…`; control characters as their pictures (␀). */
function cut(line: string, max: number): string {
  const clean = line.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max).join('')}…`;
}

function languageOf(path: string): string {
  const ext = extname(path).slice(1);
  return (
    ({ json: 'json', yaml: 'yaml', yml: 'yaml', mdx: 'mdx', md: 'markdown', jsx: 'jsx', tsx: 'tsx', js: 'js', ts: 'ts' } as Record<string, string>)[
      ext
    ] ?? 'text'
  );
}

function filesUnder(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(root, path) : [path];
  });
}

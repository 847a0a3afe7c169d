// Reporters over one fixed set of diagnostics: each output format is compared
// with its baseline under tests/fixtures/reporters/ (UPDATE_BASELINES=1
// rewrites them), plus the cases baselines do not make obvious: GitHub
// escaping, SARIF structure, tabs, end of file, long lines.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Diagnostic, sortDiagnostics } from '../compiler/diagnostics/diagnostic.js';
import { docsAnchor, docsLink } from '../compiler/report/docs-anchor.js';
import { renderGithub } from '../compiler/report/render-github.js';
import { renderJson } from '../compiler/report/render-json.js';
import { renderPretty } from '../compiler/report/render-pretty.js';
import { renderSarif } from '../compiler/report/render-sarif.js';
import { summaryLine } from '../compiler/report/summary-line.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { matchBaseline } from './support/baseline.js';

const fixtures = 'tests/fixtures/reporters';

const longLine = `  "description": "${'Acme helps teams ship documentation. '.repeat(2)}See javascript:alert(1) for the ${'details of the rollout plan, '.repeat(3)}",`;

const docsJson = new SourceFile(
  'docs.json',
  [
    '{',
    '  "name": "Acme",',
    '\t"thme": "mint",',
    '  "navigation": {',
    '    "tabs": [',
    '      { "tab": "API", "groups": [], "anchors": [] }',
    '    ]',
    '  },',
    longLine,
    '  "colors": { "primary": "#0a0" },',
    '}',
    '',
  ].join('\n'),
);
const navJson = new SourceFile('nav/en.json', '{"pages": ["intro"');
const sources = new Map([docsJson, navJson].map((file) => [file.path, file]));
const lookup = (path: string) => sources.get(path);

function diagnostic(fields: Pick<Diagnostic, 'code' | 'severity' | 'message' | 'file'> & Partial<Diagnostic>): Diagnostic {
  return { line: 0, column: 0, length: 0, notes: [], ...fields };
}

const diagnostics = sortDiagnostics([
  diagnostic({ code: 'config/not-found', severity: 'error', message: 'No docs.json found in `site`', file: '' }),
  diagnostic({
    code: 'config/legacy-mint-json',
    severity: 'error',
    message: 'Found mint.json but no docs.json; mint.json is the legacy format',
    file: 'mint.json',
    hint: 'run `mint upgrade` to convert it',
  }),
  diagnostic({
    code: 'config/unknown-key',
    severity: 'warning',
    message: 'Unknown key `thme` in the root object; did you mean `theme`?',
    file: 'docs.json',
    line: 3,
    column: 2,
    length: 6,
  }),
  diagnostic({
    code: 'nav/empty',
    severity: 'warning',
    message: '`navigation` has no pages, no children, no `openapi` and no `href`',
    file: 'docs.json',
    line: 4,
    column: 17,
    length: docsJson.text.indexOf('},') + 1 - docsJson.text.indexOf('{\n    "tabs"'),
  }),
  diagnostic({
    code: 'nav/mixed-children',
    severity: 'error',
    message: 'tab `API` holds both `groups` and `anchors`; an element holds one type of child per level',
    file: 'docs.json',
    line: 6,
    column: 23,
    length: 8,
    notes: [{ message: '`anchors` is here', file: 'docs.json', line: 6, column: 37 }, { message: 'Mintlify would silently drop one of them' }],
    hint: 'keep either `groups` or `anchors`',
  }),
  diagnostic({
    code: 'config/unsafe-url',
    severity: 'error',
    message: 'URL `javascript:alert(1)` is not allowed: only http(s), mailto and relative links are',
    file: 'docs.json',
    line: 9,
    column: longLine.indexOf('javascript:') + 1,
    length: 'javascript:alert(1)'.length,
  }),
  diagnostic({
    code: 'json/trailing-comma',
    severity: 'error',
    message: 'Trailing comma before `}`',
    file: 'docs.json',
    line: 10,
    column: 34,
    length: 1,
  }),
  diagnostic({
    code: 'nav/unreachable-page',
    severity: 'info',
    message: 'Page `guides/old` is not in the navigation',
    file: 'guides/old.mdx',
  }),
  diagnostic({
    code: 'json/syntax',
    severity: 'error',
    message: 'End of file, expected `]`',
    file: 'nav/en.json',
    line: 1,
    column: 19,
    notes: [{ message: 'the array opened here', line: 1, column: 11 }],
  }),
  diagnostic({
    code: 'json/duplicate-key',
    severity: 'error',
    message: 'Duplicate key `title`; the earlier value is ignored',
    file: 'snippets/card.json',
    line: 2,
    column: 3,
    length: 7,
    notes: [{ message: 'first defined here', file: 'snippets/card.json', line: 1 }],
  }),
]);

const sarifOptions = { version: '0.1.0', informationUri: 'https://example.com/docsc/', sources: lookup };

test('pretty report matches its baseline', () => {
  matchBaseline(`${fixtures}/pretty.txt`, renderPretty(diagnostics, { sources: lookup, color: false }));
});

test('colored pretty report matches its baseline', () => {
  matchBaseline(`${fixtures}/pretty-color.txt`, renderPretty(diagnostics, { sources: lookup, color: true }));
});

test('JSON report matches its baseline and parses', () => {
  const text = renderJson(diagnostics);
  matchBaseline(`${fixtures}/report.json`, text);
  assert.equal(JSON.parse(text).summary, { errors: 7, warnings: 2, infos: 1 });
});

test('GitHub annotations match their baseline', () => {
  matchBaseline(`${fixtures}/github.txt`, renderGithub(diagnostics, { sources: lookup }));
});

test('SARIF log matches its baseline', () => {
  matchBaseline(`${fixtures}/report.sarif.json`, renderSarif(diagnostics, sarifOptions));
});

test('GitHub escapes properties and message', () => {
  const tricky = diagnostic({
    code: 'file/unreadable',
    severity: 'info',
    message: 'Cannot read: 100% broken,\r\nreally',
    file: 'a,b:c%.json',
    line: 1,
    column: 1,
    length: 2,
  });
  assert.is(
    renderGithub([tricky]),
    '::notice file=a%2Cb%3Ac%25.json,line=1,col=1,endColumn=3,title=file/unreadable::Cannot read: 100%25 broken,%0D%0Areally\n',
  );
});

test('GitHub gives no columns to a span over several lines, and only a title without a file', () => {
  const lines = renderGithub(diagnostics, { sources: lookup }).split('\n');
  assert.ok(lines.includes('::error title=config/not-found::No docs.json found in `site`'));
  assert.ok(lines.some((line) => line.startsWith('::warning file=docs.json,line=4,col=17,title=nav/empty::')));
});

test('SARIF is structurally valid', () => {
  const log = JSON.parse(renderSarif(diagnostics, sarifOptions));
  assert.is(log.version, '2.1.0');
  assert.type(log.$schema, 'string');
  assert.is(log.runs.length, 1);
  const [run] = log.runs;
  assert.is(run.tool.driver.name, 'docsc');
  assert.is(run.tool.driver.version, '0.1.0');
  const ruleIds: string[] = run.tool.driver.rules.map((rule: { id: string }) => rule.id);
  assert.equal(ruleIds, [...new Set(diagnostics.map((d) => d.code))].sort());
  for (const rule of run.tool.driver.rules) {
    assert.type(rule.shortDescription.text, 'string');
    assert.ok(rule.helpUri.startsWith('https://example.com/docsc/diagnostics/'), rule.helpUri);
  }
  assert.is(run.results.length, diagnostics.length);
  for (const result of run.results) {
    assert.is(ruleIds[result.ruleIndex], result.ruleId);
    assert.ok(['error', 'warning', 'note'].includes(result.level));
    assert.type(result.message.text, 'string');
    assert.ok(result.locations.length >= 1, 'GitHub code scanning needs a location on every result');
    for (const location of [...result.locations, ...result.relatedLocations]) {
      assert.type(location.physicalLocation.artifactLocation.uri, 'string');
      const region = location.physicalLocation.region;
      if (region) assert.ok(region.startLine >= 1 && region.startColumn >= 1);
    }
  }
});

test('SARIF without an information URI links rules to the project path', () => {
  const driver = JSON.parse(renderSarif(diagnostics, { version: '0.1.0' })).runs[0].tool.driver;
  assert.is(driver.informationUri, undefined);
  assert.is(driver.rules[0].helpUri, 'spec/diagnostics.md#config-legacy-mint-json');
});

test('SARIF regions end exactly when the source is known', () => {
  const run = JSON.parse(renderSarif(diagnostics, sarifOptions)).runs[0];
  const empty = run.results.find((result: { ruleId: string }) => result.ruleId === 'nav/empty');
  assert.equal(empty.locations[0].physicalLocation.region, { startLine: 4, startColumn: 17, endLine: 8, endColumn: 4 });
});

test('a tab before the span keeps the caret aligned', () => {
  const file = new SourceFile('tab.json', '{\n\t"thme": 1,\n\t\t"x": 2\n}');
  const report = renderPretty(
    [
      diagnostic({ code: 'config/unknown-key', severity: 'warning', message: 'm', file: 'tab.json', line: 2, column: 2, length: 6 }),
      diagnostic({ code: 'config/unknown-key', severity: 'warning', message: 'm', file: 'tab.json', line: 3, column: 3, length: 3 }),
    ],
    { sources: () => file, color: false },
  );
  const lines = report.split('\n');
  for (const [text, carets] of [
    [' 2 |     "thme": 1,', ' ^^^^^^'],
    [' 3 |         "x": 2', ' ^^^'],
  ] as const) {
    const row = lines.indexOf(text);
    assert.ok(row >= 0, `frame line ${text} is shown`);
    const caretLine = lines[row + 1] ?? '';
    assert.is(caretLine.indexOf('^'), text.indexOf('"'));
    assert.ok(caretLine.endsWith(carets));
  }
});

test('a diagnostic past the last character of the file still renders', () => {
  const noNewline = new SourceFile('a.json', '{"a": 1');
  const withNewline = new SourceFile('b.json', '{"a": 1\n');
  const at = (file: string, line: number, column: number) =>
    diagnostic({ code: 'json/syntax', severity: 'error', message: 'End of file, expected `}`', file, line, column });
  const report = renderPretty([at('a.json', 1, 8), at('b.json', 2, 1)], {
    sources: (path) => (path === 'a.json' ? noNewline : withNewline),
    color: false,
  });
  assert.ok(report.includes('a.json:1:8 error[json/syntax]: End of file, expected `}`\n 1 | {"a": 1\n   |        ^\n'));
  assert.ok(report.includes('b.json:2:1 error[json/syntax]: End of file, expected `}`\n 1 | {"a": 1\n 2 |\n   | ^\n'));
});

test('a long line is cut around the column', () => {
  const report = renderPretty(diagnostics, { sources: lookup, color: false });
  const row = report.split('\n').find((line) => line.startsWith(' 9 |')) ?? '';
  assert.ok(row.startsWith(' 9 | …'), 'cut at the start');
  assert.ok(row.endsWith('…'), 'cut at the end');
  assert.ok(row.includes('javascript:alert(1)'));
});

test('a one-line document of megabytes: the frame shows the caret’s surroundings, cut on both sides', () => {
  const before = `{"a": "${'x'.repeat(3_000_000)}", `;
  const text = `${before}"bad": javascript:alert(1), "b": "${'y'.repeat(3_000_000)}"}`;
  const file = new SourceFile('big.json', text);
  const d = diagnostic({ code: 'json/syntax', severity: 'error', message: 'm', file: 'big.json', line: 1, column: before.length + 8, length: 10 });
  const report = renderPretty([d], { sources: () => file, color: false });
  const row = report.split('\n').find((line) => line.startsWith(' 1 |')) ?? '';
  assert.ok(row.startsWith(' 1 | …'), 'cut at the start');
  assert.ok(row.endsWith('…'), 'cut at the end');
  assert.ok(row.includes('javascript:alert(1)'), row);
  const caret = report.split('\n').find((line) => line.includes('^')) ?? '';
  assert.is(caret.indexOf('^'), row.indexOf('javascript'), 'the caret is under the span');
});

test('a line that does not exist, or a file without source, gets no frame', () => {
  const gone = diagnostic({ code: 'json/syntax', severity: 'error', message: 'm', file: 'a.json', line: 5, column: 1 });
  const report = renderPretty([gone], { sources: () => new SourceFile('a.json', '{}'), color: false });
  assert.is(report, 'a.json:5:1 error[json/syntax]: m\n  = docs: spec/diagnostics.md#json-syntax\n');
});

test('paths get the cwd prefix, URLs do not', () => {
  const local = diagnostic({ code: 'json/syntax', severity: 'error', message: 'm', file: 'docs.json', line: 1, column: 1 });
  const remote = { ...local, file: 'https://api.example.com/openapi.json' };
  const report = renderPretty([local, remote], { sources: () => undefined, color: false, cwdPrefix: 'site' });
  assert.ok(report.includes('site/docs.json:1:1 error'));
  assert.ok(report.includes('\nhttps://api.example.com/openapi.json:1:1 error'));
});

test('control characters in messages and sources are shown, not sent to the terminal', () => {
  const file = new SourceFile('c.json', '{"a\u001b[31m": 1}');
  const d = diagnostic({ code: 'json/syntax', severity: 'error', message: 'bad \u001b[2J key', file: 'c.json', line: 1, column: 2, length: 9 });
  const report = renderPretty([d], { sources: () => file, color: false });
  assert.not.ok(report.includes('\u001b'));
  assert.ok(report.includes('bad \u241b[2J key'));
});

test('summary line', () => {
  const stats = { pages: 120, ms: 420 };
  assert.is(summaryLine(diagnostics, stats), '✖ 7 errors, 2 warnings, 1 info in 120 pages (0.42 s)');
  assert.is(summaryLine([], stats), '✔ No problems in 120 pages (0.42 s)');
  assert.is(summaryLine(diagnostics, { ...stats, files: 134 }), '✖ 7 errors, 2 warnings, 1 info in 120 pages, 134 files (0.42 s)');
  assert.is(summaryLine([], { files: 1, pages: 1, ms: 5 }, { ascii: true }), 'ok No problems in 1 page, 1 file (0.01 s)');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  assert.is(summaryLine(warnings, stats, { ascii: true }), 'ok 2 warnings in 120 pages (0.42 s)');
  assert.is(summaryLine(diagnostics, stats, { ascii: true }), 'x 7 errors, 2 warnings, 1 info in 120 pages (0.42 s)');
});

test('docs anchors', () => {
  assert.is(docsAnchor('nav/mixed-children'), 'nav-mixed-children');
  assert.is(docsLink('json/ref-cycle'), 'spec/diagnostics.md#json-ref-cycle');
  // An http(s) base is the docs site: the code's page there; a file: base is the installed reference.
  assert.is(docsLink('json/ref-cycle', 'https://example.com/docsc'), 'https://example.com/docsc/diagnostics/json#json-ref-cycle');
  assert.is(docsLink('nav/mixed-children', 'https://docs.example.com/'), 'https://docs.example.com/diagnostics/nav#nav-mixed-children');
  assert.is(docsLink('json/ref-cycle', 'file:///opt/docsc'), 'file:///opt/docsc/spec/diagnostics.md#json-ref-cycle');
});

test.run();

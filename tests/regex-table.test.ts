// The table of shiki's patterns converted ahead of time
// (compiler/render/regex-table.ts, written by cli/build-regex-table.ts as
// `npm run build:ts` ends): the patterns the engine is given while real
// code is coloured are in it, its regexes are those shiki's own
// constructor makes, and a table stamped for another engine (what the converter
// detects of it, not V8's version) is not used.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageRegistration, RegexEngine } from 'shiki/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { grammarPatterns } from '../compiler/render/grammar-patterns.js';
import {
  type Converter,
  engineFeatures,
  openRegexTable,
  type RegexTable,
  STAMP_FILE,
  scopeFile,
  shikiConverter,
  tableFolder,
} from '../compiler/render/regex-table.js';

const require = createRequire(import.meta.url);
const requireFromShiki = createRequire(require.resolve('shiki'));
const { createHighlighterCoreSync } = requireFromShiki('shiki/core') as typeof import('shiki/core');
const { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } = requireFromShiki(
  'shiki/engine/javascript',
) as typeof import('shiki/engine/javascript');

/** Code as docs show it, in the languages they use most (and some whose grammars embed others or use `\G`). */
const SAMPLES: [string, string][] = [
  ['typescript', "import { Client } from '@acme/sdk';\nconst client = new Client<{ id: string }>({ apiKey: process.env.KEY! });\n"],
  ['tsx', 'export function Card({ title }: { title: string }) {\n  return <div className="card">{title}</div>;\n}\n'],
  ['javascript', `const res = await fetch(\`https://api.example.com/v1/\${id}\`, { method: "POST" });\n// done\n`],
  ['python', 'import requests\n\ndef main(token: str) -> None:\n    """Doc."""\n    print(f"{token!r}")\n'],
  ['bash', 'curl -X POST https://api.example.com \\\n  -H "Authorization: Bearer $TOKEN" <<EOF\n{"a": 1}\nEOF\n'],
  ['json', '{ "name": "docs", "navigation": [{ "group": "A", "pages": ["index"] }], "n": 1.5e3 }'],
  ['yaml', 'openapi: 3.1.0\ninfo:\n  title: API\n  description: |\n    Multi-line\npaths: {}\n'],
  ['mdx', '---\ntitle: Hi\n---\n\nimport { Card } from "/snippets/card.mdx";\n\n<Card title="a">{1 + 2}</Card>\n\n```bash\nnpm i\n```\n'],
  ['markdown', '# Title\n\n- **bold** and `code`\n\n```python\nx = 1\n```\n\n> quote\n'],
  ['html', '<!doctype html>\n<script>const a = 1;</script>\n<style>.a { color: red }</style>\n<p class="x">Hi</p>\n'],
  ['css', '@media (min-width: 640px) {\n  .btn:hover { color: rgb(0 0 0 / 50%); }\n}\n'],
  ['go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println(`raw`)\n}\n'],
  ['rust', 'fn main() {\n    let s = r#"raw"#;\n    println!("{s}");\n}\n'],
  ['java', 'public class A {\n  @Override\n  public String toString() { return "a"; }\n}\n'],
  ['ruby', 'x = <<~SQL\n  SELECT 1\nSQL\nputs "#{x}"\n'],
  ['csharp', 'var client = new HttpClient();\nvar s = $"""\n  raw {x}\n  """;\n'],
  ['php', '<?php\n$a = ["k" => 1];\necho "{$a[\'k\']}";\n'],
  ['sql', "SELECT id, name FROM users WHERE created_at > NOW() - INTERVAL '1 day';\n"],
];

function grammarsOf(language: string): LanguageRegistration[] {
  return (requireFromShiki(`@shikijs/langs/${language}`) as { default: LanguageRegistration[] }).default;
}

function converter(): Converter {
  const found = shikiConverter(requireFromShiki);
  if (found === undefined) throw new Error('oniguruma-to-es not found beside shiki');
  return found;
}

/** The table `npm run build:ts` wrote; the test command builds it first. */
function builtTable(): RegexTable {
  const table = openRegexTable(converter());
  if (table === undefined) throw new Error(`no usable table in ${tableFolder()}: run \`npm run build:ts\``);
  return table;
}

/** Every pattern a highlighter's engine is given while it colours the samples, by language. */
function patternsGiven(): Map<string, Set<string>> {
  const inner = createJavaScriptRegexEngine({ forgiving: true });
  const given = new Map<string, Set<string>>();
  let current = new Set<string>();
  const engine: RegexEngine = {
    createString: (text) => inner.createString(text),
    createScanner(patterns) {
      for (const pattern of patterns) if (typeof pattern === 'string') current.add(pattern);
      return inner.createScanner(patterns);
    },
  };
  const theme = { name: 'plain', type: 'light' as const, settings: [], fg: '#000000', bg: '#ffffff' };
  for (const [language, code] of SAMPLES) {
    current = new Set();
    const highlighter = createHighlighterCoreSync({ themes: [theme], langs: grammarsOf(language), engine, warnings: false });
    highlighter.codeToTokensBase(code, { lang: language, theme: 'plain' });
    highlighter.dispose();
    given.set(language, current);
  }
  return given;
}

test('the patterns the engine is given are in the table, but end patterns a match filled in', () => {
  const table = builtTable();
  let total = 0;
  let missing = 0;
  for (const [language, patterns] of patternsGiven()) {
    const grammars = grammarsOf(language);
    table.load(grammars.map((grammar) => grammar.scopeName));
    const written = new Set(grammars.flatMap((grammar) => [...grammarPatterns(grammar)]));
    for (const pattern of patterns) {
      total++;
      let inTable = true;
      try {
        inTable = table.regex(pattern) !== undefined;
      } catch {
        // a pattern the conversion refuses: in the table, as null
      }
      if (inTable) continue;
      missing++;
      // Not a pattern as a grammar writes it (a back-reference filled in by a match, as `<<SQL … SQL`).
      assert.not.ok(written.has(pattern), `${language}: ${JSON.stringify(pattern)} is a grammar's pattern, yet not in the table`);
    }
  }
  assert.ok(total > 2000, `only ${total} patterns given`);
  assert.ok(missing <= total / 100, `${missing} of ${total} patterns missing`);
});

test("the table's regexes are those shiki's constructor makes", () => {
  const table = builtTable();
  const folder = tableFolder() as string;
  for (const scope of ['source.ts', 'source.python', 'text.html.markdown', 'source.shell', 'source.ruby']) {
    table.load([scope]);
    const entries = JSON.parse(readFileSync(join(folder, scopeFile(scope)), 'utf8')) as Record<string, unknown>;
    assert.ok(Object.keys(entries).length > 50, scope);
    for (const pattern of Object.keys(entries)) {
      let expected: RegExp | Error;
      let made: RegExp | Error;
      try {
        expected = defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
      } catch (error) {
        expected = error as Error;
      }
      try {
        made = table.regex(pattern) as RegExp;
      } catch (error) {
        made = error as Error;
      }
      if (expected instanceof Error || made instanceof Error) {
        assert.ok(expected instanceof Error && made instanceof Error, `${scope}: ${JSON.stringify(pattern)}: one refused, one not`);
        continue;
      }
      assert.is(made.constructor.name, expected.constructor.name, pattern);
      assert.is(made.flags, expected.flags, pattern);
      assert.equal((made as { rawOptions?: unknown }).rawOptions, (expected as { rawOptions?: unknown }).rawOptions, pattern);
      const sample = `const a = \`x\${1}\` // done\n`;
      made.lastIndex = 0;
      expected.lastIndex = 0;
      assert.equal(made.exec(sample)?.indices, expected.exec(sample)?.indices, pattern);
      assert.is(made.source, expected.source, pattern);
    }
  }
});

test('a table stamped for another converter or another engine is not used; a missing scope file is skipped', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docsc-regex-table-'));
  try {
    const found = converter();
    const stamp = (engine: string, version = found.version) =>
      writeFileSync(join(folder, STAMP_FILE), JSON.stringify({ converter: version, engine, grammars: 'x', format: 2 }));
    assert.is(openRegexTable(found, folder), undefined, 'no stamp');
    stamp(engineFeatures().replace('flagGroups=0', 'flagGroups=1').replace('unicodeSets=1', 'unicodeSets=0'));
    assert.is(openRegexTable(found, folder), undefined, 'another engine');
    stamp(engineFeatures(), '0.0.1');
    assert.is(openRegexTable(found, folder), undefined, 'another converter');
    // What the stamp holds of the engine is what the converter detects, not V8's version: another Node.js release
    // with the same regex features uses the table.
    stamp(engineFeatures());
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, scopeFile('source.x')), JSON.stringify({ 'a+': ['a+', 'dgv'], '(?<': null }));
    const table = openRegexTable(found, folder);
    assert.ok(table);
    table.load(['source.x', 'source.absent']);
    assert.is(String(table.regex('a+')), '/a+/dgv');
    assert.throws(() => table.regex('(?<'), /cannot convert/);
    assert.is(table.regex('b'), undefined);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the engine features are those the converter finds: its target `auto` is the one they make', () => {
  const found = converter();
  const features = Object.fromEntries(
    engineFeatures()
      .split(',')
      .map((pair) => pair.split('=') as [string, string]),
  );
  const target = features.flagGroups === '1' ? 'ES2025' : features.unicodeSets === '1' ? 'ES2024' : 'ES2018';
  // A pattern whose conversion differs by target: case-insensitive in part (a flag group, or emulated), a class.
  for (const pattern of ['(?i:a)[b-d]', '[[:alpha:]&&[^x]]', String.raw`\p{L}+`]) {
    assert.equal(found.toRegExpDetails(pattern, { target: 'auto' }), found.toRegExpDetails(pattern, { target }), pattern);
  }
});

test.run();

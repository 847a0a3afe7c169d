// Code highlighting's determinism with lazily embedded grammars
// (compiler/render/highlight-code.ts): a highlighter that loads them as blocks
// need them colours every block as a highlighter with every grammar its
// language reaches does, in any order of blocks; and what it reads of shiki's
// language modules without loading them is what they hold.

import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

type Highlighting = typeof import('../compiler/render/highlight-code.js');

/** A module instance of its own (its highlighters and remembered lines), by the URL's query. */
async function instance(name: string): Promise<Highlighting> {
  return (await import(`../compiler/render/highlight-code.ts?${name}`)) as Highlighting;
}

const FENCE = '```';

/** Blocks in languages that embed others lazily (Markdown's and MDX's fences, HTML, JSX; LaTeX, Vue, Ruby heredocs…). */
const BLOCKS: [string, string][] = [
  ['mdx', `import { Card } from '/snippets/card.mdx';\n\n<Card title="a">{1 + 2}</Card>\n\n${FENCE}bash\nnpm i docsc\n${FENCE}\n`],
  ['mdx', `# Title\n\nText with **bold** and \`code\`.\n`],
  ['mdx', `\`\`\`\`mdx\n${FENCE}js title="x.js"\nconst a = 1;\n${FENCE}\n\`\`\`\`\n\n${FENCE}python\nprint("x")\n${FENCE}\n`],
  ['mdx', `${FENCE}json\n{ "a": [1, 2] }\n${FENCE}\n\n${FENCE}yaml\na: 1\n${FENCE}\n\n${FENCE}svg\n<svg/>\n${FENCE}\n`],
  ['md', `# T\n\n${FENCE}python\nx = 1\n${FENCE}\n\n${FENCE}latex\n\\frac{a}{b}\n${FENCE}\n\n<div>\n<b>x</b>\n</div>\n`],
  ['markdown', `${FENCE}\nplain\n${FENCE}\n\n${FENCE}ts\nconst a: number = 1;\n${FENCE}\n\n${FENCE}rust\nfn main() {}\n${FENCE}\n`],
  ['markdown', `Empty fences:\n\n${FENCE}python\n${FENCE}\n\n${FENCE}go\n\n${FENCE}\n`],
  ['latex', '\\documentclass{article}\n\\begin{document}\n\\begin{lstlisting}[language=Python]\nx = 1\n\\end{lstlisting}\n$x^2$\n\\end{document}'],
  [
    'vue',
    '<template>\n  <div v-if="ok">{{ msg }}</div>\n</template>\n<script setup lang="ts">\nconst msg: string = "hi"\n</script>\n<style lang="scss">\n.a { b: c }\n</style>',
  ],
  ['svelte', '<script lang="ts">\nlet x: number = 1;\n</script>\n<p>{x}</p>\n<style>p { color: red }</style>'],
  ['ruby', 'x = <<~SQL\n  SELECT 1\nSQL\ny = <<~HTML\n  <b>a</b>\nHTML\n'],
  ['rst', 'Title\n=====\n\n.. code-block:: python\n\n   x = 1\n'],
  ['asciidoc', '= Title\n\n[source,python]\n----\nx = 1\n----\n'],
  ['fsharp', '/// <summary>Doc</summary>\n/// ```fsharp\n/// let x = 1\n/// ```\nlet f x = x + 1'],
  ['mdx', `<Tabs>\n  <Tab title="npm">\n    ${FENCE}bash\n    npm i\n    ${FENCE}\n  </Tab>\n</Tabs>\n\nexport const meta = { a: 1 };\n`],
];

test('lazily embedded grammars loaded as blocks need them: the colours of every grammar, in any order', async () => {
  const every = await instance('every');
  every.useEveryGrammar(true);
  const expected = BLOCKS.map(([language, code]) => JSON.stringify(every.highlightLines(code, language) ?? null));
  assert.ok(
    expected.every((lines) => lines !== 'null'),
    'every block is highlighted',
  );
  const forward = await instance('forward');
  const backward = await instance('backward');
  const inOrder = BLOCKS.map(([language, code]) => JSON.stringify(forward.highlightLines(code, language) ?? null));
  const reversed = [...BLOCKS]
    .reverse()
    .map(([language, code]) => JSON.stringify(backward.highlightLines(code, language) ?? null))
    .reverse();
  for (const [i, [language]] of BLOCKS.entries()) {
    assert.is(inOrder[i], expected[i], `block ${i} (${language}), in order`);
    assert.is(reversed[i], expected[i], `block ${i} (${language}), in reverse order`);
  }
});

test("shiki's language modules read as text: what loading them gives; no grammar reached lazily injects into others", async () => {
  const highlighting = await instance('facts');
  const requireFromShiki = createRequire(createRequire(import.meta.url).resolve('shiki'));
  const { bundledLanguagesInfo } = requireFromShiki('shiki/langs') as typeof import('shiki/langs');
  type Grammar = { name: string; scopeName: string; embeddedLangs?: string[]; embeddedLangsLazy?: string[]; injectTo?: string[] };
  const load = (name: string) => (requireFromShiki(`@shikijs/langs/${name}`) as { default: Grammar[] }).default;
  for (const { id } of bundledLanguagesInfo) {
    const facts = highlighting.languageModuleFacts(id);
    const grammars = load(id);
    const own = grammars[grammars.length - 1] as Grammar;
    assert.ok(facts, id);
    assert.equal({ scope: facts?.scope, lazy: facts?.lazy }, { scope: own.scopeName, lazy: own.embeddedLangsLazy ?? [] }, id);
    // The modules it imports are those of the languages it embeds, whose grammars come before its own.
    const imported = new Set((facts?.imports ?? []).flatMap((name) => load(name).map((grammar) => grammar.name)));
    assert.equal([...imported].sort(), [...new Set(grammars.slice(0, -1).map((grammar) => grammar.name))].sort(), id);
    // A grammar reached only lazily must not inject into another: loaded late, it would change colours outside its own
    // blocks. And a scope is one grammar's: the one loaded for it is the one a highlighter with every grammar has.
    const eager = new Set(grammars.map((grammar) => grammar.name));
    const scopes = new Map(grammars.map((grammar) => [grammar.scopeName, grammar.name]));
    const seen = new Set<string>();
    const lazily = grammars.flatMap((grammar) => grammar.embeddedLangsLazy ?? []);
    for (let name = lazily.shift(); name !== undefined; name = lazily.shift()) {
      if (seen.has(name)) continue;
      seen.add(name);
      let module: Grammar[];
      try {
        module = load(name);
      } catch {
        continue;
      }
      for (const grammar of module) {
        if (!eager.has(grammar.name)) assert.not.ok(grammar.injectTo?.length, `${grammar.name}, reached lazily from ${id}, injects`);
        assert.is(scopes.get(grammar.scopeName) ?? grammar.name, grammar.name, `${grammar.scopeName} in ${id}'s grammars`);
        scopes.set(grammar.scopeName, grammar.name);
        lazily.push(...(grammar.embeddedLangsLazy ?? []));
      }
    }
  }
});

test.run();

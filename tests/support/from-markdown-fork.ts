// Makes compiler/pages/vendor/from-markdown.ts from the installed
// mdast-util-from-markdown: its lib/index.js with three edits (the handler's
// context; the parser and compiler reused; micromark's postprocess taken from
// vendor/postprocess.ts, see the header below), under a
// header naming the version and the license. The fork is this
// function's output, never edited by hand: `from-markdown-fork.test.ts` fails
// when the file and the output differ (after an upgrade of the package, say),
// and `node --import tsx tests/support/from-markdown-fork.ts --write` writes
// it again.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FORK_PATH = 'compiler/pages/vendor/from-markdown.ts';

/** Upstream's handler call, which spreads the context into a new object for every event of the page. */
const UPSTREAM_CALL = `      if (own.call(handler, events[index][1].type)) {
        // Note: spread first, V8 has optimizations for object shape cloning.
        handler[events[index][1].type].call({
          ...context,
          sliceSerialize: events[index][2].sliceSerialize
        }, events[index][1]);
      }`;
/** The fork's: one context for the whole page, its \`sliceSerialize\` set to the event's tokenizer before each call. */
const FORK_CALL = `      if (own.call(handler, events[index][1].type)) {
        context.sliceSerialize = events[index][2].sliceSerialize;
        handler[events[index][1].type].call(context, events[index][1]);
      }`;
const UPSTREAM_CONTEXT_END = `      resume,
      data
    };`;
const FORK_CONTEXT_END = `      resume,
      data,
      sliceSerialize: undefined
    };`;
/** Upstream's entry: a new micromark parser (its extensions combined again) and a new compiler (configured again) per document. */
const UPSTREAM_ENTRY = `  return compiler(options)(postprocess(parse(options).document().write(preprocess()(value, encoding, true))));
}`;
/** The fork's: one parser and one compiler per set of extensions, reused (the parser's state reset, the compiler's data made per document). */
const FORK_ENTRY = `  return compilerFor(options)(postprocess(parserFor(options).document().write(preprocess()(value, encoding, true))));
}

/** Parsers by their extensions (an array a processor keeps), with the keys a new one has. */
const parsers = new WeakMap();

/**
 * A micromark parser for these options: made once per extensions array, its
 * state (\`defined\`, \`lazy\`, and what extensions add: \`gfmFootnotes\`,
 * \`definedModuleSpecifiers\`) reset before each document, as a new one has it.
 *
 * @param {Options | null | undefined} [options]
 */
function parserFor(options) {
  const extensions = options && options.extensions;
  if (!extensions) return parse(options);
  let known = parsers.get(extensions);
  if (known === undefined) {
    const parser = parse(options);
    known = { parser, keys: new Set(Object.keys(parser)) };
    parsers.set(extensions, known);
    return parser;
  }
  const parser = known.parser;
  for (const key of Object.keys(parser)) if (!known.keys.has(key)) delete parser[key];
  parser.defined = [];
  parser.lazy = {};
  return parser;
}

/** Compilers by their mdast extensions (an array a processor keeps). */
const compilers = new WeakMap();

/**
 * A compiler for these options: configured once per extensions array (its
 * data is made per document).
 *
 * @param {Options | null | undefined} [options]
 */
function compilerFor(options) {
  const extensions = options && options.mdastExtensions;
  if (!extensions) return compiler(options);
  let compile = compilers.get(extensions);
  if (compile === undefined) {
    compile = compiler(options);
    compilers.set(extensions, compile);
  }
  return compile;
}`;
/** Upstream's import of micromark's postprocess, which vendor/postprocess.ts rewrites. */
const UPSTREAM_IMPORT = `import { parse, postprocess, preprocess } from 'micromark';`;
const FORK_IMPORT = `import { parse, preprocess } from 'micromark';
import { postprocess } from './postprocess.js';`;
/** Upstream's compile data, made once per compiler. */
const UPSTREAM_DATA = `  /** @type {CompileData} */
  const data = {};
  return compile;`;
const FORK_DATA = `  return compile;`;
/** Upstream's compile, which the fork gives its own data. */
const UPSTREAM_COMPILE_START = `  function compile(events) {
    /** @type {Root} */
    let tree = {`;
const FORK_COMPILE_START = `  function compile(events) {
    /** @type {CompileData} */
    const data = {};
    /** @type {Root} */
    let tree = {`;

export interface Upstream {
  version: string;
  source: string;
  license: string;
}

export function installedUpstream(): Upstream {
  // The package exports its entry only (index.js, at its root); the code is in lib/index.js beside it.
  const root = dirname(fileURLToPath(import.meta.resolve('mdast-util-from-markdown')));
  return {
    version: (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version,
    source: readFileSync(join(root, 'lib/index.js'), 'utf8'),
    license: readFileSync(join(root, 'license'), 'utf8'),
  };
}

/** The fork's text; throws when upstream's code no longer has what the edit replaces (a new version: look again). */
export function forkOf({ version, source, license }: Upstream): string {
  for (const [what, text] of [
    ['handler call', UPSTREAM_CALL],
    ['context literal', UPSTREAM_CONTEXT_END],
    ['entry', UPSTREAM_ENTRY],
    ['compile data', UPSTREAM_DATA],
    ['compile function', UPSTREAM_COMPILE_START],
    ['postprocess import', UPSTREAM_IMPORT],
  ] as const)
    if (source.split(text).length !== 2) throw new Error(`mdast-util-from-markdown ${version}: its ${what} is not the one the fork edits`);
  const header = [
    `// mdast-util-from-markdown ${version} (lib/index.js), with three edits. Its`,
    "// compile loop called each event's handler on a new object, the context",
    "// spread with that event's `sliceSerialize` — an allocation per event, 7-10%",
    "// of a page's compile in a worker (1,500 bench pages in one thread, by",
    '// hand). Here one context serves the page, its `sliceSerialize` set before',
    '// each call: handlers use `this` during their call only. And each document',
    '// made a new micromark parser (combining every syntax extension again) and',
    '// a new compiler (configuring every mdast extension again): PARSE_OVERHEAD of',
    "// a document's parse, whatever its length, which a page parsed block by",
    '// block (parse-blocks.ts) pays per block. Here both are made once per',
    "// extensions array (a processor's): the parser's state is reset before each",
    "// document, and the compiler's data is made per document. And micromark's",
    '// postprocess is the rewrite in postprocess.ts (less copying). Generated by',
    '// tests/support/from-markdown-fork.ts — do not edit by hand; the package',
    '// stays a dependency (the bench floors and other parsers use it as published).',
    '//',
    ...license
      .trim()
      .split('\n')
      .map((line) => `// ${line}`.trimEnd()),
    '',
    '// @ts-nocheck',
    '',
  ].join('\n');
  return (
    header +
    source
      .replace(UPSTREAM_CALL, FORK_CALL)
      .replace(UPSTREAM_CONTEXT_END, FORK_CONTEXT_END)
      .replace(UPSTREAM_ENTRY, FORK_ENTRY)
      .replace(UPSTREAM_DATA, FORK_DATA)
      .replace(UPSTREAM_COMPILE_START, FORK_COMPILE_START)
      .replace(UPSTREAM_IMPORT, FORK_IMPORT)
  );
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1] && process.argv.includes('--write')) {
  writeFileSync(FORK_PATH, forkOf(installedUpstream()));
  console.log(`wrote ${FORK_PATH}`);
}

// The meta string of a code fence, as Mintlify pages write it after the
// language: ```` ```js title="app.js" {1,3-5} wrap lines icon="js" ````.
// `key="value"` (or `key='value'`, `key=value`) pairs, `{…}` line ranges
// (highlighted; `highlight={…}` too, and `focus={…}` for focused lines), the
// flags `wrap`, `lines` and `expandable`, and any other words: the title
// (```` ```bash npm ```` is titled "npm", as in a CodeGroup tab).

export interface CodeMeta {
  title?: string;
  icon?: string;
  /** 1-based line numbers, ascending, without repeats. */
  highlight: number[];
  focus: number[];
  wrap: boolean;
  lines: boolean;
  expandable: boolean;
}

const TOKEN = /([\w-]+)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S+))|\{([^}]*)\}|"([^"]*)"|(\S+)/g;
const FLAGS = new Set(['wrap', 'lines', 'expandable']);
/** More lines than a code block can have: a range beyond it is a typo, not 10⁹ spans. */
const MAX_LINE = 100_000;

/** The language as written before any `{…}` glued to it (` ```js{1,3} `). */
export function splitLanguage(lang: string | null | undefined): { language?: string; ranges?: string } {
  if (!lang) return {};
  const brace = lang.indexOf('{');
  if (brace === -1) return { language: lang };
  const language = lang.slice(0, brace);
  return { ...(language === '' ? {} : { language }), ranges: lang.slice(brace + 1).replace(/\}$/, '') };
}

export function parseCodeMeta(meta: string | null | undefined, gluedRanges?: string): CodeMeta {
  const result: CodeMeta = { highlight: [], focus: [], wrap: false, lines: false, expandable: false };
  const titleWords: string[] = [];
  const highlight = new Set<number>(gluedRanges === undefined ? [] : lineNumbers(gluedRanges));
  const focus = new Set<number>();
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(meta ?? ''); match !== null; match = TOKEN.exec(meta ?? '')) {
    const [, key, doubleQuoted, singleQuoted, braced, bare, ranges, quoted, word] = match;
    if (key !== undefined) {
      const value = doubleQuoted ?? singleQuoted ?? braced ?? bare ?? '';
      if (key === 'title') result.title = value;
      else if (key === 'icon') result.icon = value;
      else if (key === 'highlight') for (const n of lineNumbers(value)) highlight.add(n);
      else if (key === 'focus') for (const n of lineNumbers(value)) focus.add(n);
    } else if (ranges !== undefined) {
      for (const n of lineNumbers(ranges)) highlight.add(n);
    } else if (quoted !== undefined) {
      titleWords.push(quoted);
    } else if (word !== undefined) {
      if (FLAGS.has(word)) result[word as 'wrap' | 'lines' | 'expandable'] = true;
      else titleWords.push(word);
    }
  }
  if (result.title === undefined && titleWords.length > 0) result.title = titleWords.join(' ');
  result.highlight = [...highlight].sort((a, b) => a - b);
  result.focus = [...focus].sort((a, b) => a - b);
  return result;
}

/** `1,3-5` → 1, 3, 4, 5; anything else in the list is skipped. */
export function lineNumbers(ranges: string): number[] {
  const numbers: number[] = [];
  for (const part of ranges.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!range) continue;
    const from = Number(range[1]);
    const to = Math.min(Number(range[2] ?? range[1]), MAX_LINE);
    for (let n = from; n <= to; n++) if (n > 0) numbers.push(n);
  }
  return numbers;
}

/** 1, 3, 4, 5 → `1,3-5`: the attribute value, short and normalized. */
export function formatRanges(numbers: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && (numbers[j + 1] as number) === (numbers[j] as number) + 1) j++;
    parts.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

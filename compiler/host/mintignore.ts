// `.mintignore` at the docs root: files and folders Mintlify leaves out of the
// site, in .gitignore's syntax (`/tools/`, `agent-context/`, `*.draft.mdx`,
// `!keep.mdx`), after the ones it always leaves out (`README.md`,
// `LICENSE.md`, `CHANGELOG.md`, `CONTRIBUTING.md` anywhere: @mintlify/common's
// DEFAULT_MINT_IGNORES; and `contribute.md`, which its getFileCategory never
// takes for a page; its hidden and dependency folders the host skips anyway). The host never lists what is ignored (project-host.ts), so such a
// page is neither published nor checked, as on Mintlify. Supported: comments,
// blank lines, `!` negation (the last matching pattern decides), a trailing
// `/` for folders only, a leading or inner `/` to anchor a pattern to the root
// (else it matches a name at any depth), `*`, `?`, `[…]` and `**`; case is
// ignored, as Mintlify's matcher (the `ignore` package) ignores it.

export const MINTIGNORE_FILE = '.mintignore';

/** What Mintlify leaves out whatever `.mintignore` says (its hidden and dependency folders aside). */
const DEFAULT_IGNORES = ['README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'CONTRIBUTE.md'];

interface IgnoreRule {
  pattern: RegExp;
  negated: boolean;
  folderOnly: boolean;
}

/** Whether a project-relative path (of a folder when `folder`) is ignored. */
export type IgnoreTest = (path: string, folder: boolean) => boolean;

/** The test of Mintlify's default ignores and `text` (a `.mintignore`'s, or '' without one). */
export function parseMintignore(text: string): IgnoreTest {
  const rules = [...DEFAULT_IGNORES, ...text.split(/\r?\n/)].flatMap((line) => {
    const rule = parseRule(line);
    return rule === undefined ? [] : [rule];
  });
  return (path, folder) => {
    let ignored = false;
    for (const rule of rules) {
      if (rule.folderOnly && !folder) continue;
      if (rule.pattern.test(path)) ignored = !rule.negated;
    }
    return ignored;
  };
}

function parseRule(line: string): IgnoreRule | undefined {
  let text = line.replace(/(?<!\\)\s+$/, '');
  if (text === '' || text.startsWith('#')) return undefined;
  const negated = text.startsWith('!');
  if (negated) text = text.slice(1);
  text = text.replace(/^\\([#!])/, '$1');
  const folderOnly = text.endsWith('/');
  if (folderOnly) text = text.replace(/\/+$/, '');
  if (text === '') return undefined;
  // A slash at the start or inside anchors the pattern to the root; else it names a file or folder at any depth.
  const anchored = text.includes('/');
  text = text.replace(/^\/+/, '');
  const body = globToRegExp(text);
  return { pattern: new RegExp(anchored ? `^${body}$` : `(?:^|/)${body}$`, 'i'), negated, folderOnly };
}

function globToRegExp(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` any folders (none included), `/**` everything below, `**` alone anything.
      const slashAfter = glob[i + 2] === '/';
      out += slashAfter ? '(?:.*/)?' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) out += '\\[';
      else {
        out += `[${glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '\\' && i + 1 < glob.length) out += escapeRegExp(glob[++i] as string);
    else out += escapeRegExp(c);
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

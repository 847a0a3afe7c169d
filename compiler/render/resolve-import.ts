// Where an `import` specifier of a page or snippet leads, as a
// project-relative path, without touching the file system: `/snippets/x.mdx`
// starts at the docs folder, `./x.mdx` and `../snippets/x.mdx` at the
// importing file's folder. A path that climbs above the docs folder is
// refused (the architecture invariant: nothing is read outside the docs
// root); a bare specifier (`react`, `@scope/pkg`) or a URL is not a snippet.
// Without an extension, the snippet extensions are tried in order; a file
// with another extension (`.json`, `.css`) is not a snippet either.

export const SNIPPET_EXTENSIONS = ['.mdx', '.md', '.jsx', '.js', '.tsx', '.ts'] as const;

export type ImportTarget = { kind: 'file'; candidates: string[] } | { kind: 'outside-root' } | { kind: 'not-a-file' };

export function resolveImport(specifier: string, fromFile: string): ImportTarget {
  if (/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(specifier) || specifier.startsWith('//')) return { kind: 'not-a-file' };
  let segments: string[];
  let rest: string;
  if (specifier.startsWith('/')) {
    segments = [];
    rest = specifier;
  } else if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
    segments = fromFile.split('/').slice(0, -1);
    rest = specifier;
  } else {
    return { kind: 'not-a-file' };
  }
  for (const segment of rest.split(/[\\/]/)) {
    if (segment === '..') {
      if (segments.length === 0) return { kind: 'outside-root' };
      segments.pop();
    } else if (segment !== '' && segment !== '.') {
      segments.push(segment);
    }
  }
  const path = segments.join('/');
  if (path === '') return { kind: 'not-a-file' };
  if (SNIPPET_EXTENSIONS.some((ext) => path.endsWith(ext))) return { kind: 'file', candidates: [path] };
  // Another extension (`.json`, `.css`): not a snippet.
  if (/\.[a-zA-Z]\w*$/.test(segments.at(-1) ?? '')) return { kind: 'not-a-file' };
  return { kind: 'file', candidates: SNIPPET_EXTENSIONS.map((ext) => `${path}${ext}`) };
}

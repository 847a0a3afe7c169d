// What a generator of the docs site returns: files by repository-relative
// path, with their whole contents (text, or bytes for copies).

export interface GeneratedFile {
  path: string;
  contents: string | Buffer;
}

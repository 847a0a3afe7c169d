// The errors docsc still reports on a real repository, each matched against reviewed-errors.json: for each
// repository, the errors looked at by hand and found to be true problems of that repository (a page that really
// is missing, a link that really leads nowhere), as `{code, file?, message?, reason}` patterns (`file` and
// `message` are regular expressions). An error no pattern matches stays unreviewed: a false error to fix, or a
// true one to look at and add.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReviewedError {
  code: string;
  file: string;
  line: number;
  message: string;
  /** Why it is a true problem of the repository; undefined: not looked at yet. */
  reason?: string;
}

interface Pattern {
  code: string;
  file?: string;
  message?: string;
  reason: string;
}

export function reviewErrors(repository: string, errors: readonly { code: string; file: string; line: number; message: string }[]): ReviewedError[] {
  const all = JSON.parse(readFileSync(join(import.meta.dirname, 'reviewed-errors.json'), 'utf8')) as Record<string, Pattern[]>;
  const patterns = all[repository] ?? [];
  const seen = new Set<string>();
  const out: ReviewedError[] = [];
  for (const error of errors) {
    const key = `${error.code} ${error.file}:${error.line} ${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const match = patterns.find(
      (p) =>
        p.code === error.code &&
        (p.file === undefined || new RegExp(p.file).test(error.file)) &&
        (p.message === undefined || new RegExp(p.message).test(error.message)),
    );
    out.push({ code: error.code, file: error.file, line: error.line, message: error.message, reason: match?.reason });
  }
  return out;
}

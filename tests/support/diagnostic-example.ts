// Diagnostic examples (tests/fixtures/diagnostic-examples/): conditions no
// committed fixture can hold — a symbolic link out of the docs root, a page
// over a size limit, a damaged cache, a server answering 500 — built by a test
// in a temporary folder, then run through docsc. An `ExampleCase` copies the
// case's committed files (`<case>/`, when there are any) into the temporary
// docs root, makes the rest as it is told, and writes down each step; its
// `record` compares the diagnostics docsc reported with `<case>.expected.txt`
// and the steps with `<case>.input.txt` (both baselines: UPDATE_BASELINES=1
// rewrites them). docs/generate/diagnostics-reference.ts shows both under
// each code the case reports. Every path written down is relative to the
// docs root: no temporary folder reaches a baseline.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { matchBaseline } from './baseline.js';
import { formatDiagnosticLines } from './diagnostic-lines.js';

export const EXAMPLES = 'tests/fixtures/diagnostic-examples';

/** Committed folders that several cases copy (`new ExampleCase(name, from)`), without a baseline of their own. */
export const SHARED_FOLDERS = ['pets-spec', 'small-site'];

/** What a loopback server's address is shown as: its port changes from run to run. */
export const SHOWN_ORIGIN = 'http://127.0.0.1:8080';

export class ExampleCase {
  /** The temporary folder: the docs root is `docs/` in it, what lies outside the root beside it. */
  readonly dir: string;
  readonly root: string;
  private readonly steps: string[] = [];

  /** `from`: the committed folder copied into the docs root, when it is not the case's own (`<name>/`). */
  constructor(
    readonly name: string,
    from = name,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), `docsc-example-${name}-`));
    this.root = join(this.dir, 'docs');
    mkdirSync(this.root);
    const committed = join(EXAMPLES, from);
    if (existsSync(committed)) {
      cpSync(committed, this.root, { recursive: true });
      this.steps.push(`The docs root holds ${filesUnder(committed).join(', ')} (${committed}/).`);
    } else this.steps.push('The docs root is an empty folder.');
  }

  /** A path of the docs root (`..` reaches beside it), absolute. */
  at(path: string): string {
    return join(this.root, path);
  }

  /** Writes a file (its folders too), described by `what` or by its size. */
  write(path: string, contents: string | Buffer, what?: string): void {
    mkdirSync(dirname(this.at(path)), { recursive: true });
    writeFileSync(this.at(path), contents);
    this.steps.push(`${path}: ${what ?? `a file of ${Buffer.byteLength(contents)} bytes`}`);
  }

  folder(path: string, what = 'a folder'): void {
    mkdirSync(this.at(path), { recursive: true });
    this.steps.push(`${path}: ${what}`);
  }

  /** A symbolic link at `path` to `target` (relative to the link's folder, as `ln -s` takes it). */
  symlink(path: string, target: string): void {
    mkdirSync(dirname(this.at(path)), { recursive: true });
    symlinkSync(target, this.at(path));
    this.steps.push(`${path}: a symbolic link to ${target}`);
  }

  /** Any other step, done by the caller: said in words. */
  step(description: string): void {
    this.steps.push(description);
  }

  /** A docsc command run in the docs root (the caller runs it, in this process or as a child). */
  command(args: string): void {
    this.steps.push(`$ docsc ${args}`);
  }

  /** Compares what docsc reported, and the steps that led to it, with the case's baselines. */
  record(diagnostics: readonly Diagnostic[]): void {
    matchBaseline(join(EXAMPLES, `${this.name}.expected.txt`), formatDiagnosticLines(diagnostics));
    matchBaseline(join(EXAMPLES, `${this.name}.input.txt`), `${this.steps.join('\n')}\n`);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Diagnostics with a loopback server's origin shown as SHOWN_ORIGIN, in messages and places. */
export function withShownOrigin(diagnostics: readonly Diagnostic[], origin: string): Diagnostic[] {
  const shown = (text: string) => text.split(origin).join(SHOWN_ORIGIN);
  return diagnostics.map((d) => ({ ...d, message: shown(d.message), file: shown(d.file) }));
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`]));
}

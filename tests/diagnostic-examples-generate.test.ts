// Diagnostic examples of `docsc openapi-file` (tests/support/diagnostic-example.ts):
// a page that exists already, a link in the output folder leading out of it,
// a file where a folder of pages goes, a spec whose name holds a space, a
// spec outside the docs root, and docs.json navigation it cannot merge into.
// The command runs in this process, in the docs root; it prints its report
// for people only, so the report's headers (`place severity[code]: message`)
// and their `= note:` and `= help:` lines are read back into diagnostics.

import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runOpenapiFile } from '../cli/commands/openapi-file.js';
import type { DiagnosticCode } from '../compiler/diagnostics/catalogue.js';
import type { Diagnostic, Severity } from '../compiler/diagnostics/diagnostic.js';
import { EXAMPLES, ExampleCase } from './support/diagnostic-example.js';

const SPEC = join(EXAMPLES, 'pets-spec/pets.json');

/** Runs `docsc openapi-file <args>` in the docs root; the diagnostics of its report. */
async function openapiFile(example: ExampleCase, args: string[]): Promise<Diagnostic[]> {
  example.command(`openapi-file ${args.map((arg) => (arg.includes(' ') ? `'${arg}'` : arg)).join(' ')}`);
  let report = '';
  const io = {
    cwd: example.root,
    stdout: () => {},
    stderr: (text: string) => {
      report += text;
    },
  };
  await runOpenapiFile([...args, '--no-color'], io);
  return readPrettyReport(report);
}

/** The diagnostics of a pretty report without colour (compiler/report/render-pretty.ts): headers, notes and help. */
function readPrettyReport(report: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const line of report.split('\n')) {
    const header = /^(.*?) ?(error|warning|info)\[([a-z]+\/[a-z0-9.-]+)\]: (.*)$/.exec(line);
    if (header !== null) {
      const place = /^(.*?)(?::(\d+)(?::(\d+))?)?$/.exec(header[1] ?? '');
      found.push({
        code: header[3] as DiagnosticCode,
        severity: header[2] as Severity,
        message: header[4] ?? '',
        file: place?.[1] ?? '',
        line: Number(place?.[2] ?? 0),
        column: Number(place?.[3] ?? 0),
        length: 0,
        notes: [],
      });
      continue;
    }
    const last = found[found.length - 1];
    const extra = /^ += (note|help): (.*)$/.exec(line);
    if (last === undefined || extra === null) continue;
    if (extra[1] === 'note') last.notes.push({ message: extra[2] ?? '' });
    else last.hint = extra[2] ?? '';
  }
  return found;
}

async function generateExample(name: string, from: string, steps: (example: ExampleCase) => Promise<Diagnostic[]>): Promise<void> {
  const example = new ExampleCase(name, from);
  try {
    const diagnostics = await steps(example);
    assert.ok(diagnostics.length > 0, 'the report names a diagnostic');
    example.record(diagnostics);
  } finally {
    example.remove();
  }
}

test('generate/file-exists: the pages were written by an earlier run', () =>
  generateExample('generate-file-exists', 'pets-spec', async (example) => {
    await openapiFile(example, ['pets.json', '-o', 'api']);
    return openapiFile(example, ['pets.json', '-o', 'api']);
  }));

test('generate/outside-output: a folder of the output is a symbolic link leading out of it', () =>
  generateExample('generate-outside-output', 'pets-spec', (example) => {
    example.folder('../elsewhere');
    example.symlink('api/pets', '../../elsewhere');
    return openapiFile(example, ['pets.json', '-o', 'api']);
  }));

test('generate/write-failed: a file where a folder of pages goes', () =>
  generateExample('generate-write-failed', 'pets-spec', (example) => {
    example.write('api/pets', 'notes\n');
    return openapiFile(example, ['pets.json', '-o', 'api']);
  }));

test('generate/unnameable: the spec’s file name holds a space', () =>
  generateExample('generate-unnameable', 'pets-spec', (example) => {
    example.write('my pets.json', readFileSync(SPEC), 'a copy of pets.json');
    return openapiFile(example, ['my pets.json', '-o', 'api']);
  }));

test('generate/spec-outside-root: the spec lies beside the docs root', () =>
  generateExample('generate-spec-outside-root', 'generate-spec-outside-root', (example) => {
    cpSync(SPEC, example.at('../pets.json'));
    example.step(`../pets.json: a copy of ${SPEC}`);
    return openapiFile(example, ['../pets.json', '-o', 'api']);
  }));

test('generate/docs-json-merge: docs.json’s navigation has anchors, where no group can be added', () =>
  generateExample('generate-docs-json-merge', 'generate-docs-json-merge', (example) =>
    openapiFile(example, ['pets.json', '-o', 'api', '--docs-json']),
  ));

test.run();

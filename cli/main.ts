#!/usr/bin/env node
// The `docsc` command: dispatches to one module per sub-command.

import { runCheck } from './commands/check.js';
import { VERSION } from './version.js';

const usage = `docsc ${VERSION} — a compiler for documentation sites

Usage:
  docsc check [dir] [options]   Check docs.json, pages and OpenAPI documents; report every problem

Options for check:
  --format <pretty|json|github|sarif>   Report format (default: pretty)
  --strict                              Treat warnings as errors
  --quiet                               Leave out info diagnostics
  --no-color                            Plain text even on a terminal
  --threads <n>                         Worker threads for reading pages

  docsc --help | --version
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'check':
      return runCheck(rest);
    case '--version':
    case '-v':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(usage);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`docsc: unknown command \`${command}\`\n\n${usage}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`docsc: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.stderr.write('This is a bug in docsc; please report it with the input that caused it.\n');
    process.exitCode = 2;
  },
);

// The text `docsc --help` prints.

import { VERSION } from './version.js';

export const usage = `docsc ${VERSION} — a compiler for documentation sites

Usage:
  docsc check [dir] [options]   Check docs.json, pages and OpenAPI documents; report every problem

Options for check:
  --format <pretty|json|github|sarif>   Report format (default: pretty)
  --strict                              Treat warnings as errors
  --quiet                               Leave out info diagnostics
  --no-color                            Plain text even on a terminal
  --threads <n>                         Worker threads for reading pages
  --fetch-timeout <seconds>             Time limit for fetching a hosted OpenAPI document (default: 30)

  docsc --help | --version
`;

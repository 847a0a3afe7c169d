// The text `docsc --help` prints.

import { VERSION } from './version.js';

export const usage = `docsc ${VERSION} — a compiler for documentation sites

Usage:
  docsc check [dir] [options]   Check docs.json, pages and OpenAPI documents; report every problem
  docsc openapi-file <spec> [-o <folder>] [options]
                                Write one MDX page per endpoint of an OpenAPI document (a file or an
                                http(s) URL) and print the navigation groups for docs.json

Options for check:
  --format <pretty|json|github|sarif>   Report format (default: pretty)
  --strict                              Treat warnings as errors
  --quiet                               Leave out info diagnostics
  --no-color                            Plain text even on a terminal
  --threads <n>                         Worker threads for reading pages
  --fetch-timeout <seconds>             Time limit for fetching a hosted OpenAPI document (default: 30)

Options for openapi-file:
  -o, --output <folder>                 Where the pages go (default: the working directory)
  --overwrite                           Replace existing files (default: leave them alone)
  --dry-run                             Write nothing; report what would be written
  --no-spec                             Write \`openapi: METHOD /path\` without the spec (single-spec sites)
  --docs-json                           Merge the groups into the docs root's docs.json, keeping its formatting
  --no-color                            Plain text even on a terminal
  --fetch-timeout <seconds>             Time limit for fetching a hosted document (default: 30)

  docsc --help | --version
`;

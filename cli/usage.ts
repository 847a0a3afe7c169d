// The text `docsc --help` prints.

import { VERSION } from '../compiler/version.js';

export const usage = `docsc ${VERSION} — a compiler for documentation sites

Usage:
  docsc build [dir] [-o <out>] [options]
                                Build the static site (default: <dir>/_site), redoing only what changed
  docsc dev [dir] [options]     Build, serve on http://127.0.0.1:3000, rebuild and reload on every change
  docsc check [dir] [options]   Check docs.json, pages and OpenAPI documents; report every problem
  docsc server <status|stop> [dir] [-o <out>] [--cache-dir <folder> | --no-cache]
                                Show or stop the build server of those folders (see build --server)
  docsc cache [clear] [dir] [--cache-dir <folder>]
                                Show the build cache's size and entries by kind, or delete it (clear)
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
  --allow-private-urls                  Fetch hosted documents from loopback and private addresses too
                                        (refused by default; also DOCSC_ALLOW_PRIVATE_URLS=1)
  --cache-dir <folder>                  The cache shared with build (default: <dir>/.docsc/cache): page
                                        summaries and OpenAPI findings reused; the report is the same
  --no-cache                            Check without reading or writing a cache
  --base-path <path>                    The path the site is served under (/docs), as build's: images
                                        written with it in front (/docs/images/a.png) are read without it

Options for build:
  -o, --output <folder>                 Where the site goes (default: <dir>/_site); the docs folder itself is refused
  --cache-dir <folder>                  The build cache (default: <dir>/.docsc/cache)
  --no-cache                            Build without reading or writing a cache
  --cache-max-size <size>               The cache's limit on disk (default: 2GiB; also DOCSC_CACHE_MAX_SIZE):
                                        past it, the entries used least recently are removed after a build
  --remote-cache <url>                  Read compiled pages from a Bazel HTTP cache server (…/ac/, …/cas/)
                                        before compiling (also DOCSC_REMOTE_CACHE); credentials: one header
                                        in DOCSC_REMOTE_CACHE_HEADER ("Authorization: Bearer …")
  --remote-cache-upload                 Also upload what this build compiles (default: read-only; also
                                        DOCSC_REMOTE_CACHE_UPLOAD=1): for trusted builds (main), not pull requests
  --remote-cache-timeout <seconds>      Time limit of one request (default: 10); a failing server is skipped
  --no-remote-cache                     Ignore DOCSC_REMOTE_CACHE
  --site-url <url>                      The site's address, for absolute URLs in sitemap.xml and canonical
                                        links; a path in it is the base path (https://owner.github.io/repo)
  --base-path <path>                    Serve the site under this path (/docs): every link and asset starts with it
  --json                                Print the result (stats and diagnostics) as JSON
  --server                              Build through this repository's build server, starting it if none
                                        runs: it keeps the last build in memory, so that the next builds only
                                        redo what changed (one edited page: about 0.25 s); it stops after 30
                                        idle minutes (DOCSC_SERVER_IDLE_SECONDS). A running server is used
                                        without --server too
  --no-server                           Build in this process even when a server runs (also DOCSC_BUILD_SERVER=0)
  --format, --strict, --quiet, --no-color, --threads, --fetch-timeout, --allow-private-urls
                                        As for check

Options for dev:
  -p, --port <n>                        Port to listen on (default: 3000; 0 picks a free one)
  --host <address>                      Address to listen on (default: 127.0.0.1)
  -o, --output <folder>                 Where the dev build goes (default: <dir>/.docsc/dev)
  --cache-dir <folder>, --no-cache, --cache-max-size <size>
                                        As for build
  --base-path <path>                    As for build: the site is served there, and / leads to it
  --allow-private-urls                  As for check

Options for openapi-file:
  -o, --output <folder>                 Where the pages go (default: the working directory)
  --overwrite                           Replace existing files (default: leave them alone)
  --dry-run                             Write nothing; report what would be written
  --no-spec                             Write \`openapi: METHOD /path\` without the spec (single-spec sites)
  --docs-json                           Merge the groups into the docs root's docs.json (or mint.json), keeping its formatting
  --validate                            Also validate against the OpenAPI schema (docsc check always does)
  --no-color                            Plain text even on a terminal
  --fetch-timeout <seconds>             Time limit for fetching a hosted document (default: 30)
  --allow-private-urls                  As for check

  docsc --help | --version
`;

// What the commands that take a docs folder share before their work: parse
// the arguments (a usage error exits 2), `--help` (exits 0), the folder must
// exist (else exit 2), the reporting options `check` and `build` both take,
// and where the site is served (`build`'s `--site-url` and `--base-path`, `dev`'s `--base-path`).

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ALLOW_PRIVATE_URLS_ENV } from '../compiler/openapi/allow-private-urls.js';
import { parseBasePath } from '../compiler/site/base-path.js';
import { FORMATS, type Format } from './render-diagnostics.js';
import { usage } from './usage.js';

/** `parseArgs` options of the diagnostics report and the front end, shared by `check` and `build`. */
export const REPORT_OPTIONS = {
  format: { type: 'string', default: 'pretty' },
  strict: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  'no-color': { type: 'boolean', default: false },
  threads: { type: 'string' },
  'fetch-timeout': { type: 'string' },
  'allow-private-urls': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface ReportOptions {
  format: Format;
  strict: boolean;
  quiet: boolean;
  color: boolean;
  threads: number | undefined;
  fetchTimeoutMs: number | undefined;
}

/** Checks and converts the values of REPORT_OPTIONS; throws a usage error. */
export function reportOptions(values: {
  format: string;
  strict: boolean;
  quiet: boolean;
  'no-color': boolean;
  threads?: string | undefined;
  'fetch-timeout'?: string | undefined;
  'allow-private-urls'?: boolean | undefined;
}): ReportOptions {
  if (values['allow-private-urls']) allowPrivateUrls();
  if (!FORMATS.includes(values.format as Format)) throw new Error(`unknown format \`${values.format}\`; use one of ${FORMATS.join(', ')}`);
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) throw new Error('--threads takes a whole number of at least 1');
  const timeout = values['fetch-timeout'] === undefined ? undefined : Number(values['fetch-timeout']);
  if (timeout !== undefined && !(timeout > 0)) throw new Error('--fetch-timeout takes a number of seconds greater than 0');
  return {
    format: values.format as Format,
    strict: values.strict,
    quiet: values.quiet,
    color: !values['no-color'] && process.stdout.isTTY === true && !process.env.NO_COLOR,
    threads,
    fetchTimeoutMs: timeout === undefined ? undefined : timeout * 1000,
  };
}

/**
 * `--allow-private-urls`: hosted OpenAPI documents may be fetched from
 * loopback, private and link-local addresses (local development). Set in the
 * environment so that every fetch of the run (worker threads included) sees it.
 */
export function allowPrivateUrls(): void {
  process.env[ALLOW_PRIVATE_URLS_ENV] = '1';
}

/** The parsed options and the docs root, or the exit status to return at once. */
export function readCommand<T extends { dir: string }>(
  name: string,
  args: string[],
  parse: (args: string[]) => T | 'help',
): { options: T; root: string } | number {
  let parsed: T | 'help';
  try {
    parsed = parse(args);
  } catch (error) {
    process.stderr.write(`docsc ${name}: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  const root = resolve(parsed.dir);
  if (!isDirectory(root)) {
    process.stderr.write(`docsc ${name}: \`${parsed.dir}\` is not a folder; give the docs root (the folder holding docs.json)\n`);
    return 2;
  }
  return { options: parsed, root };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Where the site is served: `--site-url` (an http(s) URL; its path, if any, is the base path) and `--base-path`
 * (for a site without a known host); given both, they must agree. The site URL is returned as its origin.
 */
export function siteAddress(siteUrlOption: string | undefined, basePathOption: string | undefined): { siteUrl?: string; basePath: string } {
  const fromOption = basePathOption === undefined ? undefined : parseBasePath(basePathOption);
  if (fromOption !== undefined && 'error' in fromOption) throw new Error(`--base-path: ${fromOption.error}`);
  if (siteUrlOption === undefined) return { basePath: fromOption?.base ?? '' };
  let url: URL | undefined;
  try {
    url = /^https?:\/\/[^/\s]+/.test(siteUrlOption) ? new URL(siteUrlOption) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined) throw new Error('--site-url takes an http(s) URL, such as https://docs.example.com or https://owner.github.io/repo');
  if (url.search !== '' || url.hash !== '')
    throw new Error(`--site-url takes the site's address without a query or fragment, such as ${url.origin}${url.pathname}`);
  const fromUrl = parseBasePath(url.pathname);
  if ('error' in fromUrl) throw new Error(`--site-url: its path is the base path the site is served under, and ${fromUrl.error}`);
  if (fromOption !== undefined && fromOption.base !== fromUrl.base)
    throw new Error(
      `--site-url ${siteUrlOption} is served under \`${fromUrl.base || '/'}\` and --base-path says \`${fromOption.base || '/'}\`: give one, or the same path in both`,
    );
  return { siteUrl: url.origin, basePath: fromUrl.base };
}

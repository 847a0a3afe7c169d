// The cache options of `build` and `dev`, from the command line and the
// environment (a flag wins over its variable):
//
//   --cache-dir <folder>, --no-cache                         the local cache (check, build, dev, server)
//   --cache-max-size <size>      DOCSC_CACHE_MAX_SIZE        the local cache's limit on disk
//   --remote-cache <url>         DOCSC_REMOTE_CACHE          a Bazel HTTP cache server (build only)
//   --remote-cache-upload        DOCSC_REMOTE_CACHE_UPLOAD=1 upload what this build computes
//   --remote-cache-timeout <s>   DOCSC_REMOTE_CACHE_TIMEOUT  the time limit of one request
//   --no-remote-cache                                        ignore DOCSC_REMOTE_CACHE
//                                DOCSC_REMOTE_CACHE_HEADER   `Name: value`, sent with every request
//
// Credentials exist only in the environment (a flag would show in `ps` and in
// CI logs), and no error message repeats them.

import { resolve } from 'node:path';
import type { RemoteCacheOptions } from '../compiler/cache/remote-cache.js';

export const CACHE_DIR_OPTIONS = {
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean', default: false },
} as const;

/** The cache folder `--cache-dir` names (absolute), false with `--no-cache`, undefined for the default; both: a usage error. */
export function cacheDirOption(values: { 'cache-dir'?: string | undefined; 'no-cache'?: boolean | undefined }): string | false | undefined {
  if (values['no-cache'] && values['cache-dir'] !== undefined) throw new Error('--cache-dir and --no-cache contradict each other');
  return values['no-cache'] ? false : values['cache-dir'] === undefined ? undefined : resolve(values['cache-dir']);
}

export const CACHE_SIZE_OPTIONS = {
  'cache-max-size': { type: 'string' },
} as const;

export const REMOTE_CACHE_OPTIONS = {
  'remote-cache': { type: 'string' },
  'remote-cache-upload': { type: 'boolean', default: false },
  'remote-cache-timeout': { type: 'string' },
  'no-remote-cache': { type: 'boolean', default: false },
} as const;

type Environment = Record<string, string | undefined>;

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4 };

/** `500MB`, `2GiB`, `1.5 GB`, `1048576` → bytes; undefined when the text is not a size. */
export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = UNITS[(match?.[2] ?? '').toLowerCase()];
  if (match === null || unit === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * unit);
  return bytes > 0 ? bytes : undefined;
}

/** The local cache's size limit, or undefined for the default; throws a usage error. */
export function cacheMaxSize(flag: string | undefined, env: Environment = process.env): number | undefined {
  const [text, from] = flag !== undefined ? [flag, '--cache-max-size'] : [env.DOCSC_CACHE_MAX_SIZE, 'DOCSC_CACHE_MAX_SIZE'];
  if (text === undefined || text === '') return undefined;
  const bytes = parseSize(text);
  if (bytes === undefined) throw new Error(`${from} takes a size, such as 500MB or 2GiB (KB, MB, GB: powers of 1000; KiB, MiB, GiB: of 1024)`);
  return bytes;
}

/** The remote cache to use, or undefined for none; throws a usage error (never quoting the header's value). */
export function remoteCacheOptions(
  values: {
    'remote-cache'?: string | undefined;
    'remote-cache-upload'?: boolean;
    'remote-cache-timeout'?: string | undefined;
    'no-remote-cache'?: boolean;
  },
  env: Environment = process.env,
): RemoteCacheOptions | undefined {
  if (values['no-remote-cache']) {
    if (values['remote-cache'] !== undefined) throw new Error('--remote-cache and --no-remote-cache contradict each other');
    return undefined;
  }
  const url = values['remote-cache'] ?? (env.DOCSC_REMOTE_CACHE || undefined);
  if (url === undefined) {
    if (values['remote-cache-upload']) throw new Error('--remote-cache-upload needs a remote cache: --remote-cache <url> or DOCSC_REMOTE_CACHE');
    return undefined;
  }
  // The URL itself is checked when the cache is opened (open-project-cache.ts: refused, exit 2).
  const options: RemoteCacheOptions = { url, upload: values['remote-cache-upload'] === true || isYes(env.DOCSC_REMOTE_CACHE_UPLOAD) };
  const timeoutText = values['remote-cache-timeout'] ?? (env.DOCSC_REMOTE_CACHE_TIMEOUT || undefined);
  if (timeoutText !== undefined) {
    const seconds = Number(timeoutText);
    if (!(seconds > 0)) throw new Error('--remote-cache-timeout (DOCSC_REMOTE_CACHE_TIMEOUT) takes a number of seconds greater than 0');
    options.timeoutMs = seconds * 1000;
  }
  const headerText = env.DOCSC_REMOTE_CACHE_HEADER;
  if (headerText !== undefined && headerText !== '') {
    const header = parseHeader(headerText);
    if (header === undefined) throw new Error('DOCSC_REMOTE_CACHE_HEADER must be one header, `Name: value` (its value is not shown)');
    options.header = header;
  }
  return options;
}

/** `Name: value` → a header, or undefined when the text is not one (no line breaks). */
export function parseHeader(text: string): { name: string; value: string } | undefined {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([^\r\n\0]*?)[ \t]*$/.exec(text);
  return match === null ? undefined : { name: match[1] as string, value: match[2] as string };
}

function isYes(text: string | undefined): boolean {
  return text !== undefined && /^(1|true|yes)$/i.test(text.trim());
}

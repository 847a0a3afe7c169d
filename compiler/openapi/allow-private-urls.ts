// Whether hosted OpenAPI documents may be fetched from private addresses
// (fetch-document.ts refuses them by default): the environment variable
// `--allow-private-urls` sets. A module of its own so that the commands,
// which set it, do not load fetch-document.ts's HTTP, TLS, DNS and zlib
// modules: a build with nothing to fetch (a no-op) never needs them.

/** The environment variable that allows private addresses, as `--allow-private-urls` does. */
export const ALLOW_PRIVATE_URLS_ENV = 'DOCSC_ALLOW_PRIVATE_URLS';

export function privateUrlsAllowedByEnv(): boolean {
  const value = process.env[ALLOW_PRIVATE_URLS_ENV];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

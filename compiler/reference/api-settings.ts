// docs.json's `api` settings that shape API pages: the playground's display
// (`interactive`, `simple`, `none`; `auth` is taken as `interactive`, since a
// static site has no signed-in readers), whether `docsc dev` proxies its
// requests and whether direct requests carry the browser's cookies
// (`credentials`), whether API pages offer their document (`spec.download`),
// the code sample languages and defaults, and how pages
// documented by hand (`api:` frontmatter) authenticate (`mdx.auth`). Part of
// every API body's cache key (`settingsKey`).

import { type JsonNode, nodeAt, toPlain } from '../syntax/json-tree.js';
import { DEFAULT_LANGUAGES } from './code-samples.js';

export interface ApiSettings {
  display: 'interactive' | 'simple' | 'none';
  /** `api.playground.proxy` (default true): requests go through `docsc dev`'s proxy in dev; the static site always calls APIs directly. */
  proxy: boolean;
  /** `api.playground.credentials`: requests sent directly carry the browser's cookies for the API (`credentials: 'include'`). */
  credentials: boolean;
  /** `api.spec.download`: API pages link to their OpenAPI document, and the build publishes the repository's documents. */
  download: boolean;
  /** `api.mdx.auth`: how `api:` pages authenticate (`bearer`, `basic`, `key` with its header's `name`, `cobo`). */
  mdxAuth?: { method: 'bearer' | 'basic' | 'key' | 'cobo'; name?: string };
  languages: string[];
  defaults: 'required' | 'all';
  autogenerate: boolean;
  prefill: boolean;
}

export const DEFAULT_API_SETTINGS: ApiSettings = {
  display: 'interactive',
  proxy: true,
  credentials: false,
  download: false,
  languages: DEFAULT_LANGUAGES,
  defaults: 'all',
  autogenerate: true,
  prefill: true,
};

export function readApiSettings(config: JsonNode | undefined): ApiSettings {
  if (config === undefined) return DEFAULT_API_SETTINGS;
  const at = (...path: string[]) => {
    const node = nodeAt(config, ['api', ...path]);
    return node === undefined ? undefined : toPlain(node);
  };
  const display = at('playground', 'display');
  const languages = at('examples', 'languages');
  const defaults = at('examples', 'defaults');
  const method = at('mdx', 'auth', 'method');
  const name = at('mdx', 'auth', 'name');
  const mdxAuth: ApiSettings['mdxAuth'] =
    method === 'bearer' || method === 'basic' || method === 'key' || method === 'cobo'
      ? { method, ...(typeof name === 'string' && name !== '' ? { name } : {}) }
      : undefined;
  return {
    display: display === 'simple' || display === 'none' ? display : 'interactive',
    proxy: at('playground', 'proxy') !== false,
    credentials: at('playground', 'credentials') === true,
    download: at('spec', 'download') === true,
    ...(mdxAuth === undefined ? {} : { mdxAuth }),
    languages:
      Array.isArray(languages) && languages.every((l) => typeof l === 'string') && languages.length > 0 ? (languages as string[]) : DEFAULT_LANGUAGES,
    defaults: defaults === 'required' ? 'required' : 'all',
    autogenerate: at('examples', 'autogenerate') !== false,
    prefill: at('examples', 'prefill') !== false,
  };
}

export function settingsKey(settings: ApiSettings): string {
  return JSON.stringify(settings);
}

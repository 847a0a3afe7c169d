// docs.json's `api` settings that shape API pages: the playground's display
// (`interactive`, `simple`, `none`; `auth` is taken as `interactive`, since a
// static site has no signed-in readers), whether `docsc dev` proxies its
// requests, and the code sample languages and defaults. Part of every API
// body's cache key (`settingsKey`).

import { type JsonNode, nodeAt, toPlain } from '../syntax/json-tree.js';
import { DEFAULT_LANGUAGES } from './code-samples.js';

export interface ApiSettings {
  display: 'interactive' | 'simple' | 'none';
  /** `api.playground.proxy` (default true): requests go through `docsc dev`'s proxy in dev; the static site always calls APIs directly. */
  proxy: boolean;
  languages: string[];
  defaults: 'required' | 'all';
  autogenerate: boolean;
  prefill: boolean;
}

export const DEFAULT_API_SETTINGS: ApiSettings = {
  display: 'interactive',
  proxy: true,
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
  return {
    display: display === 'simple' || display === 'none' ? display : 'interactive',
    proxy: at('playground', 'proxy') !== false,
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

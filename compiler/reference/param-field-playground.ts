// Pages documented by hand: frontmatter `api: "POST https://api.example.com/v1/x"`
// with `<ParamField>`s. The page gets the same playground as a generated one;
// the build knows the method and URL, and the client reads the parameters
// from the ParamFields' `data-param-*` attributes (read-param-fields.ts), and
// authentication from docs.json's `api.mdx.auth` (the header of `key` named by
// its `name`, `X-API-Key` by default; `cobo` signatures are documented only).
// A URL that is not http(s) leaves the playground in simple mode.

import type { PlaygroundData, PlaygroundScheme } from '../../runtime/client/playground/playground-data.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { renderApiHead } from './api-head.js';
import type { ApiSettings } from './api-settings.js';
import { renderPlaygroundEmbed } from './playground-data.js';
import type { ApiPageBody } from './render-api-page.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);

export function paramFieldPlayground(summary: PageSummary, settings: ApiSettings): ApiPageBody | undefined {
  const api = summary.frontmatter.api?.value;
  if (api === undefined || settings.display === 'none') return undefined;
  const data = apiFieldData(api, settings);
  if (!data) return undefined;
  // The same bar as a generated page's, under the title (compiler/site/page-columns.ts), with Try it.
  const head = renderApiHead({
    label: data.method,
    method: data.method.toLowerCase(),
    path: data.path,
    servers: data.servers.map((server) => ({ url: server.url })),
    deprecated: false,
    playground: renderPlaygroundEmbed(data),
  });
  return { html: head, text: '', toc: [], scripts: ['playground'] };
}

/** docs.json `api.mdx.auth` as the playground's one way to authenticate; none: optional and empty. */
function mdxSecurity(auth: ApiSettings['mdxAuth']): PlaygroundData['security'] {
  if (auth === undefined) return { optional: true, alternatives: [] };
  const scheme: PlaygroundScheme =
    auth.method === 'bearer'
      ? { name: 'bearer', kind: 'bearer', paramName: 'Authorization', label: 'Bearer token' }
      : auth.method === 'basic'
        ? { name: 'basic', kind: 'basic', paramName: 'Authorization', label: 'HTTP basic' }
        : auth.method === 'key'
          ? { name: 'key', kind: 'apiKey', in: 'header', paramName: auth.name ?? 'X-API-Key', label: 'API key in header' }
          : { name: 'cobo', kind: 'unsupported', paramName: '', label: 'Cobo signature' };
  return { optional: false, alternatives: [[scheme]] };
}

/** `POST https://host/base/x/{id}` → method, server `https://host`, path `/base/x/{id}`. */
export function apiFieldData(api: string, settings: ApiSettings): PlaygroundData | undefined {
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(api);
  const method = match?.[1]?.toUpperCase();
  const target = match?.[2];
  if (method === undefined || target === undefined || !METHODS.has(method)) return undefined;
  const absolute = /^(https?:\/\/[^/?#]+)([^?#]*)/i.exec(target);
  const data: PlaygroundData = {
    method,
    path: absolute ? absolute[2] || '/' : target,
    mode: 'interactive',
    servers: absolute ? [{ url: absolute[1] as string, variables: [] }] : [],
    security: mdxSecurity(settings.mdxAuth),
    parameters: [],
    proxy: settings.proxy,
    fromParamFields: true,
  };
  if (settings.credentials) data.credentials = true;
  if (!absolute) {
    data.mode = 'simple';
    data.reason = 'The page’s `api` field gives no http(s) URL, so there is no server to send requests to.';
  } else if (settings.display === 'simple') {
    data.mode = 'simple';
    data.reason = 'This site shows the playground in simple mode: requests are not sent from here.';
  }
  return data;
}

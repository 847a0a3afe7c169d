// Pages documented by hand: frontmatter `api: "POST https://api.example.com/v1/x"`
// with `<ParamField>`s. The page gets the same playground as a generated one;
// the build knows the method and URL, and the client reads the parameters
// from the ParamFields' `data-param-*` attributes (read-param-fields.ts).
// A URL that is not http(s) leaves the playground in simple mode.

import type { PlaygroundData } from '../../runtime/client/playground/playground-data.js';
import type { PageSummary } from '../pages/summarize-page.js';
import type { ApiSettings } from './api-settings.js';
import { renderPlaygroundEmbed } from './playground-data.js';
import type { ApiPageBody } from './render-api-page.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);

export function paramFieldPlayground(summary: PageSummary, settings: ApiSettings): ApiPageBody | undefined {
  const api = summary.frontmatter.api?.value;
  if (api === undefined || settings.display === 'none') return undefined;
  const data = apiFieldData(api, settings);
  return data ? { html: renderPlaygroundEmbed(data), text: '', toc: [], scripts: ['playground'] } : undefined;
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
    security: { optional: true, alternatives: [] },
    parameters: [],
    proxy: settings.proxy,
    fromParamFields: true,
  };
  if (!absolute) {
    data.mode = 'simple';
    data.reason = 'The page’s `api` field gives no http(s) URL, so there is no server to send requests to.';
  } else if (settings.display === 'simple') {
    data.mode = 'simple';
    data.reason = 'This site shows the playground in simple mode: requests are not sent from here.';
  }
  return data;
}

// Sends the built request with fetch and reads the answer. Redirects are not
// followed (`redirect: 'manual'`): a redirect to another origin would carry
// the reader's credentials with it, so the playground shows that the server
// redirected instead. Cookies: a browser sets no `Cookie` header itself; on
// a static site they are set for the page's host (which a loopback or
// same-site API receives, with `credentials: 'include'`); through `docsc
// dev`'s proxy they travel in `X-Docsc-Proxy-Cookie`, which the proxy turns
// into the upstream `Cookie` header. With docs.json's
// `api.playground.credentials`, a direct request carries the browser's own
// cookies for the API (`credentials: 'include'`).

import type { BuiltRequest, PlaygroundState } from './build-request.js';

export const PROXY_PATH = '/_docsc/proxy';

export interface Answer {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  body: string;
  contentType: string;
  /** The server answered with a redirect that was not followed. */
  redirected?: string;
}

/** `withCookies`: docs.json `api.playground.credentials`: a direct request carries the browser's cookies for the API. */
export async function sendRequest(
  request: BuiltRequest,
  state: PlaygroundState,
  viaProxy: boolean,
  signal: AbortSignal,
  withCookies = false,
): Promise<Answer> {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  let body: BodyInit | undefined;
  const spec = request.body;
  if (spec?.text !== undefined) body = spec.text;
  else if (spec && /multipart/i.test(spec.type)) {
    const form = new FormData();
    for (const [name, value] of spec.pairs ?? []) form.append(name, value);
    for (const name of spec.files ?? []) {
      const file = state.files[name];
      if (file) form.append(name, file, file.name);
    }
    body = form;
  } else if (spec) body = new URLSearchParams(spec.pairs ?? []);
  const cookie = request.cookies.map(([k, v]) => `${k}=${v}`).join('; ');
  let url = request.url;
  let credentials: RequestCredentials = withCookies ? 'include' : 'omit';
  if (viaProxy) {
    headers.set('X-Docsc-Proxy-Target', request.url);
    headers.set('X-Docsc-Proxy-Method', request.method);
    if (cookie) headers.set('X-Docsc-Proxy-Cookie', cookie);
    url = PROXY_PATH;
    credentials = 'same-origin';
  } else if (request.cookies.length > 0) {
    const target = new URL(request.url);
    // Cookies are scoped by host, not port: a page on the API's host can set them for it.
    if (target.hostname === location.hostname) {
      // biome-ignore lint/suspicious/noDocumentCookie: the only way a page sends a cookie to a same-site API.
      for (const [name, value] of request.cookies) document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
      credentials = 'include';
    }
  }
  const started = performance.now();
  const response = await fetch(url, {
    method: viaProxy ? 'POST' : request.method,
    headers,
    ...(body !== undefined ? { body } : {}),
    redirect: 'manual',
    credentials,
    mode: 'cors',
    signal,
  });
  const ms = Math.round(performance.now() - started);
  if (response.type === 'opaqueredirect') {
    return { status: 0, statusText: 'Redirect not followed', ms, headers: [], body: '', contentType: '', redirected: request.url };
  }
  const text = await response.text();
  const answerHeaders: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!name.startsWith('x-docsc-proxy')) answerHeaders.push([name, value]);
  });
  const status = viaProxy ? Number(response.headers.get('x-docsc-proxy-status') ?? response.status) : response.status;
  const location_ = viaProxy ? response.headers.get('x-docsc-proxy-location') : null;
  return {
    status,
    statusText: viaProxy ? (response.headers.get('x-docsc-proxy-status-text') ?? '') : response.statusText,
    ms,
    headers: answerHeaders,
    body: text,
    contentType: response.headers.get('content-type') ?? '',
    ...(location_ ? { redirected: location_ } : {}),
  };
}

/** A JSON body indented; anything else (HTML and SVG too) as the text it is — it is shown with textContent, never parsed as markup. */
export function formatBody(answer: Answer): string {
  if (/json/i.test(answer.contentType) || /^\s*[[{]/.test(answer.body)) {
    try {
      return JSON.stringify(JSON.parse(answer.body), null, 2);
    } catch {
      return answer.body;
    }
  }
  return answer.body;
}

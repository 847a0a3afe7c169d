// The request the reader's inputs describe: URL (server, path parameters,
// query), headers, cookies and body, with the credentials of the chosen
// security alternative. `masked` gives the same request with placeholders
// instead of credentials, for the code samples; credentials never go into
// the URL unless the scheme says so (apiKey `in: query`).

import type { PlaygroundData, PlaygroundScheme } from './playground-data.js';
import { serverUrl } from './server-url.js';

export interface Credentials {
  value?: string;
  username?: string;
  password?: string;
}

export interface PlaygroundState {
  server: number;
  variables: Record<string, string>;
  /** Index of the security alternative; -1: none. */
  auth: number;
  credentials: Record<string, Credentials>;
  /** By `in:name`. */
  params: Record<string, string>;
  mediaType: number;
  bodyText: string;
  /** Form bodies: by field name. */
  form: Record<string, string>;
  files: Record<string, File | undefined>;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: [string, string][];
  cookies: [string, string][];
  /** Text bodies as they are; form bodies as pairs (files as their names), for previews. */
  body?: { type: string; text?: string; pairs?: [string, string][]; files?: string[] };
  /** Why it cannot be sent. */
  error?: string;
}

export function buildRequest(data: PlaygroundData, state: PlaygroundState, base: string, masked: boolean): BuiltRequest {
  const method = data.method;
  const server = data.servers[state.server];
  const target = server ? serverUrl(server, state.variables, base) : { ok: false as const, reason: 'No server.' };
  let error = target.ok ? undefined : target.reason;
  let path = data.path;
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  const cookies: [string, string][] = [];
  for (const parameter of data.parameters) {
    const value = state.params[`${parameter.in}:${parameter.name}`] ?? '';
    if (value === '') {
      if (parameter.required && !error) error = `${parameter.name} (${parameter.in}) is required.`;
      continue;
    }
    if (parameter.in === 'path') path = path.split(`{${parameter.name}}`).join(encodeURIComponent(value));
    else if (parameter.in === 'query') {
      if (parameter.type?.startsWith('array')) for (const item of value.split(',')) query.push([parameter.name, item.trim()]);
      else query.push([parameter.name, value]);
    } else if (parameter.in === 'header') headers.push([parameter.name, value]);
    else cookies.push([parameter.name, value]);
  }
  const schemes = data.security.alternatives[state.auth] ?? [];
  for (const scheme of schemes) addCredentials(scheme, state.credentials[scheme.name] ?? {}, masked, { query, headers, cookies });
  let body: BuiltRequest['body'];
  const media = data.body?.mediaTypes[state.mediaType];
  if (media && !(method === 'GET' || method === 'HEAD')) {
    if (media.fields) {
      const pairs: [string, string][] = [];
      const files: string[] = [];
      for (const field of media.fields) {
        if (field.file) {
          const file = state.files[field.name];
          if (file) files.push(field.name);
          continue;
        }
        const value = state.form[field.name] ?? '';
        if (value !== '' || field.required) pairs.push([field.name, value]);
      }
      body = { type: media.type, pairs, files };
      if (!/multipart\/form-data/i.test(media.type)) headers.push(['Content-Type', media.type]);
    } else if (state.bodyText.trim() !== '' || data.body?.required) {
      body = { type: media.type, text: state.bodyText };
      headers.push(['Content-Type', media.type]);
      if (/json/i.test(media.type) && state.bodyText.trim() !== '') {
        try {
          JSON.parse(state.bodyText);
        } catch (e) {
          error ??= `The body is not valid JSON: ${(e as Error).message}`;
        }
      }
    }
  }
  const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const base_ = target.ok ? target.url : (server?.url ?? '').replace(/\/+$/, '');
  const url = `${base_}${path}${search ? `?${search}` : ''}`;
  return { method, url, headers, cookies, ...(body ? { body } : {}), ...(error ? { error } : {}) };
}

function addCredentials(
  scheme: PlaygroundScheme,
  given: Credentials,
  masked: boolean,
  into: { query: [string, string][]; headers: [string, string][]; cookies: [string, string][] },
): void {
  const secret = (value: string | undefined, placeholder: string) => (masked ? placeholder : (value ?? ''));
  if (scheme.kind === 'apiKey') {
    if (!masked && !given.value) return;
    const value = secret(given.value, '<api-key>');
    if (scheme.in === 'query') into.query.push([scheme.paramName, value]);
    else if (scheme.in === 'cookie') into.cookies.push([scheme.paramName, value]);
    else into.headers.push([scheme.paramName, value]);
  } else if (scheme.kind === 'basic') {
    if (!masked && !given.username && !given.password) return;
    const encoded = masked ? '<base64(username:password)>' : base64(`${given.username ?? ''}:${given.password ?? ''}`);
    into.headers.push(['Authorization', `Basic ${encoded}`]);
  } else if (scheme.kind === 'bearer' || scheme.kind === 'oauth2' || scheme.kind === 'openIdConnect') {
    if (!masked && !given.value) return;
    into.headers.push(['Authorization', `Bearer ${secret(given.value, '<token>')}`]);
  }
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

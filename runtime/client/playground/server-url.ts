// A server's URL with the reader's variable values in place. Only http(s)
// URLs (or URLs relative to the site) are ever called: `javascript:`,
// `data:` and every other scheme are refused, and so is a variable value
// that could move the request to another host than the document's: in the
// scheme and host part, a value the document does not list (enum) may hold
// only host-name and port characters.

import type { PlaygroundServer } from './playground-data.js';

export type ServerUrl = { ok: true; url: string } | { ok: false; reason: string };

const HOST_VALUE = /^[A-Za-z0-9._~-]*(:\d{1,5})?$/;

export function serverUrl(server: PlaygroundServer, values: Readonly<Record<string, string>>, base: string): ServerUrl {
  const authorityEnd = authorityLength(server.url);
  let problem: string | undefined;
  const filled = server.url.replace(/\{([^}]*)\}/g, (whole, name: string, offset: number) => {
    const variable = server.variables.find((v) => v.name === name);
    if (!variable) return whole;
    const value = values[name] ?? variable.default;
    if (variable.enum && variable.enum.length > 0 && !variable.enum.includes(value)) problem = `“${value}” is not a value of {${name}}.`;
    else if (offset < authorityEnd && value !== variable.default && !HOST_VALUE.test(value))
      problem = `{${name}} is part of the server's host: it may hold only letters, digits, “.”, “-” and a port.`;
    else if (/[\s\\#?]/.test(value)) problem = `{${name}} may not hold spaces, “\\”, “#” or “?”.`;
    return value;
  });
  if (problem) return { ok: false, reason: problem };
  let url: URL;
  try {
    url = new URL(filled, base);
  } catch {
    return { ok: false, reason: `“${filled}” is not a URL.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `Only http and https servers can be called, not ${url.protocol}` };
  if (url.username || url.password) return { ok: false, reason: 'Server URLs may not carry credentials.' };
  return { ok: true, url: url.href.replace(/\/+$/, '') };
}

/** Where the scheme and host end in a URL template (`https://{region}.x.com/v1` → before `/v1`); 0 for relative ones. */
function authorityLength(template: string): number {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template) ?? /^\{[^}]*\}[^/?#]*/.exec(template);
  return match ? match[0].length : 0;
}

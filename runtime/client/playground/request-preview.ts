// Live code samples of the request being built: cURL, JavaScript (fetch) and
// Python (requests), written from the masked request — credentials appear as
// placeholders, never as the values the reader typed.

import type { BuiltRequest } from './build-request.js';

export const PREVIEW_LANGUAGES = ['cURL', 'JavaScript', 'Python'] as const;
export type PreviewLanguage = (typeof PREVIEW_LANGUAGES)[number];

export function previewRequest(request: BuiltRequest, language: PreviewLanguage): string {
  if (language === 'cURL') return curl(request);
  if (language === 'JavaScript') return javascript(request);
  return python(request);
}

const sh = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const js = (text: string) => JSON.stringify(text);

function headerList(request: BuiltRequest): [string, string][] {
  const cookie = request.cookies.map(([k, v]) => `${k}=${v}`).join('; ');
  return cookie ? [...request.headers, ['Cookie', cookie]] : request.headers;
}

function curl(request: BuiltRequest): string {
  const lines = [`curl --request ${request.method} \\`, `  --url ${sh(request.url)}`];
  for (const [name, value] of headerList(request)) lines[lines.length - 1] += ` \\\n  --header ${sh(`${name}: ${value}`)}`;
  const body = request.body;
  if (body?.text !== undefined) lines[lines.length - 1] += ` \\\n  --data ${sh(body.text)}`;
  const multipart = body && /multipart/i.test(body.type);
  for (const [name, value] of body?.pairs ?? [])
    lines[lines.length - 1] += ` \\\n  ${multipart ? '--form' : '--data-urlencode'} ${sh(`${name}=${value}`)}`;
  for (const name of body?.files ?? []) lines[lines.length - 1] += ` \\\n  --form ${sh(`${name}=@file`)}`;
  return lines.join('\n');
}

function javascript(request: BuiltRequest): string {
  const headers = headerList(request);
  const out: string[] = [];
  const body = request.body;
  let bodyLine = '';
  if (body?.text !== undefined) bodyLine = `  body: ${js(body.text)},\n`;
  else if (body && /multipart/i.test(body.type)) {
    out.push('const form = new FormData();');
    for (const [n, v] of body.pairs ?? []) out.push(`form.append(${js(n)}, ${js(v)});`);
    for (const n of body.files ?? []) out.push(`form.append(${js(n)}, fileInput.files[0]);`);
    out.push('');
    bodyLine = '  body: form,\n';
  } else if (body) bodyLine = `  body: new URLSearchParams(${JSON.stringify(body.pairs ?? [])}),\n`;
  const headerText = headers.length ? `  headers: {\n${headers.map(([k, v]) => `    ${js(k)}: ${js(v)}`).join(',\n')}\n  },\n` : '';
  out.push(
    `const response = await fetch(${js(request.url)}, {\n  method: ${js(request.method)},\n${headerText}${bodyLine}});`,
    'console.log(await response.text());',
  );
  return out.join('\n');
}

function python(request: BuiltRequest): string {
  const py = (text: string) => JSON.stringify(text);
  const headers = headerList(request);
  const out = ['import requests', '', `url = ${py(request.url)}`];
  const args = ['url'];
  if (headers.length) {
    out.push(`headers = {\n${headers.map(([k, v]) => `    ${py(k)}: ${py(v)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  const body = request.body;
  if (body?.text !== undefined) {
    out.push(`data = ${py(body.text)}`);
    args.push('data=data');
  } else if (body) {
    out.push(`data = {\n${(body.pairs ?? []).map(([k, v]) => `    ${py(k)}: ${py(v)}`).join(',\n')}\n}`);
    args.push('data=data');
    if (body.files?.length) {
      out.push(`files = {${body.files.map((n) => `${py(n)}: open("file", "rb")`).join(', ')}}`);
      args.push('files=files');
    }
  }
  out.push('', `response = requests.request(${py(request.method)}, ${args.join(', ')})`, 'print(response.text)');
  return out.join('\n');
}

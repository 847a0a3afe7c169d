// Code samples of one concrete request — cURL, JavaScript (fetch), Python
// (requests), Go (net/http), Java (OkHttp), PHP (ext-curl) — written by
// docsc, not by httpsnippet, because the same code runs in two places: the
// build writes the reference's samples from the example request
// (code-samples.ts) and the playground rewrites them in the browser as the
// reader edits the inputs (runtime/client/playground/), so a sample never
// changes shape on the first edit. The layout follows httpsnippet's targets;
// every string is escaped for its language (shell single quotes, JS, Python,
// Go, Java and PHP double-quoted literals — `$` included —), lone surrogates
// become U+FFFD. Pure: no DOM, no Node; credentials are whatever the request
// holds (callers pass placeholders).

export interface SampleRequest {
  method: string;
  /** The full URL, query included and encoded. */
  url: string;
  headers: [string, string][];
  cookies: [string, string][];
  /** Text bodies as they are; form bodies as pairs, files by field name. Multipart bodies carry no Content-Type header (the client sets the boundary). */
  body?: { type: string; text?: string; pairs?: [string, string][]; files?: string[] };
}

export const SAMPLE_LANGUAGES = ['curl', 'javascript', 'python', 'go', 'java', 'php'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/** Label and highlighting language of each sample. */
export const SAMPLE_INFO: Record<SampleLanguage, { label: string; language: string }> = {
  curl: { label: 'cURL', language: 'bash' },
  javascript: { label: 'JavaScript', language: 'javascript' },
  python: { label: 'Python', language: 'python' },
  go: { label: 'Go', language: 'go' },
  java: { label: 'Java', language: 'java' },
  php: { label: 'PHP', language: 'php' },
};

export function requestSample(request: SampleRequest, language: SampleLanguage): string {
  return GENERATORS[language](request);
}

const GENERATORS: Record<SampleLanguage, (request: SampleRequest) => string> = { curl, javascript, python, go, java, php };

// ---- string literals ----

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const hex2 = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/** A double- or single-quoted literal: the listed escapes, other control characters as `\xNN` (or `other`). */
function literal(quote: string, special: RegExp, escapes: Record<string, string>, other: (c: string) => string = (c) => `\\x${hex2(c)}`) {
  return (text: string) => quote + text.replace(LONE_SURROGATE, '\uFFFD').replace(special, (c) => escapes[c] ?? other(c)) + quote;
}

const COMMON = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** JavaScript, single quotes (U+2028/2029 escaped for older engines). */
export const jsString = literal("'", /[\\'\x00-\x1f\x7f\u2028\u2029]/g, {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
});
export const pyString = literal('"', /[\\"\x00-\x1f\x7f]/g, COMMON);
export const goString = literal('"', /[\\"\x00-\x1f\x7f]/g, COMMON);
/** Java: octal escapes, never `\uXXXX` (Java translates those before it reads the literal). */
export const javaString = literal(
  '"',
  /[\\"\x00-\x1f]/g,
  { ...COMMON, '\b': '\\b', '\f': '\\f' },
  (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`,
);
/** PHP: double quotes with `$` escaped, so nothing is interpolated. */
export const phpString = literal('"', /[\\"$\x00-\x1f\x7f]/g, { ...COMMON, $: '\\$', '\v': '\\v', '\f': '\\f', '\x1b': '\\e' });

/** A shell word: as it is when it holds only safe characters, else single-quoted. */
export function sh(text: string): string {
  return /^[a-z0-9\-_/.@%^=:]+$/i.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

// ---- request parts ----

const isMultipart = (request: SampleRequest) => request.body !== undefined && /multipart\//i.test(request.body.type);
const isJson = (type: string) => /[/+]json\b/i.test(type);
const cookieHeader = (request: SampleRequest) => request.cookies.map(([k, v]) => `${k}=${v}`).join('; ');

/** Headers with the cookies as a `Cookie` header (for clients with no cookie option). */
function allHeaders(request: SampleRequest): [string, string][] {
  const cookie = cookieHeader(request);
  return cookie ? [...request.headers, ['Cookie', cookie]] : request.headers;
}

/** A form body as `application/x-www-form-urlencoded` text (what the playground sends). */
const formText = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/** Text bodies, and url-encoded forms as their text (Go, Java and PHP send a string either way). */
function bodyText(request: SampleRequest): string | undefined {
  const body = request.body;
  if (body?.text !== undefined) return body.text;
  if (body && !isMultipart(request)) return formText(body.pairs ?? []);
  return undefined;
}

/** The body parsed as JSON when its media type says JSON and it is valid, else undefined. */
function jsonText(request: SampleRequest): string | undefined {
  const text = request.body?.text;
  if (text === undefined || !isJson(request.body?.type ?? '') || text.trim() === '') return undefined;
  try {
    JSON.parse(text);
    return text.trim();
  } catch {
    return undefined;
  }
}

/** Indents every line after the first (JSON has no raw line breaks inside strings, so values are unchanged). */
const indentRest = (text: string, indent: string) => text.replace(/\n/g, `\n${indent}`);

// ---- cURL ----

function curl(request: SampleRequest): string {
  const args = [`curl --request ${sh(request.method)}`, `--url ${sh(request.url)}`];
  for (const [name, value] of request.headers) args.push(`--header ${sh(`${name}: ${value}`)}`);
  if (request.cookies.length > 0) args.push(`--cookie ${sh(cookieHeader(request))}`);
  const body = request.body;
  if (body?.text !== undefined) args.push(`${body.text.startsWith('@') ? '--data-raw' : '--data'} ${sh(body.text)}`);
  else if (body && isMultipart(request)) {
    // `--form` reads a file for a value starting with @ or <; `--form-string` never does.
    for (const [name, value] of body.pairs ?? []) args.push(`${/^[@<]/.test(value) ? '--form-string' : '--form'} ${sh(`${name}=${value}`)}`);
    for (const name of body.files ?? []) args.push(`--form ${sh(`${name}=@file`)}`);
  } else if (body) for (const [name, value] of body.pairs ?? []) args.push(`--data-urlencode ${sh(`${encodeURIComponent(name)}=${value}`)}`);
  return args.join(' \\\n  ');
}

// ---- JavaScript (fetch) ----

const jsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name));

function javascript(request: SampleRequest): string {
  const out: string[] = [];
  const options = [`  method: ${jsString(request.method)}`];
  const headers = allHeaders(request);
  const names = new Set(headers.map(([k]) => k.toLowerCase()));
  if (headers.length > 0 && names.size === headers.length)
    options.push(`  headers: {\n${headers.map(([k, v]) => `    ${jsKey(k)}: ${jsString(v)}`).join(',\n')}\n  }`);
  else if (headers.length > 0) options.push(`  headers: [\n${headers.map(([k, v]) => `    [${jsString(k)}, ${jsString(v)}]`).join(',\n')}\n  ]`);
  const body = request.body;
  const json = jsonText(request);
  if (json !== undefined && !json.includes('"__proto__"')) options.push(`  body: JSON.stringify(${indentRest(json, '  ')})`);
  else if (body?.text !== undefined) options.push(`  body: ${jsString(body.text)}`);
  else if (body && isMultipart(request)) {
    if (body.files?.length) {
      // Defined, so that the sample runs as it is; the reader swaps in the real file.
      out.push('// The file to upload: a File from an <input type="file">, or `await fs.openAsBlob(path)` in Node.');
      out.push("const file = new Blob(['file contents']);");
    }
    out.push('const form = new FormData();');
    for (const [name, value] of body.pairs ?? []) out.push(`form.append(${jsString(name)}, ${jsString(value)});`);
    for (const name of body.files ?? []) out.push(`form.append(${jsString(name)}, file);`);
    out.push('');
    options.push('  body: form');
  } else if (body) {
    out.push('const encodedParams = new URLSearchParams();');
    for (const [name, value] of body.pairs ?? []) out.push(`encodedParams.append(${jsString(name)}, ${jsString(value)});`);
    out.push('');
    options.push('  body: encodedParams');
  }
  out.push(
    `const options = {\n${options.join(',\n')}\n};`,
    '',
    `fetch(${jsString(request.url)}, options)`,
    '  .then(res => res.json())',
    '  .then(res => console.log(res))',
    '  .catch(err => console.error(err));',
  );
  return out.join('\n');
}

// ---- Python (requests) ----

/** Valid JSON as a Python literal: strings re-escaped, true/false/null renamed, numbers and layout kept. */
function pythonLiteral(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"|true|false|null/g, (token) =>
    token === 'true' ? 'True' : token === 'false' ? 'False' : token === 'null' ? 'None' : pyString(JSON.parse(token) as string),
  );
}

/** A dict; a list of pairs when a name repeats and `repeats` allows it (form bodies; requests wants a dict of headers). */
function pythonPairs(pairs: [string, string][], repeats: boolean): string {
  const unique = !repeats || new Set(pairs.map(([k]) => k)).size === pairs.length;
  const items = pairs.map(([k, v]) => (unique ? `    ${pyString(k)}: ${pyString(v)}` : `    (${pyString(k)}, ${pyString(v)})`));
  if (items.length === 0) return unique ? '{}' : '[]';
  return unique ? `{\n${items.join(',\n')}\n}` : `[\n${items.join(',\n')}\n]`;
}

const PYTHON_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function python(request: SampleRequest): string {
  const out = ['import requests', '', `url = ${pyString(request.url)}`, ''];
  const args = ['url'];
  const body = request.body;
  const json = jsonText(request);
  if (json !== undefined) {
    out.push(`payload = ${pythonLiteral(json)}`);
    args.push('json=payload');
  } else if (body?.text !== undefined) {
    out.push(`payload = ${pyString(body.text)}`);
    args.push('data=payload');
  } else if (body) {
    out.push(`payload = ${pythonPairs(body.pairs ?? [], true)}`);
    args.push('data=payload');
    if (body.files?.length) {
      out.push(`files = {${body.files.map((n) => `${pyString(n)}: open("file", "rb")`).join(', ')}}`);
      args.push('files=files');
    }
  }
  // `json=` sets the Content-Type itself, and a multipart Content-Type needs the boundary requests makes.
  const headers = allHeaders(request);
  if (headers.length > 0) {
    out.push(`headers = ${pythonPairs(headers, false)}`);
    args.push('headers=headers');
  }
  if (out.length > 4) out.push('');
  const method = request.method.toUpperCase();
  const call = PYTHON_METHODS.includes(method)
    ? `requests.${method.toLowerCase()}(${args.join(', ')})`
    : `requests.request(${pyString(request.method)}, ${args.join(', ')})`;
  out.push(`response = ${call}`, '', 'print(response.text)');
  return out.join('\n');
}

// ---- Go (net/http) ----

function go(request: SampleRequest): string {
  const multipart = isMultipart(request) ? request.body : undefined;
  const text = bodyText(request);
  const imports = [
    '"fmt"',
    ...(text !== undefined ? ['"strings"'] : []),
    ...(multipart ? ['"bytes"', '"mime/multipart"'] : []),
    ...(multipart?.files?.length ? ['"os"'] : []),
  ];
  const out = ['package main', '', 'import (', ...[...imports, '"net/http"', '"io"'].map((i) => `\t${i}`), ')', '', 'func main() {', ''];
  out.push(`\turl := ${goString(request.url)}`, '');
  let payload = 'nil';
  if (text !== undefined) {
    out.push(`\tpayload := strings.NewReader(${goString(text)})`, '');
    payload = 'payload';
  } else if (multipart) {
    out.push('\tpayload := &bytes.Buffer{}', '\twriter := multipart.NewWriter(payload)');
    for (const [name, value] of multipart.pairs ?? []) out.push(`\twriter.WriteField(${goString(name)}, ${goString(value)})`);
    (multipart.files ?? []).forEach((name, i) => {
      out.push(
        `\tfile${i + 1}, _ := os.Open("file")`,
        `\tpart${i + 1}, _ := writer.CreateFormFile(${goString(name)}, "file")`,
        `\tio.Copy(part${i + 1}, file${i + 1})`,
      );
    });
    out.push('\twriter.Close()', '');
    payload = 'payload';
  }
  out.push(`\treq, _ := http.NewRequest(${goString(request.method)}, url, ${payload})`, '');
  const headers = allHeaders(request);
  for (const [name, value] of headers) out.push(`\treq.Header.Add(${goString(name)}, ${goString(value)})`);
  if (multipart) out.push('\treq.Header.Add("Content-Type", writer.FormDataContentType())');
  if (headers.length > 0 || multipart) out.push('');
  out.push(
    '\tres, _ := http.DefaultClient.Do(req)',
    '',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '',
    '\tfmt.Println(string(body))',
    '',
    '}',
  );
  return out.join('\n');
}

// ---- Java (OkHttp) ----

function java(request: SampleRequest): string {
  const out = ['OkHttpClient client = new OkHttpClient();', ''];
  const body = request.body;
  let hasBody = true;
  if (body?.text !== undefined) {
    out.push(
      `MediaType mediaType = MediaType.parse(${javaString(body.type)});`,
      `RequestBody body = RequestBody.create(mediaType, ${javaString(body.text)});`,
    );
  } else if (body && isMultipart(request)) {
    out.push('RequestBody body = new MultipartBody.Builder()', '  .setType(MultipartBody.FORM)');
    for (const [name, value] of body.pairs ?? []) out.push(`  .addFormDataPart(${javaString(name)}, ${javaString(value)})`);
    for (const name of body.files ?? [])
      out.push(`  .addFormDataPart(${javaString(name)}, "file", RequestBody.create(MediaType.parse("application/octet-stream"), new File("file")))`);
    out.push('  .build();');
  } else if (body) {
    out.push('RequestBody body = new FormBody.Builder()');
    for (const [name, value] of body.pairs ?? []) out.push(`  .add(${javaString(name)}, ${javaString(value)})`);
    out.push('  .build();');
  } else hasBody = false;
  if (hasBody) out.push('');
  const method = request.method.toUpperCase();
  let call: string;
  if (method === 'GET' || method === 'HEAD') call = `.${method.toLowerCase()}()`;
  else if (hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) call = `.${method.toLowerCase()}(body)`;
  else if (method === 'DELETE') call = '.delete()';
  else if (['POST', 'PUT', 'PATCH'].includes(method)) call = `.${method.toLowerCase()}(RequestBody.create(null, new byte[0]))`;
  else call = `.method(${javaString(request.method)}, ${hasBody ? 'body' : 'null'})`;
  out.push('Request request = new Request.Builder()', `  .url(${javaString(request.url)})`, `  ${call}`);
  for (const [name, value] of allHeaders(request)) out.push(`  .addHeader(${javaString(name)}, ${javaString(value)})`);
  out.push('  .build();', '', 'Response response = client.newCall(request).execute();');
  return out.join('\n');
}

// ---- PHP (ext-curl) ----

function php(request: SampleRequest): string {
  const options = [
    `CURLOPT_URL => ${phpString(request.url)},`,
    'CURLOPT_RETURNTRANSFER => true,',
    'CURLOPT_ENCODING => "",',
    'CURLOPT_MAXREDIRS => 10,',
    'CURLOPT_TIMEOUT => 30,',
    'CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,',
    `CURLOPT_CUSTOMREQUEST => ${phpString(request.method)},`,
  ];
  const text = bodyText(request);
  if (text !== undefined) options.push(`CURLOPT_POSTFIELDS => ${phpString(text)},`);
  else if (request.body) {
    const fields = [
      ...(request.body.pairs ?? []).map(([k, v]) => `${phpString(k)} => ${phpString(v)}`),
      ...(request.body.files ?? []).map((k) => `${phpString(k)} => new CURLFile("file")`),
    ];
    options.push(fields.length > 0 ? `CURLOPT_POSTFIELDS => [\n    ${fields.join(',\n    ')}\n  ],` : 'CURLOPT_POSTFIELDS => [],');
  }
  if (request.cookies.length > 0) options.push(`CURLOPT_COOKIE => ${phpString(cookieHeader(request))},`);
  if (request.headers.length > 0)
    options.push(`CURLOPT_HTTPHEADER => [\n    ${request.headers.map(([k, v]) => phpString(`${k}: ${v}`)).join(',\n    ')}\n  ],`);
  return [
    '<?php',
    '',
    '$curl = curl_init();',
    '',
    'curl_setopt_array($curl, [',
    ...options.map((o) => `  ${o}`),
    ']);',
    '',
    '$response = curl_exec($curl);',
    '$err = curl_error($curl);',
    '',
    'curl_close($curl);',
    '',
    'if ($err) {',
    '  echo "cURL Error #:" . $err;',
    '} else {',
    '  echo $response;',
    '}',
  ].join('\n');
}

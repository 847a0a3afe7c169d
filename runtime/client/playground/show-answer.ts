// The server's answer in the playground: the status (coloured by class),
// the time it took, the headers (folded) and the body — JSON pretty-printed —
// coloured by its content type with the tokens the build colours examples
// with: JSON (compiler/reference/highlight-json.ts), form-urlencoded pairs,
// XML and HTML (compiler/reference/sample-tokens.ts); other bodies (YAML,
// plain text…) are shown as text, since colouring them here would mean
// shipping the build's highlighter. Each token is a span whose text is set
// with textContent: a response's HTML stays text.

import { sampleLanguage, sampleTokens } from '../../../compiler/reference/sample-tokens.js';
import type { BuiltRequest } from './build-request.js';
import { h } from './element.js';
import { type Answer, formatBody } from './send-request.js';

export function showAnswer(box: HTMLElement, answer: Answer, request: BuiltRequest): void {
  if (answer.redirected && answer.status === 0) {
    box.replaceChildren(
      h(
        'p',
        { 'data-pg': 'status' },
        'The server answered with a redirect, which the playground does not follow (your credentials would go with it).',
      ),
    );
    return;
  }
  const status = h(
    'p',
    { class: 'docsc-pg-status', 'data-pg': 'status', 'data-status': String(answer.status) },
    h('span', { class: 'docsc-pg-status-code', 'data-class': String(answer.status).charAt(0) }, `${answer.status} ${answer.statusText}`.trim()),
    h('span', { class: 'docsc-pg-time' }, `${answer.ms} ms`),
  );
  const headers = h(
    'details',
    { class: 'docsc-pg-headers' },
    h('summary', {}, `Headers (${answer.headers.length})`),
    h('pre', {}, answer.headers.map(([k, v]) => `${k}: ${v}`).join('\n')),
  );
  const note = answer.redirected ? h('p', { class: 'docsc-pg-note' }, `Redirect to ${answer.redirected} not followed.`) : '';
  const code = h('code');
  const text = formatBody(answer);
  const language = /^\s*[[{]/.test(text) ? 'json' : sampleLanguage(answer.contentType);
  const tokens = sampleTokens(text, language);
  if (tokens === undefined) code.textContent = text;
  else for (const token of tokens) code.append(token.kind === 'plain' ? token.text : h('span', { class: `docsc-j-${token.kind}` }, token.text));
  code.dataset.language = language;
  const body = h('pre', { class: 'docsc-pg-response-body', 'data-pg': 'response-body', tabindex: '0' }, code);
  box.replaceChildren(status, note, headers, body);
  box.dataset.url = request.url;
}

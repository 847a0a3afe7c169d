// The playground of one API page, built from its embedded data: a panel
// over the page (a modal `<dialog>`) that the bar's "Try it" button opens —
// Escape and the close button close it and give the focus back to Try it.
// Inside: server and variables, authorization, parameters and body
// (playground-inputs.ts, body-editor.ts) beside the live request preview,
// Send and the answer (show-answer.ts). Every edit rewrites the preview, the
// page's own request examples (request-preview.ts) and the base URL in the
// bar. In simple mode (no usable server, or docs.json asks for it) there is
// no Send button and a message says why. Everything from the document or
// the server is put in the page with textContent or attribute setters,
// never as HTML.

import { bodyEditor } from './body-editor.js';
import { buildRequest, type PlaygroundState } from './build-request.js';
import { CredentialStore } from './credential-store.js';
import { h } from './element.js';
import type { PlaygroundData } from './playground-data.js';
import { authInputs, parameterInputs, serverInputs } from './playground-inputs.js';
import { SAMPLE_INFO, SAMPLE_LANGUAGES, type SampleLanguage, showRequestSample, syncReferenceSamples } from './request-preview.js';
import { sendRequest } from './send-request.js';
import { serverUrl } from './server-url.js';
import { showAnswer } from './show-answer.js';

/** Whether the page is served by `docsc dev` (which injects its client), where the proxy exists. */
function servedByDev(): boolean {
  return document.querySelector('script[src="/_docsc/dev/client.js"]') !== null;
}

let dialogs = 0;

export function mountPlayground(section: HTMLElement, data: PlaygroundData): void {
  const state: PlaygroundState = {
    server: 0,
    variables: Object.fromEntries((data.servers[0]?.variables ?? []).map((v) => [v.name, v.default])),
    auth: data.security.alternatives.length > 0 ? 0 : -1,
    credentials: {},
    params: Object.fromEntries(data.parameters.map((p) => [`${p.in}:${p.name}`, p.value ?? ''])),
    mediaType: 0,
    bodyText: data.body?.mediaTypes[0]?.example ?? '',
    form: {},
    files: {},
  };
  for (const media of data.body?.mediaTypes ?? []) for (const f of media.fields ?? []) state.form[f.name] ??= f.value ?? '';
  const store = new CredentialStore(originOf(data, state));
  state.credentials = store.load();
  let language: SampleLanguage = 'curl';
  const viaProxy = data.proxy && servedByDev();
  const head = section.closest('.docsc-api-head') ?? document;
  const tryIt = head.querySelector<HTMLButtonElement>('[data-docsc-try-it]');
  const base = head.querySelector<HTMLElement>('[data-docsc-api-base]');

  const preview = h('pre', { class: 'docsc-pg-preview', 'data-pg': 'preview', tabindex: '0' });
  const problem = h('p', { class: 'docsc-pg-problem', 'data-pg': 'problem', role: 'status' });
  const answerBox = h('div', { class: 'docsc-pg-answer', 'data-pg': 'answer', 'aria-live': 'polite' });
  let initial = true;
  const update = () => {
    const masked = buildRequest(data, state, location.href, true);
    showRequestSample(preview, masked, language);
    // The reference's samples follow the reader's inputs from their first edit on.
    if (!initial) syncReferenceSamples(document, masked);
    const real = buildRequest(data, state, location.href, false);
    problem.textContent = data.mode === 'interactive' ? (real.error ?? '') : '';
    const server = data.servers[state.server];
    const target = server ? serverUrl(server, state.variables, location.href) : undefined;
    if (base && target?.ok) base.textContent = target.url.replace(/\/+$/, '');
  };

  // Inputs.
  const inputs = h('div', { class: 'docsc-pg-inputs' });
  if (data.mode === 'simple')
    inputs.append(h('p', { class: 'docsc-pg-simple', 'data-pg': 'simple' }, data.reason ?? 'Requests cannot be sent from this page.'));
  if (data.servers.length > 0) inputs.append(serverInputs(data, state, update));
  if (data.security.alternatives.length > 0) inputs.append(authInputs(data, state, store, update));
  for (const location of ['path', 'query', 'header', 'cookie'] as const) {
    const box = parameterInputs(data, location, state, update);
    if (box) inputs.append(box);
  }
  const body = bodyEditor(data, state, update);
  if (body) inputs.append(body);

  // Preview, send, answer.
  const tabs = h('div', { class: 'docsc-pg-languages', role: 'tablist', 'aria-label': 'Language' });
  for (const name of SAMPLE_LANGUAGES) {
    const tab = h(
      'button',
      { type: 'button', role: 'tab', 'aria-selected': name === language ? 'true' : 'false', 'data-pg-language': name },
      SAMPLE_INFO[name].label,
    );
    tab.addEventListener('click', () => {
      language = name;
      for (const other of tabs.children) other.setAttribute('aria-selected', other === tab ? 'true' : 'false');
      update();
    });
    tabs.append(tab);
  }
  const output = h('div', { class: 'docsc-pg-output' }, h('div', { class: 'docsc-pg-request' }, tabs, preview));
  const form = h('form', { class: 'docsc-pg-form', novalidate: true }, inputs, output);
  if (data.mode === 'interactive') {
    const send = h('button', { type: 'submit', class: 'docsc-pg-send', 'data-pg': 'send' }, 'Send');
    let pending: AbortController | undefined;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const request = buildRequest(data, state, location.href, false);
      if (request.error) {
        problem.textContent = request.error;
        return;
      }
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      send.disabled = true;
      answerBox.replaceChildren(h('p', {}, 'Sending…'));
      sendRequest(request, state, viaProxy, controller.signal, data.credentials === true)
        .then((answer) => showAnswer(answerBox, answer, request))
        .catch((error: unknown) => {
          if (controller.signal.aborted && pending !== controller) return;
          answerBox.replaceChildren(
            h('p', { class: 'docsc-pg-error', 'data-pg': 'error' }, `The request failed: ${(error as Error).message}. `, corsHint(viaProxy)),
          );
        })
        .finally(() => {
          send.disabled = false;
        });
    });
    output.append(h('div', { class: 'docsc-pg-actions' }, send, problem));
  } else output.append(problem);
  output.append(answerBox);

  // The panel.
  const titleId = `docsc-pg-title-${++dialogs}`;
  const close = h('button', { type: 'button', class: 'docsc-pg-close', 'data-pg': 'close', 'aria-label': 'Close the playground' }, '✕');
  const dialog = h(
    'dialog',
    { class: 'docsc-pg-dialog', 'aria-labelledby': titleId },
    h(
      'div',
      { class: 'docsc-pg-top' },
      h(
        'p',
        { class: 'docsc-pg-title', id: titleId },
        h('span', { class: 'docsc-method', 'data-method': data.method.toLowerCase() }, data.method),
        ' ',
        h('code', {}, data.path),
      ),
      close,
    ),
    form,
  );
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => tryIt?.focus());
  // A click on the backdrop (the dialog itself, outside its content) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  section.replaceChildren(dialog);
  if (tryIt) {
    tryIt.addEventListener('click', () => {
      if (!dialog.open) dialog.showModal();
    });
    tryIt.setAttribute('aria-controls', titleId.replace('title', 'dialog'));
    dialog.id = titleId.replace('title', 'dialog');
  } else dialog.show();
  update();
  initial = false;
}

function corsHint(viaProxy: boolean): string {
  return viaProxy
    ? 'The docsc dev proxy could not reach the server.'
    : 'If the server is up, it may not allow calls from this site (CORS); `docsc dev` can proxy requests for you.';
}

function originOf(data: PlaygroundData, state: PlaygroundState): string {
  const server = data.servers[state.server];
  if (!server) return location.origin;
  const url = serverUrl(server, state.variables, location.href);
  return url.ok ? new URL(url.url).origin : location.origin;
}

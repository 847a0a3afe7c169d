// The playground of one API page, built from its embedded data: server and
// variables, authentication, parameters, body, a live request preview, the
// send button and the answer. In simple mode (no usable server, or docs.json
// asks for it) there is no send button and a message says why. Everything
// from the document or the server is put in the page with textContent or
// attribute setters, never as HTML.

import { type BuiltRequest, buildRequest, type Credentials, type PlaygroundState } from './build-request.js';
import { CredentialStore } from './credential-store.js';
import type { PlaygroundData, PlaygroundParameter, PlaygroundScheme } from './playground-data.js';
import { previewRequest, SAMPLE_INFO, SAMPLE_LANGUAGES, type SampleLanguage, syncReferenceSamples } from './request-preview.js';
import { type Answer, formatBody, sendRequest } from './send-request.js';
import { serverUrl } from './server-url.js';

type Attributes = Record<string, string | boolean | undefined>;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  element.append(...children);
  return element;
}

/** Whether the page is served by `docsc dev` (which injects its client), where the proxy exists. */
function servedByDev(): boolean {
  return document.querySelector('script[src="/_docsc/dev/client.js"]') !== null;
}

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

  const form = h('form', { class: 'docsc-pg-form', novalidate: true });
  const preview = h('pre', { class: 'docsc-pg-preview', 'data-pg': 'preview' });
  const problem = h('p', { class: 'docsc-pg-problem', 'data-pg': 'problem', role: 'status' });
  const answerBox = h('div', { class: 'docsc-pg-answer', 'data-pg': 'answer', 'aria-live': 'polite' });
  const serverBox = h('div', { class: 'docsc-pg-servers' });
  let initial = true;
  const update = () => {
    const masked = buildRequest(data, state, location.href, true);
    preview.textContent = previewRequest(masked, language);
    // The reference's samples follow the reader's inputs from their first edit on.
    if (!initial) syncReferenceSamples(document, masked);
    const real = buildRequest(data, state, location.href, false);
    problem.textContent = data.mode === 'interactive' ? (real.error ?? '') : '';
  };

  section.replaceChildren(h('h2', { class: 'docsc-pg-title' }, 'Try it'));
  if (data.mode === 'simple')
    section.append(h('p', { class: 'docsc-pg-simple', 'data-pg': 'simple' }, data.reason ?? 'Requests cannot be sent from this page.'));

  // Servers and their variables.
  const renderServer = () => {
    serverBox.replaceChildren();
    if (data.servers.length > 1) {
      const select = h('select', { 'data-pg': 'server', 'aria-label': 'Server' });
      for (const [i, server] of data.servers.entries()) {
        const label = server.description ? `${server.url} — ${server.description}` : server.url;
        select.append(h('option', { value: String(i), selected: i === state.server }, label));
      }
      select.addEventListener('change', () => {
        state.server = Number(select.value);
        state.variables = Object.fromEntries((data.servers[state.server]?.variables ?? []).map((v) => [v.name, v.default]));
        renderServer();
        update();
      });
      serverBox.append(h('label', {}, 'Server ', select));
    } else if (data.servers[0]) serverBox.append(h('p', {}, 'Server ', h('code', {}, data.servers[0].url)));
    for (const variable of data.servers[state.server]?.variables ?? []) {
      const input = variable.enum
        ? h(
            'select',
            { 'data-pg-var': variable.name },
            ...variable.enum.map((v) => h('option', { value: v, selected: v === state.variables[variable.name] }, v)),
          )
        : h('input', { 'data-pg-var': variable.name, value: state.variables[variable.name] ?? '', spellcheck: 'false' });
      input.addEventListener('input', () => {
        state.variables[variable.name] = input.value;
        update();
      });
      input.addEventListener('change', () => {
        state.variables[variable.name] = input.value;
        update();
      });
      serverBox.append(h('label', { class: 'docsc-pg-variable' }, `{${variable.name}} `, input));
    }
  };
  renderServer();
  form.append(serverBox);

  // Authentication.
  if (data.security.alternatives.length > 0) {
    const box = h('fieldset', { class: 'docsc-pg-auth' }, h('legend', {}, 'Authorization'));
    const inputs = h('div');
    const remember = h('input', { type: 'checkbox', 'data-pg': 'remember', checked: store.remember });
    const save = () => store.save(state.credentials, remember.checked);
    remember.addEventListener('change', save);
    const renderAuth = () => {
      inputs.replaceChildren();
      for (const scheme of data.security.alternatives[state.auth] ?? [])
        inputs.append(
          ...credentialInputs(scheme, state.credentials, () => {
            save();
            update();
          }),
        );
    };
    if (data.security.alternatives.length > 1 || data.security.optional) {
      const select = h('select', { 'data-pg': 'auth', 'aria-label': 'Authentication method' });
      for (const [i, alternative] of data.security.alternatives.entries()) {
        select.append(h('option', { value: String(i) }, alternative.map((s) => `${s.name} (${s.label})`).join(' + ')));
      }
      if (data.security.optional) select.append(h('option', { value: '-1' }, 'None'));
      select.addEventListener('change', () => {
        state.auth = Number(select.value);
        renderAuth();
        update();
      });
      box.append(h('label', {}, 'Method ', select));
    }
    renderAuth();
    box.append(inputs, h('label', { class: 'docsc-pg-remember' }, remember, ' Remember credentials in this browser'));
    box.append(
      h(
        'p',
        { class: 'docsc-pg-note' },
        'Credentials are sent only to the selected server and are kept in this page unless you choose to remember them.',
      ),
    );
    form.append(box);
  }

  // Parameters.
  for (const location of ['path', 'query', 'header', 'cookie'] as const) {
    const here = data.parameters.filter((p) => p.in === location);
    if (here.length === 0) continue;
    const box = h('fieldset', { class: 'docsc-pg-params' }, h('legend', {}, `${location[0]?.toUpperCase()}${location.slice(1)} parameters`));
    for (const parameter of here) box.append(parameterInput(parameter, state, update));
    form.append(box);
  }

  // Body.
  if (data.body && !(data.method === 'GET' || data.method === 'HEAD')) {
    const body = data.body;
    const box = h('fieldset', { class: 'docsc-pg-body' }, h('legend', {}, 'Body'));
    const content = h('div');
    const renderBody = () => {
      content.replaceChildren();
      const media = body.mediaTypes[state.mediaType];
      if (!media) return;
      if (media.fields) {
        for (const field of media.fields) {
          const input = field.file
            ? h('input', { type: 'file', 'data-pg-form': field.name })
            : h('input', { 'data-pg-form': field.name, value: state.form[field.name] ?? '', placeholder: field.type, required: field.required });
          input.addEventListener(field.file ? 'change' : 'input', () => {
            if (field.file) state.files[field.name] = input.files?.[0];
            else state.form[field.name] = input.value;
            update();
          });
          content.append(h('label', { class: 'docsc-pg-field' }, h('code', {}, field.name), field.required ? ' *' : '', ' ', input));
        }
      } else {
        const editor = h('textarea', { 'data-pg': 'body', rows: '10', spellcheck: 'false', 'aria-label': `Body (${media.type})` });
        editor.value = state.bodyText;
        editor.addEventListener('input', () => {
          state.bodyText = editor.value;
          update();
        });
        content.append(editor);
      }
    };
    if (body.mediaTypes.length > 1) {
      const select = h(
        'select',
        { 'data-pg': 'media', 'aria-label': 'Content type' },
        ...body.mediaTypes.map((m, i) => h('option', { value: String(i) }, m.type)),
      );
      select.addEventListener('change', () => {
        state.mediaType = Number(select.value);
        state.bodyText = body.mediaTypes[state.mediaType]?.example ?? '';
        renderBody();
        update();
      });
      box.append(h('label', {}, 'Content type ', select));
    } else box.append(h('p', {}, h('code', {}, body.mediaTypes[0]?.type ?? '')));
    renderBody();
    box.append(content);
    form.append(box);
  }

  // Preview, send, answer.
  const tabs = h('div', { class: 'docsc-pg-languages', role: 'tablist' });
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
  form.append(h('div', { class: 'docsc-pg-request' }, tabs, preview));
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
    form.append(h('div', { class: 'docsc-pg-actions' }, send, problem));
  }
  section.append(form, answerBox);
  update();
  initial = false;
}

function credentialInputs(scheme: PlaygroundScheme, credentials: Record<string, Credentials>, changed: () => void): HTMLElement[] {
  credentials[scheme.name] ??= {};
  const given = credentials[scheme.name] as Credentials;
  const input = (key: keyof Credentials, label: string, type: string) => {
    const element = h('input', { type, 'data-pg-cred': `${scheme.name}:${key}`, autocomplete: 'off', spellcheck: 'false' });
    element.value = given[key] ?? '';
    element.addEventListener('input', () => {
      given[key] = element.value;
      changed();
    });
    return h('label', { class: 'docsc-pg-field' }, `${label} `, element);
  };
  if (scheme.kind === 'basic') return [input('username', `${scheme.name} username`, 'text'), input('password', 'password', 'password')];
  if (scheme.kind === 'apiKey') return [input('value', `${scheme.paramName} (${scheme.in ?? 'header'})`, 'password')];
  if (scheme.kind === 'unsupported')
    return [h('p', { class: 'docsc-pg-note' }, `${scheme.name}: ${scheme.label} cannot be sent from the playground.`)];
  return [input('value', `${scheme.name} token`, 'password')];
}

function parameterInput(parameter: PlaygroundParameter, state: PlaygroundState, update: () => void): HTMLElement {
  const key = `${parameter.in}:${parameter.name}`;
  let input: HTMLInputElement | HTMLSelectElement;
  if (parameter.enum) {
    input = h(
      'select',
      { 'data-pg-param': key },
      ...(parameter.required ? [] : [h('option', { value: '' }, '—')]),
      ...parameter.enum.map((v) => h('option', { value: v }, v)),
    );
    input.value = state.params[key] ?? '';
  } else {
    input = h('input', { 'data-pg-param': key, placeholder: parameter.type ?? '', spellcheck: 'false', required: parameter.required });
    input.value = state.params[key] ?? '';
  }
  const changed = () => {
    state.params[key] = input.value;
    update();
  };
  input.addEventListener('input', changed);
  input.addEventListener('change', changed);
  return h(
    'label',
    { class: 'docsc-pg-field' },
    h('code', {}, parameter.name),
    parameter.required ? ' *' : '',
    parameter.type ? ` ${parameter.type} ` : ' ',
    input,
  );
}

function showAnswer(box: HTMLElement, answer: Answer, request: BuiltRequest): void {
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
    `${answer.status} ${answer.statusText}`.trim(),
    h('span', { class: 'docsc-pg-time' }, ` · ${answer.ms} ms`),
  );
  const headers = h(
    'details',
    { class: 'docsc-pg-headers' },
    h('summary', {}, `Headers (${answer.headers.length})`),
    h('pre', {}, answer.headers.map(([k, v]) => `${k}: ${v}`).join('\n')),
  );
  const note = answer.redirected ? h('p', { class: 'docsc-pg-note' }, `Redirect to ${answer.redirected} not followed.`) : '';
  const body = h('pre', { class: 'docsc-pg-response-body', 'data-pg': 'response-body' });
  body.textContent = formatBody(answer);
  box.replaceChildren(status, note, headers, body);
  box.dataset.url = request.url;
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

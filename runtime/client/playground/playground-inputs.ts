// The playground's inputs besides the body: the server (a picker when there
// are several) and its variables, the authorization of the chosen security
// alternative (credentials kept in memory unless the reader opts in:
// credential-store.ts), and one typed input per parameter, grouped by
// location. Each input writes the playground's state and calls `changed`.

import type { Credentials, PlaygroundState } from './build-request.js';
import type { CredentialStore } from './credential-store.js';
import { h } from './element.js';
import { fieldLabel } from './field-label.js';
import type { PlaygroundData, PlaygroundParameter, PlaygroundScheme } from './playground-data.js';

/** A labelled row: the label text (name, type, required mark) above its input. */
function row(name: string, type: string | undefined, required: boolean, input: HTMLElement, className = 'docsc-pg-field'): HTMLElement {
  return h('label', { class: className }, fieldLabel(name, type || undefined, required), input);
}

export function serverInputs(data: PlaygroundData, state: PlaygroundState, changed: () => void): HTMLElement {
  const box = h('fieldset', { class: 'docsc-pg-servers' }, h('legend', {}, 'Server'));
  const inner = h('div');
  const render = () => {
    inner.replaceChildren();
    if (data.servers.length > 1) {
      const select = h('select', { 'data-pg': 'server', 'aria-label': 'Server' });
      for (const [i, server] of data.servers.entries()) {
        const label = server.description ? `${server.url} — ${server.description}` : server.url;
        select.append(h('option', { value: String(i), selected: i === state.server }, label));
      }
      select.addEventListener('change', () => {
        state.server = Number(select.value);
        state.variables = Object.fromEntries((data.servers[state.server]?.variables ?? []).map((v) => [v.name, v.default]));
        render();
        changed();
      });
      inner.append(select);
    } else if (data.servers[0]) inner.append(h('p', { class: 'docsc-pg-server' }, h('code', {}, data.servers[0].url)));
    for (const variable of data.servers[state.server]?.variables ?? []) {
      const input = variable.enum
        ? h(
            'select',
            { 'data-pg-var': variable.name },
            ...variable.enum.map((v) => h('option', { value: v, selected: v === state.variables[variable.name] }, v)),
          )
        : h('input', { 'data-pg-var': variable.name, value: state.variables[variable.name] ?? '', spellcheck: 'false' });
      const update = () => {
        state.variables[variable.name] = input.value;
        changed();
      };
      input.addEventListener('input', update);
      input.addEventListener('change', update);
      inner.append(row(`{${variable.name}}`, 'variable', false, input, 'docsc-pg-field docsc-pg-variable'));
    }
  };
  render();
  box.append(inner);
  return box;
}

export function authInputs(data: PlaygroundData, state: PlaygroundState, store: CredentialStore, changed: () => void): HTMLElement {
  const box = h('fieldset', { class: 'docsc-pg-auth' }, h('legend', {}, 'Authorization'));
  const inputs = h('div');
  const remember = h('input', { type: 'checkbox', 'data-pg': 'remember', checked: store.remember });
  const save = () => store.save(state.credentials, remember.checked);
  remember.addEventListener('change', save);
  const render = () => {
    inputs.replaceChildren();
    for (const scheme of data.security.alternatives[state.auth] ?? [])
      inputs.append(
        ...credentialInputs(scheme, state.credentials, () => {
          save();
          changed();
        }),
      );
  };
  if (data.security.alternatives.length > 1 || data.security.optional) {
    const select = h('select', { 'data-pg': 'auth', 'aria-label': 'Authentication method' });
    for (const [i, alternative] of data.security.alternatives.entries())
      select.append(h('option', { value: String(i) }, alternative.map((s) => `${s.name} (${s.label})`).join(' + ')));
    if (data.security.optional) select.append(h('option', { value: '-1' }, 'None'));
    select.addEventListener('change', () => {
      state.auth = Number(select.value);
      render();
      changed();
    });
    box.append(row('Method', undefined, false, select));
  }
  render();
  box.append(
    inputs,
    h('label', { class: 'docsc-pg-remember' }, remember, ' Remember credentials in this browser'),
    h(
      'p',
      { class: 'docsc-pg-note' },
      'Credentials are sent only to the selected server and are kept in this page unless you choose to remember them.',
    ),
  );
  return box;
}

function credentialInputs(scheme: PlaygroundScheme, credentials: Record<string, Credentials>, changed: () => void): HTMLElement[] {
  credentials[scheme.name] ??= {};
  const given = credentials[scheme.name] as Credentials;
  const input = (key: keyof Credentials, label: string, hint: string, type: string) => {
    const element = h('input', { type, 'data-pg-cred': `${scheme.name}:${key}`, autocomplete: 'off', spellcheck: 'false' });
    element.value = given[key] ?? '';
    element.addEventListener('input', () => {
      given[key] = element.value;
      changed();
    });
    return row(label, hint, false, element);
  };
  if (scheme.kind === 'basic')
    return [input('username', `${scheme.name} username`, 'basic', 'text'), input('password', `${scheme.name} password`, 'basic', 'password')];
  if (scheme.kind === 'apiKey') return [input('value', scheme.paramName, `API key · ${scheme.in ?? 'header'}`, 'password')];
  if (scheme.kind === 'unsupported')
    return [h('p', { class: 'docsc-pg-note' }, `${scheme.name}: ${scheme.label} cannot be sent from the playground.`)];
  return [input('value', `${scheme.name} token`, 'Bearer', 'password')];
}

/** The parameters of one location (`path`, `query`…), or undefined when it has none. */
export function parameterInputs(
  data: PlaygroundData,
  location: PlaygroundParameter['in'],
  state: PlaygroundState,
  changed: () => void,
): HTMLElement | undefined {
  const here = data.parameters.filter((p) => p.in === location);
  if (here.length === 0) return undefined;
  const box = h('fieldset', { class: 'docsc-pg-params' }, h('legend', {}, `${location[0]?.toUpperCase()}${location.slice(1)} parameters`));
  for (const parameter of here) box.append(parameterInput(parameter, state, changed));
  return box;
}

function parameterInput(parameter: PlaygroundParameter, state: PlaygroundState, changed: () => void): HTMLElement {
  const key = `${parameter.in}:${parameter.name}`;
  let input: HTMLInputElement | HTMLSelectElement;
  if (parameter.enum) {
    input = h(
      'select',
      { 'data-pg-param': key },
      ...(parameter.required ? [] : [h('option', { value: '' }, '—')]),
      ...parameter.enum.map((v) => h('option', { value: v }, v)),
    );
  } else {
    const numeric = parameter.type !== undefined && /^(integer|number)\b/.test(parameter.type);
    input = h('input', {
      'data-pg-param': key,
      placeholder: parameter.type ?? '',
      spellcheck: 'false',
      required: parameter.required,
      inputmode: numeric ? 'decimal' : undefined,
    });
  }
  input.value = state.params[key] ?? '';
  const update = () => {
    state.params[key] = input.value;
    changed();
  };
  input.addEventListener('input', update);
  input.addEventListener('change', update);
  return row(parameter.name, parameter.type, parameter.required, input);
}

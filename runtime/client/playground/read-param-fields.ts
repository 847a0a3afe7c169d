// Pages documented by hand (`api:` frontmatter): the playground's parameters
// and body fields come from the page's `<ParamField>`s, which the components
// render with `data-param-name`, `data-param-in` (path, query, header,
// cookie, body), `data-param-type`, `data-param-required` and
// `data-param-default`.

import type { BodyProperty, PlaygroundData } from './playground-data.js';

export function readParamFields(root: ParentNode, data: PlaygroundData): PlaygroundData {
  const parameters: PlaygroundData['parameters'] = [];
  const fields: NonNullable<PlaygroundData['body']>['mediaTypes'][number]['fields'] = [];
  const bodyExample: Record<string, unknown> = {};
  for (const element of root.querySelectorAll<HTMLElement>('[data-param-name]')) {
    const name = element.dataset.paramName ?? '';
    const where = element.dataset.paramIn ?? '';
    const type = element.dataset.paramType || 'string';
    const required = element.dataset.paramRequired === 'true' || element.dataset.paramRequired === '';
    const value = element.dataset.paramDefault;
    if (name === '') continue;
    if (where === 'path' || where === 'query' || where === 'header' || where === 'cookie')
      parameters.push({ name, in: where, required: required || where === 'path', type, ...(value !== undefined ? { value } : {}) });
    else if (where === 'body') {
      fields.push({ name, type, required, file: type === 'file', ...(value !== undefined ? { value } : {}) });
      bodyExample[name] = value === undefined ? exampleOf(type) : typed(value, type);
    }
  }
  const result: PlaygroundData = { ...data, parameters };
  if (fields.length > 0) {
    const hasFile = fields.some((f) => f.file);
    result.body = {
      required: fields.some((f) => f.required),
      mediaTypes: hasFile
        ? [{ type: 'multipart/form-data', fields }]
        : [
            {
              type: 'application/json',
              example: JSON.stringify(bodyExample, null, 2),
              properties: fields.map((f) => ({ name: f.name, type: f.type, kind: kindOf(f.type), required: f.required })),
            },
          ],
    };
  }
  return result;
}

function kindOf(type: string): BodyProperty['kind'] {
  if (/^(number|integer)/i.test(type)) return 'number';
  if (/^bool/i.test(type)) return 'boolean';
  if (/^(array|object)|\[\]$/i.test(type)) return 'json';
  return 'string';
}

function exampleOf(type: string): unknown {
  if (/^(number|integer)/i.test(type)) return 0;
  if (/^bool/i.test(type)) return false;
  if (/^(array|.*\[\])/i.test(type)) return [];
  if (/^object/i.test(type)) return {};
  return '';
}

function typed(value: string, type: string): unknown {
  if (/^(number|integer)/i.test(type) && !Number.isNaN(Number(value))) return Number(value);
  if (/^bool/i.test(type)) return value === 'true';
  return value;
}

// What an operation's parts are, as its reference (HTML and Markdown) shows
// them: the servers that apply, the parameters merged from its path item, a
// parameter's schema and example value.

import { asRecord } from '../openapi/json-pointer.js';
import { asArray, type Json, type RefResolver } from './resolve-ref.js';

/** An operation's `servers`, else its path item's, else the document's (seed 2.14). */
export function effectiveServers(operation: Json, pathItem: Json, root: Json): unknown[] {
  for (const owner of [operation, pathItem, root]) if (asArray(owner.servers).length > 0) return asArray(owner.servers);
  return [];
}

/** A server URL with its variables' defaults in place. */
export function serverDefaultUrl(server: Json): string {
  const variables = asRecord(server.variables) ?? {};
  return String(server.url ?? '').replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = asRecord(variables[name]);
    return variable?.default === undefined ? whole : String(variable.default);
  });
}

/** The path item's parameters, overridden by the operation's of the same name and location. */
export function mergedParameters(pathItem: Json, operation: Json, resolver: RefResolver): Json[] {
  const byKey = new Map<string, Json>();
  for (const value of [...asArray(pathItem.parameters), ...asArray(operation.parameters)]) {
    const parameter = asRecord(resolver.resolve(value));
    if (parameter) byKey.set(`${String(parameter.in)}\0${String(parameter.name)}`, parameter);
  }
  return [...byKey.values()];
}

/** A parameter described by `content` instead of `schema`: its first media type's schema. */
export function contentSchema(parameter: Json, resolver: RefResolver): unknown {
  const first = Object.values(asRecord(parameter.content) ?? {})[0];
  return asRecord(resolver.resolve(first))?.schema;
}

/** A parameter's own example: `example`, else the first of its named `examples`. */
export function parameterValue(parameter: Json, resolver: RefResolver): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values(asRecord(parameter.examples) ?? {})[0];
  return asRecord(resolver.resolve(first))?.value;
}

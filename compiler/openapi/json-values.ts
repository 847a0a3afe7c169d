// Reading values of an untrusted parsed document: objects, own properties
// (never a prototype's), array indexes, and a value or an error as a
// diagnostic's message names it.

import { cutText } from '../source/cut-text.js';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** An own property only: `constructor` or `__proto__` never reach Object.prototype. */
export function own(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets a property without ever changing a prototype (`__proto__` becomes an ordinary key). */
export function setOwn(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

export function isIndex(step: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(step);
}

/** A value as "Unexpected …" names it: `array`, `number \`42\``, `string \`abc\``. */
export function describeValue(value: unknown): string {
  if (value === null || typeof value === 'boolean') return `\`${String(value)}\``;
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string') return `string \`${value.length > 40 ? `${cutText(value, 40)}…` : value}\``;
  if (typeof value === 'number') return `number \`${value}\``;
  return 'nothing';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

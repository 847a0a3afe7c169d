// What the rest of the compiler knows of a loaded OpenAPI document: its
// operations, webhooks and schemas as an index, the parsed value (not
// dereferenced), and a way back from a JSON pointer to a place in its text.

import type { SourceFile, Span } from '../source/source-file.js';
import type { HttpMethod } from '../syntax/entry-parser.js';

/** `x-docs` (or its alias `x-mint`) on an operation or webhook. */
export interface XDocs {
  metadata?: Record<string, unknown>;
  content?: string;
  href?: string;
}

/** What operations and webhooks have in common: what their pages are made of. */
interface ApiItemInfo {
  method: HttpMethod;
  summary?: string;
  description?: string;
  deprecated: boolean;
  tags: string[];
  /** `x-hidden: true`: its page is published but not listed in the navigation. */
  hidden: boolean;
  /** `x-excluded: true`: no page at all. */
  excluded: boolean;
  xDocs?: XDocs;
  /** JSON pointer segments of the operation object, e.g. ['paths', '/pets', 'get']. */
  pointer: string[];
}

export interface OperationInfo extends ApiItemInfo {
  /** The path key exactly as in `paths`. */
  path: string;
  operationId?: string;
}

export interface WebhookInfo extends ApiItemInfo {
  /** The key in `webhooks`. */
  name: string;
}

export interface OpenApiDocument {
  /** Normalized project-relative path, or the URL for a hosted document. */
  key: string;
  file: SourceFile;
  /** The `openapi` field, e.g. `3.1.0`. */
  version: string;
  /** The parsed document; `$ref`s are left as they are. */
  value: Record<string, unknown>;
  operations: OperationInfo[];
  webhooks: WebhookInfo[];
  schemaNames: string[];
  /** The span of the value at a JSON pointer, or of its nearest ancestor that has one. */
  locate(pointer: readonly (string | number)[]): Span;
  /** Whether this run parsed the text (a remembered analysis parses it only when `value` is first read). */
  readonly parsed: boolean;
}

// Limits shared by every reader of JSON text. Kept apart from json-parser.ts
// so that readers which never build the positioned tree (OpenAPI documents
// that JSON.parse accepts) do not load the grammar (chevrotain).

/** Deeper nesting is refused before parsing, so the recursive parser cannot overflow the stack. */
export const MAX_JSON_DEPTH = 256;

// The HTTP methods an OpenAPI path item may hold, in OpenAPI's lowercase key
// form. Kept apart from entry-parser.ts, which reads them in entry strings,
// so that loading an OpenAPI document does not load the grammar (chevrotain).

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

// What the build embeds on an API page for the playground, as JSON in a
// `<script type="application/json" class="docsc-playground-data">`: the
// operation's method and path, servers with their variables, the security
// alternatives, every parameter and the body's media types with example
// values. Types only: the compiler writes it (compiler/reference/
// playground-data.ts), the client reads it; ParamField pages build the same
// shape from the page's fields (read-param-fields.ts).

export interface PlaygroundData {
  method: string;
  path: string;
  /** `simple`: no send button (no usable server, or docs.json asks for it); `reason` says why. */
  mode: 'interactive' | 'simple';
  reason?: string;
  servers: PlaygroundServer[];
  security: { optional: boolean; alternatives: PlaygroundScheme[][] };
  parameters: PlaygroundParameter[];
  body?: { required: boolean; mediaTypes: PlaygroundMediaType[] };
  /** docs.json `api.playground.proxy` (default true): use `docsc dev`'s proxy when the page is served by it. */
  proxy: boolean;
  /** docs.json `api.playground.credentials`: requests sent directly carry the browser's cookies for the API. */
  credentials?: true;
  /** A page documented by hand (`api:` frontmatter): parameters and body fields come from its `<ParamField>`s. */
  fromParamFields?: boolean;
}

export interface PlaygroundServer {
  url: string;
  description?: string;
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
}

export interface PlaygroundScheme {
  name: string;
  kind: 'apiKey' | 'bearer' | 'basic' | 'oauth2' | 'openIdConnect' | 'unsupported';
  in?: 'header' | 'query' | 'cookie';
  paramName: string;
  label: string;
}

export interface PlaygroundParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** `string`, `integer`, `boolean`, `array of string`… */
  type?: string;
  /** Prefilled value (example, default or first enum value), as text. */
  value?: string;
  enum?: string[];
}

export interface PlaygroundMediaType {
  type: string;
  /** JSON or text bodies: the prefilled editor text. */
  example?: string;
  /** Form bodies (urlencoded, multipart): one input per property; `file` for binary ones. */
  fields?: { name: string; type: string; required: boolean; file: boolean; value?: string }[];
  /** JSON object bodies: the properties, each a typed input (nested objects and arrays as groups) that edits the JSON, which stays editable as text. */
  properties?: BodyProperty[];
}

export interface BodyProperty extends BodyValue {
  name: string;
  required: boolean;
}

/** What one typed input of a JSON body edits: a scalar, an object of its own properties, or an array of items. */
export interface BodyValue {
  /** As the reference shows it: `string`, `integer<int64>`, `object[]`… */
  type: string;
  /**
   * How the input's text becomes the JSON value: `json` parses it (what cannot be typed: choices, maps,
   * several types, a recursive or too deep schema); `object` and `array` are groups of inputs.
   */
  kind: 'string' | 'number' | 'boolean' | 'json' | 'object' | 'array';
  enum?: string[];
  /** `object`: its properties (read-only ones left out). */
  properties?: BodyProperty[];
  /** `array`: what each item is. */
  items?: BodyValue;
}

// @readme/openapi-parser's own rules (its pre-schema checks of security
// schemes, then `validateSpec`: path parameters, parameter, header and
// response schemas one level deep, component names), run without the parser
// on a large document that validate-schema.ts's direct pass found valid as
// written and whose every `$ref` is a bare reference to a component of the
// kind its place expects. The parser would first dereference the whole
// document and validate it again against the OpenAPI schema, which can only
// fail where a `$ref` brings in something of another kind: on such a
// document the rules alone say all it would. Microsoft Graph's beta spec
// (47 MB, 22,000 operations, 100,000 `$ref`s): about 4 s in the parser,
// under 1 s here. Messages, their order and which findings win are the
// parser's (9.0), word for word; tests/openapi-parser-rules.test.ts runs
// each of its cases both ways. A document that does not qualify goes to the
// parser as before.

type JsonObject = Record<string, unknown>;
// The rules read the document as the parser does, untyped: a document that would make it throw makes these throw alike.
// biome-ignore lint/suspicious/noExplicitAny: mirrors the parser's untyped reads, throws included.
type Loose = any;

/** A `$ref` as scan-document.ts found it. */
export interface RefPlace {
  /** Pointer of the object holding the `$ref`. */
  pointer: readonly string[];
  /** That object. */
  holder: object;
  /** The decoded steps of its internal target. */
  target: readonly string[];
}

export interface RuleFindings {
  valid: boolean;
  errors: { message: string }[];
  warnings: { message: string }[];
}

/** Whether the rules alone say what the parser would: bare, same-kind component `$ref`s only, and no `$id` (which would move a 3.1 `$ref`'s base). */
export function rulesSuffice(refs: readonly RefPlace[], text: string): boolean {
  return !text.includes('$id') && refs.every(keepsItsKind);
}

/**
 * The parser's findings once the schema pass found nothing: its pre-schema
 * checks (security schemes), whose errors end the validation, then its rules
 * over paths and components, with its rule settings as validate-document.ts sets
 * them (`array-without-items` a warning). Duplicate operationIds are
 * validate-document.ts's own check; the parser's is not run.
 */
export function runParserRules(root: JsonObject): RuleFindings {
  const deref = dereferencer(root);
  const pre = new Findings();
  checkSecuritySchemes(deref(root.components)?.securitySchemes, deref, pre);
  if (pre.errors.length > 0) return { valid: false, errors: pre.errors, warnings: pre.warnings };
  const spec = new Findings();
  runSpecRules(root, deref, spec);
  return { valid: spec.errors.length === 0, errors: spec.errors, warnings: [...pre.warnings, ...spec.warnings] };
}

/**
 * What the parser's dereferenced document holds where `value` is: a bare
 * component `$ref` is followed to its target (through a chain of them); one
 * whose chain comes round again stays a `$ref`, as the parser leaves it.
 */
export function dereferencer(root: JsonObject): (value: unknown) => Loose {
  // A document names a few thousand targets a hundred thousand times: each is looked up once.
  const targets = new Map<string, unknown>();
  const target = (ref: string): unknown => {
    if (!targets.has(ref)) {
      const steps = refSteps(ref);
      targets.set(ref, steps && valueAt(root, steps));
    }
    return targets.get(ref);
  };
  return (value) => {
    let node = value;
    let seen: Set<unknown> | undefined;
    while (isBareRef(node)) {
      seen ??= new Set();
      if (seen.has(node)) return value;
      seen.add(node);
      const next = target(node.$ref);
      if (next === undefined) return value;
      node = next;
    }
    return node;
  };
}

function isBareRef(value: unknown): value is { $ref: string } {
  return isObject(value) && typeof value.$ref === 'string' && Object.hasOwn(value, '$ref') && Object.keys(value).length === 1;
}

class Findings {
  errors: { message: string }[] = [];
  warnings: { message: string }[] = [];
  error(message: string): void {
    this.errors.push({ message });
  }
  warning(message: string): void {
    this.warnings.push({ message });
  }
}

// ---------------------------------------------------------------------------
// The rules, as @readme/openapi-parser 9.0's OpenAPISpecificationValidator has them

const SUPPORTED_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'trace'];
const PATH_TEMPLATE = /\{([^/}]+)}/g;

function runSpecRules(api: Loose, deref: (value: unknown) => Loose, out: Findings): void {
  const paths = deref(api.paths);
  for (const pathName of Object.keys(paths || {})) {
    const path = deref(paths[pathName]);
    if (path && pathName.startsWith('/')) validatePath(path, `/paths${pathName}`, deref, out);
  }
  const components = deref(api.components);
  if (isOpenApi(api, '3.0') && components) {
    for (const componentType of Object.keys(components)) {
      for (const componentName of Object.keys(deref(components[componentType]))) {
        if (!/^[a-zA-Z0-9.\-_]+$/.test(componentName))
          out.error(
            `\`/components/${componentType}/${componentName}\` has an invalid name. Component names should match against: /^[a-zA-Z0-9.-_]+$/`,
          );
      }
    }
  }
  if (isOpenApi(api, '3.1')) {
    if (!Object.keys(paths || {}).length && !Object.keys(deref(api.webhooks) || {}).length && !Object.keys(components || {}).length)
      out.error('OpenAPI 3.1 definitions must contain at least one entry in either `paths`, `webhooks`, or `components`.');
  }
}

function validatePath(path: Loose, pathId: string, deref: (value: unknown) => Loose, out: Findings): void {
  for (const operationName of SUPPORTED_METHODS) {
    const operation = deref(path[operationName]);
    const operationId = `${pathId}/${operationName}`;
    if (!operation) continue;
    validateParameters(path, pathId, operation, operationId, deref, out);
    const responses = deref(operation.responses);
    for (const responseCode of Object.keys(responses || {})) {
      const response = deref(responses[responseCode]);
      // An `x-` extension beside the responses may hold any JSON: the parser's `in` throws on text
      // (`x-note: "…"`) and its validation stops there; here the extension is passed over.
      if (isObject(response) && !('$ref' in response)) validateResponse(response, `${operationId}/responses/${responseCode}`, deref, out);
    }
  }
}

function validateParameters(
  path: Loose,
  pathId: string,
  operation: Loose,
  operationId: string,
  deref: (value: unknown) => Loose,
  out: Findings,
): void {
  const pathParams: Loose[] = derefList(deref(path.parameters) || [], deref);
  const operationParams: Loose[] = derefList(deref(operation.parameters) || [], deref);
  checkForDuplicates(pathParams, pathId, out);
  checkForDuplicates(operationParams, operationId, out);
  const params = pathParams.reduce((combined: Loose[], value: Loose) => {
    const duplicate = combined.some((param) => {
      if ('$ref' in param || '$ref' in value) return false;
      return param.in === value.in && param.name === value.name;
    });
    if (!duplicate) combined.push(value);
    return combined;
  }, operationParams.slice());
  validatePathParameters(params, pathId, operationId, out);
  validateParameterTypes(params, operationId, deref, out);
}

function validatePathParameters(params: Loose[], pathId: string, operationId: string, out: Findings): void {
  const placeholders = [...new Set(pathId.match(PATH_TEMPLATE) || [])];
  for (const param of params.filter((p) => 'in' in p).filter((p) => p.in === 'path')) {
    if (param.required !== true)
      out.error(`Path parameters cannot be optional. Set \`required=true\` for the \`${param.name}\` parameter at \`${operationId}\`.`);
    const match = placeholders.indexOf(`{${param.name}}`);
    if (match === -1)
      out.error(
        `\`${operationId}\` has a path parameter named \`${param.name}\`, but there is no corresponding \`{${param.name}}\` in the path string.`,
      );
    // As the parser does, even when there is no match (-1: the last placeholder goes).
    placeholders.splice(match, 1);
  }
  if (placeholders.length > 0) {
    const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(placeholders.map((p) => `\`${p}\``));
    out.error(`\`${operationId}\` is missing path parameter(s) for ${list}.`);
  }
}

function validateParameterTypes(params: Loose[], operationId: string, deref: (value: unknown) => Loose, out: Findings): void {
  for (const param of params) {
    if ('$ref' in param) continue;
    const parameterId = `${operationId}/parameters/${param.name}`;
    const schema = deref(param.schema);
    const content = deref(param.content);
    if (!schema && content) {
      validateParameterContent(content, parameterId, deref, out);
      continue;
    }
    if ('$ref' in schema) continue;
    validateSchema(schema, parameterId, out);
  }
}

function validateParameterContent(content: Loose, parameterId: string, deref: (value: unknown) => Loose, out: Findings): void {
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length !== 1) {
    out.error(`\`${parameterId}\` must have exactly one media type in \`content\`, but found ${mediaTypes.length}.`);
    return;
  }
  const mediaType = mediaTypes[0] as string;
  const contentSchema = deref(deref(content[mediaType]).schema);
  if (contentSchema && !('$ref' in contentSchema)) validateSchema(contentSchema, `${parameterId}/content/${mediaType}/schema`, out);
}

function validateResponse(response: Loose, responseId: string, deref: (value: unknown) => Loose, out: Findings): void {
  const headers = deref(response.headers);
  for (const headerName of Object.keys(headers || {})) {
    const header = deref(headers[headerName]);
    const headerId = `${responseId}/headers/${headerName}`;
    if ('$ref' in header) continue;
    const schema = deref(header.schema);
    const content = deref(header.content);
    if (schema) {
      if (!('$ref' in schema)) validateSchema(schema, headerId, out);
    } else if (content) {
      for (const mediaType of Object.keys(content)) {
        const mediaSchema = deref(deref(content[mediaType]).schema);
        if (mediaSchema && !('$ref' in mediaSchema)) validateSchema(mediaSchema || {}, `${headerId}/content/${mediaType}/schema`, out);
      }
    }
  }
  const content = deref(response.content);
  if (content) {
    for (const mediaType of Object.keys(content)) {
      const schema = deref(deref(content[mediaType]).schema);
      if (schema && !('$ref' in schema)) validateSchema(schema || {}, `${responseId}/content/${mediaType}/schema`, out);
    }
  }
}

/** `array-without-items`, a warning as validate-document.ts configures it. */
function validateSchema(schema: Loose, schemaId: string, out: Findings): void {
  if (schema.type === 'array' && !schema.items) out.warning(`\`${schemaId}\` is an array, so it should include an \`items\` schema.`);
}

function checkForDuplicates(params: Loose[], schemaId: string, out: Findings): void {
  for (let i = 0; i < params.length - 1; i++) {
    const outer = params[i];
    for (let j = i + 1; j < params.length; j++) {
      const inner = params[j];
      if ('$ref' in outer || '$ref' in inner) continue;
      if (outer.name === inner.name && outer.in === inner.in)
        out.error(`Found multiple \`${outer.in}\` parameters named \`${outer.name}\` in \`${schemaId}\`.`);
    }
  }
}

const SCHEME_TYPES: Record<string, { required: string[]; foreign: Record<string, string> }> = {
  apiKey: { required: ['name', 'in'], foreign: { scheme: 'http', bearerFormat: 'http', flows: 'oauth2', openIdConnectUrl: 'openIdConnect' } },
  http: { required: ['scheme'], foreign: { name: 'apiKey', in: 'apiKey', flows: 'oauth2', openIdConnectUrl: 'openIdConnect' } },
  oauth2: {
    required: ['flows'],
    foreign: { name: 'apiKey', in: 'apiKey', scheme: 'http', bearerFormat: 'http', openIdConnectUrl: 'openIdConnect' },
  },
  openIdConnect: {
    required: ['openIdConnectUrl'],
    foreign: { name: 'apiKey', in: 'apiKey', scheme: 'http', bearerFormat: 'http', flows: 'oauth2' },
  },
  mutualTLS: {
    required: [],
    foreign: { name: 'apiKey', in: 'apiKey', scheme: 'http', bearerFormat: 'http', flows: 'oauth2', openIdConnectUrl: 'openIdConnect' },
  },
};

/** The parser's pre-schema checks: each problem of a security scheme an error (`invalid-security-scheme-properties`). */
function checkSecuritySchemes(securitySchemes: Loose, deref: (value: unknown) => Loose, out: Findings): void {
  if (!securitySchemes) return;
  for (const name of Object.keys(securitySchemes)) {
    const scheme = deref(securitySchemes[name]);
    if ('$ref' in scheme) continue;
    const schemeId = `/components/securitySchemes/${name}`;
    const report = (message: string) => out.error(message);
    if (!('type' in scheme) || !scheme.type) {
      report(
        `\`${schemeId}\` is missing required property \`type\`. Must be one of: \`apiKey\`, \`http\`, \`oauth2\`, \`openIdConnect\`, \`mutualTLS\`.`,
      );
      continue;
    }
    const type = scheme.type;
    if (type === 'basic') {
      report(`\`${schemeId}\` uses \`type: basic\`, which is a Swagger 2.0 value. In OpenAPI 3.x use \`type: http\` with \`scheme: basic\` instead.`);
      continue;
    }
    if (!(type in SCHEME_TYPES)) {
      report(
        `\`${schemeId}\` has an invalid \`type\`: \`${type}\`. Must be one of: \`apiKey\`, \`http\`, \`oauth2\`, \`openIdConnect\`, \`mutualTLS\`.`,
      );
      continue;
    }
    const config = SCHEME_TYPES[type] as (typeof SCHEME_TYPES)[string];
    for (const prop of config.required)
      if (!(prop in scheme)) report(`\`${schemeId}\` (\`type: ${type}\`) is missing required property \`${prop}\`.`);
    for (const [prop, ownerType] of Object.entries(config.foreign)) {
      if (prop in scheme) report(`\`${schemeId}\` (\`type: ${type}\`) includes \`${prop}\`, which is only valid for \`type: ${ownerType}\` schemes.`);
    }
    if (type === 'apiKey' && typeof scheme.in === 'string' && !['query', 'header', 'cookie'].includes(scheme.in))
      report(`\`${schemeId}\` has an invalid \`in\` value: \`${scheme.in}\`. Must be one of: \`query\`, \`header\`, \`cookie\`.`);
    if (type === 'oauth2' && scheme.flows && typeof scheme.flows === 'object' && Object.keys(scheme.flows).length === 0)
      report(
        `\`${schemeId}\` has empty \`flows\`. At least one grant type is required: \`implicit\`, \`password\`, \`clientCredentials\`, or \`authorizationCode\`.`,
      );
  }
}

function isOpenApi(api: Loose, line: '3.0' | '3.1'): boolean {
  return 'openapi' in api && api.openapi !== undefined && String(api.openapi).startsWith(line);
}

function derefList(list: Loose, deref: (value: unknown) => Loose): Loose {
  return Array.isArray(list) ? list.map(deref) : list;
}

// ---------------------------------------------------------------------------
// The kind of object a `$ref` stands in for, from where it is written

/** A bare `$ref` (nothing beside it) to a component of the kind its place expects. */
export function keepsItsKind(ref: RefPlace): boolean {
  if (Object.keys(ref.holder).length !== 1) return false;
  const kind = kindAt(ref.pointer);
  return kind !== undefined && ref.target.length === 3 && ref.target[0] === 'components' && ref.target[1] === COMPONENT_OF[kind];
}

type Kind = 'schema' | 'parameter' | 'response' | 'header' | 'example' | 'requestBody' | 'link' | 'callback' | 'securityScheme';
/** What the steps of a pointer walk through; `other` holds no reference a copy can keep. */
type Place = Kind | 'document' | 'paths' | 'pathItem' | 'operation' | 'parameters' | 'mediaType' | 'encoding' | 'components' | 'other';
/** A map of named members: the place of every member. */
type Member = `map:${Kind | 'pathItem' | 'mediaType' | 'encoding'}`;

const COMPONENT_OF: Record<Kind, string> = {
  schema: 'schemas',
  parameter: 'parameters',
  response: 'responses',
  header: 'headers',
  example: 'examples',
  requestBody: 'requestBodies',
  link: 'links',
  callback: 'callbacks',
  securityScheme: 'securitySchemes',
};
const KIND_OF_COMPONENT = new Map(Object.entries(COMPONENT_OF).map(([kind, component]) => [component, kind as Kind]));
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** Objects inside a schema that are not schemas (a property of one of these names sends the document to the parser whole). */
const SCHEMA_FIELDS = new Set(['discriminator', 'xml', 'externalDocs']);

/** The kind of object a `$ref` at `pointer` stands for; undefined where no reference the copy keeps may be. */
function kindAt(pointer: readonly string[]): Kind | undefined {
  let place: Place | Member = 'document';
  for (const step of pointer) place = place.startsWith('map:') ? (place.slice(4) as Place) : childPlace(place as Place, step);
  return place in COMPONENT_OF ? (place as Kind) : undefined;
}

function childPlace(place: Place, step: string): Place | Member {
  switch (place) {
    case 'document':
      return step === 'paths' ? 'paths' : step === 'webhooks' ? 'map:pathItem' : step === 'components' ? 'components' : 'other';
    case 'paths':
    case 'callback':
      return 'pathItem';
    case 'pathItem':
      return METHODS.has(step) ? 'operation' : step === 'parameters' ? 'parameters' : 'other';
    case 'operation':
      if (step === 'parameters') return 'parameters';
      if (step === 'requestBody') return 'requestBody';
      if (step === 'responses') return 'map:response';
      return step === 'callbacks' ? 'map:callback' : 'other';
    case 'parameters':
      return 'parameter';
    case 'parameter':
    case 'header':
      return step === 'schema' ? 'schema' : step === 'content' ? 'map:mediaType' : step === 'examples' ? 'map:example' : 'other';
    case 'requestBody':
      return step === 'content' ? 'map:mediaType' : 'other';
    case 'response':
      return step === 'headers' ? 'map:header' : step === 'content' ? 'map:mediaType' : step === 'links' ? 'map:link' : 'other';
    case 'mediaType':
      return step === 'schema' ? 'schema' : step === 'examples' ? 'map:example' : step === 'encoding' ? 'map:encoding' : 'other';
    case 'encoding':
      return step === 'headers' ? 'map:header' : 'other';
    case 'components': {
      if (step === 'pathItems') return 'map:pathItem';
      const kind = KIND_OF_COMPONENT.get(step);
      return kind === undefined ? 'other' : `map:${kind}`;
    }
    case 'schema':
      return SCHEMA_FIELDS.has(step) ? 'other' : 'schema';
    default:
      return 'other';
  }
}

// ---------------------------------------------------------------------------
// Small helpers

function refSteps(ref: string): string[] | undefined {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return decodeURIComponent(ref.slice(2))
      .split('/')
      .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  } catch {
    return undefined;
  }
}

function valueAt(root: unknown, pointer: readonly string[]): unknown {
  let node = root;
  for (const step of pointer) {
    if (Array.isArray(node)) node = node[Number(step)];
    else if (isObject(node)) node = Object.hasOwn(node, step) ? node[step] : undefined;
    else return undefined;
  }
  return node;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

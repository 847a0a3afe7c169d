// Authentication of one operation (seed §5): its `security` (else the
// document's), each requirement an alternative made of one or more schemes
// from `components.securitySchemes`. An empty requirement (`{}`) makes
// authentication optional. What the playground can send: apiKey in a
// header, query or cookie, http bearer and basic; OAuth 2 and OpenID Connect
// take an access token sent as a bearer token; anything else is documented
// only.

import { asRecord } from '../openapi/json-pointer.js';
import { asArray, type Json, type RefResolver, stringOf } from './resolve-ref.js';

export interface SecurityScheme {
  /** The key in `components.securitySchemes`. */
  name: string;
  kind: 'apiKey' | 'bearer' | 'basic' | 'oauth2' | 'openIdConnect' | 'unsupported';
  /** apiKey: where the key goes. */
  in?: 'header' | 'query' | 'cookie';
  /** apiKey: the header, query parameter or cookie name; else `Authorization`. */
  paramName: string;
  /** What the document says it is, e.g. `http digest`, `apiKey in header`. */
  label: string;
  description?: string;
  bearerFormat?: string;
  scopes: string[];
}

export interface Security {
  /** Each alternative: all of its schemes are needed. */
  alternatives: SecurityScheme[][];
  /** An empty requirement is listed: calling without credentials is allowed. */
  optional: boolean;
}

export function operationSecurity(operation: Json, root: Json, resolver: RefResolver): Security {
  const requirements = Array.isArray(operation.security) ? operation.security : asArray(root.security);
  const schemes = asRecord(asRecord(root.components)?.securitySchemes) ?? {};
  const alternatives: SecurityScheme[][] = [];
  let optional = false;
  for (const requirement of requirements) {
    const entries = Object.entries(asRecord(requirement) ?? {});
    if (entries.length === 0) {
      optional = true;
      continue;
    }
    const list = entries.flatMap(([name, scopes]) => {
      const scheme = asRecord(resolver.resolve(schemes[name]));
      return scheme
        ? [
            describeScheme(
              name,
              scheme,
              asArray(scopes).filter((s): s is string => typeof s === 'string'),
            ),
          ]
        : [];
    });
    if (list.length > 0) alternatives.push(list);
  }
  return { alternatives, optional };
}

function describeScheme(name: string, scheme: Json, scopes: string[]): SecurityScheme {
  const description = stringOf(scheme.description);
  const base = { name, scopes, ...(description ? { description } : {}) };
  const type = stringOf(scheme.type) ?? '';
  if (type === 'apiKey') {
    const where = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
    return { ...base, kind: 'apiKey', in: where, paramName: stringOf(scheme.name) ?? name, label: `API key in ${where}` };
  }
  if (type === 'http') {
    const kind = String(scheme.scheme ?? '').toLowerCase();
    const bearerFormat = stringOf(scheme.bearerFormat);
    if (kind === 'bearer')
      return { ...base, kind: 'bearer', paramName: 'Authorization', label: 'Bearer token', ...(bearerFormat ? { bearerFormat } : {}) };
    if (kind === 'basic') return { ...base, kind: 'basic', paramName: 'Authorization', label: 'HTTP basic' };
    return { ...base, kind: 'unsupported', paramName: 'Authorization', label: `HTTP ${kind || 'authentication'}` };
  }
  if (type === 'oauth2') return { ...base, kind: 'oauth2', paramName: 'Authorization', label: 'OAuth 2.0 (access token)' };
  if (type === 'openIdConnect') return { ...base, kind: 'openIdConnect', paramName: 'Authorization', label: 'OpenID Connect (access token)' };
  return { ...base, kind: 'unsupported', paramName: '', label: type || 'unknown' };
}

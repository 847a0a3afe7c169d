// Security and servers: every scheme a `security` array names is declared,
// and the playground has a server to send requests to.

import type { Context } from './analysis-context.js';
import { valueAt } from './document-refs.js';
import { asObject, type JsonObject, own } from './json-values.js';
import type { OperationInfo } from './openapi-document.js';

export function securitySchemeNames(root: JsonObject): string[] {
  return Object.keys(asObject(own(asObject(root.components), 'securitySchemes')));
}

/** Every scheme named in a `security` array must be declared in `components.securitySchemes`. */
export function checkSecurity(security: unknown, pointer: string[], ctx: Context): void {
  if (!Array.isArray(security)) return;
  security.forEach((requirement, index) => {
    for (const name of Object.keys(asObject(requirement))) {
      if (ctx.schemeNames.includes(name)) continue;
      ctx.bag.report('openapi/unknown-security-scheme', ctx.locator.key([...pointer, String(index), name]), {
        name,
        known: knownSchemes(ctx.schemeNames),
      });
    }
  });
}

function knownSchemes(names: readonly string[]): string {
  if (names.length === 0) return 'a scheme declared in `components.securitySchemes` (it declares none)';
  return `one of ${names.map((n) => `\`${n}\``).join(', ')}`;
}

/** Without any server the playground cannot send requests: say so, once. */
export function checkServers(operations: readonly OperationInfo[], ctx: Context): void {
  if (operations.length === 0 || hasServers(ctx.root)) return;
  for (const op of operations) {
    const item = valueAt(ctx.root, op.pointer.slice(0, -1));
    if (hasServers(asObject(item)) || hasServers(asObject(valueAt(ctx.root, op.pointer)))) return;
  }
  const at = Object.hasOwn(ctx.root, 'servers') ? ctx.locator.value(['servers']) : { file: ctx.file.path };
  ctx.bag.report('openapi/no-servers', at);
}

function hasServers(node: JsonObject): boolean {
  return Array.isArray(node.servers) && node.servers.length > 0;
}

// Webhooks (OpenAPI 3.1+): indexed like operations; a 3.0 document's are
// reported once, and kept from the validator, which would repeat it.

import type { Context } from './analysis-context.js';
import { describeOperation, pathItemOperations } from './index-operations.js';
import { asObject, type JsonObject } from './json-values.js';
import type { WebhookInfo } from './openapi-document.js';

/** `webhooks` are OpenAPI 3.1+; a 3.0 document's are reported, not indexed. */
export function indexWebhooks(ctx: Context): WebhookInfo[] {
  if (!Object.hasOwn(ctx.root, 'webhooks')) return [];
  if (!supportsWebhooks(ctx.version)) {
    ctx.bag.report('openapi/webhooks-version', ctx.locator.key(['webhooks']), { version: ctx.version });
    return [];
  }
  const webhooks: WebhookInfo[] = [];
  const hooks = asObject(ctx.root.webhooks);
  for (const name of Object.keys(hooks)) {
    for (const found of pathItemOperations(ctx, hooks[name], ['webhooks', name])) {
      webhooks.push({ name, method: found.method, ...describeOperation(found.op, found.pointer, ctx), pointer: found.pointer });
    }
  }
  return webhooks;
}

function supportsWebhooks(version: string): boolean {
  return !version.startsWith('3.0');
}

/** A 3.0 document's `webhooks` are reported already: the validator would only repeat it as an unknown property. */
export function withoutStaleWebhooks(document: JsonObject, version: string): JsonObject {
  if (supportsWebhooks(version) || !Object.hasOwn(document, 'webhooks')) return document;
  const { webhooks: _, ...rest } = document;
  return rest;
}

// `x-docs.content` (or `x-mint.content`) of an operation or webhook: MDX
// written in the OpenAPI document, rendered with every component by the page
// compiler and placed before the generated documentation (seed 2.14). It is
// compiled with no snippet table — its HTML depends on the content alone, so
// it is cached with the API body by operation slice; an `import` in it is
// reported like any missing snippet.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from '../openapi/openapi-document.js';
import { compilePage } from '../render/compile-page.js';
import { DEFAULT_RENDER_OPTIONS, type RenderOptions } from '../render/render-options.js';

const NO_SNIPPETS = { get: () => undefined };

export function renderApiContent(
  document: OpenApiDocument,
  info: OperationInfo | WebhookInfo,
  options: RenderOptions = DEFAULT_RENDER_OPTIONS,
): { html: string; text: string; diagnostics: Diagnostic[] } | undefined {
  const content = info.xDocs?.content;
  if (content === undefined || content.trim() === '') return undefined;
  const compiled = compilePage({ path: document.key, text: content, want: { summary: false, body: true } }, NO_SNIPPETS, options);
  return {
    html: `<div class="docsc-api-content">${compiled.body?.html ?? ''}${compiled.body?.panel ?? ''}</div>`,
    text: compiled.body?.text ?? '',
    diagnostics: compiled.diagnostics,
  };
}

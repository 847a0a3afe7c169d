// An OpenAPI document loaded as the build loads it, for tests that render its
// pages directly: the test fails, naming the diagnostics, when it does not load.

import * as assert from 'uvu/assert';
import { ProjectHost } from '../../compiler/host/project-host.js';
import { loadOpenApi } from '../../compiler/openapi/load-openapi.js';
import type { OpenApiDocument } from '../../compiler/openapi/openapi-document.js';

export async function loadDocument(root: string, file: string): Promise<OpenApiDocument> {
  const { document, diagnostics } = await loadOpenApi(file, new ProjectHost(root));
  assert.ok(document, `${file}: ${diagnostics.map((d) => d.message).join('; ')}`);
  return document as OpenApiDocument;
}

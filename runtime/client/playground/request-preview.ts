// Live code samples of the request being built, written from the masked
// request (credentials appear as placeholders, never as the values the
// reader typed) by the generators the build uses for the reference's
// samples (compiler/reference/request-samples.ts): the playground's preview
// and every reference sample marked `data-generated="<language>"` follow the
// inputs.

import { requestSample, SAMPLE_INFO, SAMPLE_LANGUAGES, type SampleLanguage } from '../../../compiler/reference/request-samples.js';
import type { BuiltRequest } from './build-request.js';

export { SAMPLE_INFO, SAMPLE_LANGUAGES, type SampleLanguage };

export function previewRequest(request: BuiltRequest, language: SampleLanguage): string {
  return requestSample(request, language);
}

/** Rewrites the reference's generated samples on the page for the current request. */
export function syncReferenceSamples(root: ParentNode, masked: BuiltRequest): void {
  for (const figure of root.querySelectorAll<HTMLElement>('[data-docsc-code-samples] figure[data-generated]')) {
    const language = figure.dataset.generated as SampleLanguage;
    const code = figure.querySelector('code');
    if (code && (SAMPLE_LANGUAGES as readonly string[]).includes(language)) code.textContent = requestSample(masked, language);
  }
}

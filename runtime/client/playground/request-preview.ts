// Live code samples of the request being built, written from the masked
// request (credentials appear as placeholders, never as the values the
// reader typed) by the generators the build uses for the reference's
// samples (compiler/reference/request-samples.ts): the playground's preview
// and every reference sample marked `data-generated="<language>"` follow the
// inputs, coloured by the tokens the build colours them with
// (compiler/reference/code-sample-tokens.ts), each a span whose text is set
// as text, so a sample looks the same before and after an edit and what the
// reader types never becomes markup.

import { codeSampleTokens, TOKEN_STYLES } from '../../../compiler/reference/code-sample-tokens.js';
import { requestSample, SAMPLE_INFO, SAMPLE_LANGUAGES, type SampleLanguage } from '../../../compiler/reference/request-samples.js';
import type { BuiltRequest } from './build-request.js';
import { h } from './element.js';

export { SAMPLE_INFO, SAMPLE_LANGUAGES, type SampleLanguage };

/** Shows the request's sample in `target` (the preview, a reference sample's `code`), highlighted. */
export function showRequestSample(target: HTMLElement, request: BuiltRequest, language: SampleLanguage): void {
  const tokens = codeSampleTokens(requestSample(request, language), language);
  target.replaceChildren(
    ...tokens.map((token) => (token.kind === 'plain' ? token.text : h('span', { style: TOKEN_STYLES[token.kind] }, token.text))),
  );
}

/** Rewrites the reference's generated samples on the page for the current request. */
export function syncReferenceSamples(root: ParentNode, masked: BuiltRequest): void {
  for (const figure of root.querySelectorAll<HTMLElement>('[data-docsc-code-samples] figure[data-generated]')) {
    const language = figure.dataset.generated as SampleLanguage;
    const code = figure.querySelector('code');
    if (code && (SAMPLE_LANGUAGES as readonly string[]).includes(language)) showRequestSample(code, masked, language);
  }
}

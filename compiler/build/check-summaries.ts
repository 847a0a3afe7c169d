// The front end's summarizer for `docsc check` (cached-check.ts): the build's
// summary cache (compile-pages.ts's keys and values) in front of check's own
// pool. A page whose content hash the snapshot knows is looked up by it; a
// miss is read, summarized (summaries only, no bodies) and stored for the
// next check or build. Loaded only by a check that does not replay its record.

import type { BuildCache } from '../cache/build-cache.js';
import { contentHash } from '../cache/value-key.js';
import { type Diagnostic, ranOutOfMemory } from '../diagnostics/diagnostic.js';
import type { PageInput, Summarizer } from '../pages/read-pages.js';
import type { PageSummaryResult } from '../pages/summarize-page.js';
import {
  IN_PROCESS_BELOW,
  type PageFile,
  type SummarizeOptions,
  type SummaryPool,
  summarizePages,
  summaryAtPath,
  summaryPool,
} from '../pages/summarize-pages.js';
import { type CachedSummary, relocateSummary, storedSummary, summaryKey } from './compile-pages.js';

/** The front end's summarizer with the build's summary cache in front of check's own pool. */
export function cachedSummarizer(
  cache: BuildCache,
  identities: ReadonlyMap<string, string>,
  summarized: string[],
  options: SummarizeOptions,
): Summarizer {
  return async (inputs: readonly PageInput[]): Promise<PageSummaryResult[]> => {
    const pool = summaryPool(options.threads);
    try {
      return await summarizeWith(pool, inputs);
    } finally {
      await pool.close();
    }
  };

  async function summarizeWith(pool: SummaryPool, inputs: readonly PageInput[]): Promise<PageSummaryResult[]> {
    const results: (PageSummaryResult | undefined)[] = [];
    const missing: { index: number; file: PageFile; key: string; decoding: Diagnostic[] }[] = [];
    // A site's versions and languages are often copies (crewAI's docs: 24,803 pages, 1,723 different): of the pages
    // the cache lacks, one of each content the snapshot knows is read; the others take its summary, unless its
    // reading reported something (a decoding diagnostic is each file's own: a large page's names its path).
    /** By the key of a content the snapshot knows: the first page of it read, and whether its reading was clean. */
    const firstOf = new Map<string, { index: number; clean: boolean }>();
    const copies: { index: number; path: string; of: number }[] = [];
    inputs.forEach((input, index) => {
      const identity = identities.get(input.path);
      const known = identity !== undefined && !identity.startsWith('unreadable:');
      const identityKey = known ? summaryKey(input.path, identity) : undefined;
      const cached = identityKey === undefined ? undefined : cache.get<CachedSummary>('summary', identityKey);
      if (cached) {
        results[index] = relocateSummary(cached, input.path);
        input.release?.();
        return;
      }
      const first = identityKey === undefined ? undefined : firstOf.get(identityKey);
      if (first?.clean) {
        input.release?.();
        copies.push({ index, path: input.path, of: first.index });
        return;
      }
      const read = input.read();
      if (identityKey !== undefined && first === undefined) firstOf.set(identityKey, { index, clean: read?.diagnostics.length === 0 });
      if (!read) return;
      // Keyed as the build keys it (compile-pages.ts): by what was read; a text with decoding problems apart.
      const key = summaryKey(input.path, `${contentHash(read.text)}${read.diagnostics.length > 0 ? '!' : ''}`);
      missing.push({ index, file: { path: input.path, text: read.text }, key, decoding: read.diagnostics });
      // Pages enough for the workers: they start now, and load the parser while the rest is read.
      if (missing.length === IN_PROCESS_BELOW) pool.warm();
    });
    // Identical contents (versions and languages copied) are summarized once.
    const unique = [...new Map(missing.map((m) => [m.key, m])).values()];
    const done = await summarizePages(
      unique.map((m) => m.file),
      options,
      pool,
    );
    const byKey = new Map<string, PageSummaryResult>();
    unique.forEach(({ file, key, decoding }, i) => {
      const computed = done[i] as PageSummaryResult;
      summarized.push(file.path);
      const entry = { summary: computed.summary, diagnostics: [...decoding, ...computed.diagnostics] };
      if (!ranOutOfMemory(computed.diagnostics)) cache.put('summary', key, storedSummary(entry, file.path));
      byKey.set(key, entry);
    });
    for (const { index, file, key } of missing) results[index] = summaryAtPath(byKey.get(key) as PageSummaryResult, file.path);
    for (const { index, path, of } of copies) results[index] = summaryAtPath(results[of] as PageSummaryResult, path);
    return results.filter((result): result is PageSummaryResult => result !== undefined);
  }
}

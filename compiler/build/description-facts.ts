// What the layout needs of an operation's description (the plain first
// paragraph for the title area and meta tag, and whether that is all of it),
// kept in the build cache by the description's hash: rendering 1,200
// descriptions with micromark costs seconds that a navigation edit must not pay.

import type { BuildCache } from '../cache/build-cache.js';
import { contentHash } from '../cache/value-key.js';

export interface DescriptionFacts {
  /** The first paragraph as plain text (seed 2.15), when there is one. */
  plain?: string;
  /** The whole description is that one short paragraph. */
  isPlain: boolean;
}

/** The facts of a description given to `describeAll`. */
export type DescribeText = (markdown: string) => DescriptionFacts;

/**
 * The facts of these descriptions, from the cache when given one, the others
 * computed: the Markdown renderer (micromark, about 80 ms to load) is loaded
 * only for them. The function returned knows these descriptions only.
 */
export async function describeAll(descriptions: Iterable<string>, cache?: BuildCache): Promise<DescribeText> {
  const facts = new Map<string, DescriptionFacts>();
  let describe: typeof import('../reference/plain-description.js').describeDescription | undefined;
  for (const markdown of descriptions) {
    if (facts.has(markdown)) continue;
    const key = `description:${contentHash(markdown)}`;
    const hit = cache?.get<DescriptionFacts>('derived', key);
    if (hit) {
      facts.set(markdown, hit);
      continue;
    }
    describe ??= (await import('../reference/plain-description.js')).describeDescription;
    const { plain, isPlain } = describe(markdown);
    const made = plain === undefined ? { isPlain } : { plain, isPlain };
    cache?.put('derived', key, made);
    facts.set(markdown, made);
  }
  return (markdown) => {
    const found = facts.get(markdown);
    if (found === undefined) throw new Error('internal: a description was not given to describeAll');
    return found;
  };
}

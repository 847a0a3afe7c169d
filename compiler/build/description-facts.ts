// What the layout needs of an operation's description (the plain first
// paragraph for the title area and meta tag, and whether that is all of it),
// kept in the build cache by the description's hash: rendering 1,200
// descriptions with micromark costs seconds that a navigation edit must not pay.

import type { BuildCache } from '../cache/build-cache.js';
import { contentHash } from '../cache/value-key.js';
import { describeDescription } from '../reference/plain-description.js';

export interface DescriptionFacts {
  /** The first paragraph as plain text (seed 2.15), when there is one. */
  plain?: string;
  /** The whole description is that one short paragraph. */
  isPlain: boolean;
}

export type DescribeText = (markdown: string) => DescriptionFacts;

/** Computed each time: for one page (dev patches) or without a cache. */
export const describeText: DescribeText = (markdown) => {
  const { plain, isPlain } = describeDescription(markdown);
  return plain === undefined ? { isPlain } : { plain, isPlain };
};

export function cachedDescriptions(cache: BuildCache): DescribeText {
  return (markdown) => {
    const key = `description:${contentHash(markdown)}`;
    const hit = cache.get<DescriptionFacts>('derived', key);
    if (hit) return hit;
    const facts = describeText(markdown);
    cache.put('derived', key, facts);
    return facts;
  };
}

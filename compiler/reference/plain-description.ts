// A generated page's description as plain text (seed 2.15: the operation's
// `description`), for the page's `<meta name="description">` and the line
// under its title: the first paragraph, rendered and stripped of markup,
// entities decoded, at most 300 characters. When that paragraph is the whole
// description and has no markup, the reference body leaves it out instead of
// saying it twice.

import { cutText } from '../source/cut-text.js';
import { renderDescription } from './render-description.js';

const MAX = 300;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/**
 * A description rendered once: its HTML, its first paragraph as plain text
 * (`plain`), and whether that paragraph is all of it, unmarked and short
 * enough to be shown whole under the title (`isPlain`). (Each fact had
 * rendered the description again: five renderings an operation, 0.8 s of a
 * cold build's single-threaded end on GitHub's 1,223 operations.)
 */
export function describeDescription(markdown: string): { html: string; plain?: string; isPlain: boolean } {
  const html = renderDescription(markdown);
  const plain = plainOf(html);
  const inner = /^<p>([^<]*)<\/p>\n?$/.exec(html)?.[1];
  const isPlain = inner !== undefined && inner.trim() !== '' && !plain?.endsWith('…');
  return plain === undefined ? { html, isPlain } : { html, plain, isPlain };
}

/** The first paragraph of a rendered description as plain text, at most MAX characters. */
function plainOf(html: string): string | undefined {
  const first = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1];
  if (first === undefined) return undefined;
  const text = first
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  return text.length > MAX ? `${cutText(text, MAX - 1).trimEnd()}…` : text;
}

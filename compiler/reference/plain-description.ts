// A generated page's description as plain text (seed 2.15: the operation's
// `description`), for the page's `<meta name="description">` and the line
// under its title: the first paragraph, rendered and stripped of markup,
// entities decoded, at most 300 characters. When that paragraph is the whole
// description and has no markup, the reference body leaves it out instead of
// saying it twice.

import { renderDescription } from './render-description.js';

const MAX = 300;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

export function plainDescription(markdown: string | undefined): string | undefined {
  if (markdown === undefined) return undefined;
  const html = renderDescription(markdown);
  const first = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1];
  if (first === undefined) return undefined;
  const text = first
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  return text.length > MAX ? `${text.slice(0, MAX - 1).trimEnd()}…` : text;
}

/** The description is one paragraph of plain text, short enough to be shown whole under the title. */
export function descriptionIsPlain(markdown: string): boolean {
  const inner = /^<p>([^<]*)<\/p>\n?$/.exec(renderDescription(markdown))?.[1];
  return inner !== undefined && inner.trim() !== '' && !plainDescription(markdown)?.endsWith('…');
}

// The text of serialized HTML, for assertions on what a reader sees: tags taken out and the entities the
// serializers write (named lt/gt/quot/amp, decimal and hex references) decoded.

const NAMED: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&' };

export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|lt|gt|quot|amp);/gi, (_, name: string) =>
      name.startsWith('#x') || name.startsWith('#X')
        ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : (NAMED[name] ?? ''),
    );
}

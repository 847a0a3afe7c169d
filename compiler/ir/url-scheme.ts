// The one URL scheme policy of the site: which links and sources docsc
// refuses to write. A URL with a scheme that runs script when followed —
// `javascript:`, `vbscript:`, and `data:` (an HTML document) — is refused
// wherever it comes from: docs.json (config/check-url.ts, site/escape-html.ts)
// and pages (render/rewrite-url.ts, the page summary). Every other scheme is
// kept, as Mintlify keeps it: `https:`, `mailto:`, `tel:`, and applications'
// own (`cursor://…`, `vscode:…`, `raycast://…` — "install in your editor"
// buttons). A `data:` image is only a picture, and is kept as an image's source.
// The scheme is read as browsers read it: they drop tabs and newlines anywhere
// and control characters and spaces at the start, so `java\tscript:` and
// ` JAVASCRIPT:` are still `javascript:`; every control character and space
// is dropped here, which refuses more, never less.

const SCRIPT_SCHEMES = new Set(['javascript', 'vbscript', 'data']);

/** The scheme of a URL in lower case, or undefined for a relative URL (`/x`, `x`, `#part`, `//host`). */
export function urlScheme(url: string): string | undefined {
  return /^([a-zA-Z][a-zA-Z\d+.-]*):/.exec(url.replace(/[\u0000-\u0020\u007f]+/g, ''))?.[1]?.toLowerCase();
}

/**
 * The scheme when it runs script (`javascript`, `vbscript`, `data`), else undefined. `image`: the URL is an image's
 * source (`<img src>`, `![](…)`, a poster), where `data:` is a picture.
 */
export function scriptScheme(url: string, image = false): string | undefined {
  const scheme = urlScheme(url);
  if (scheme === undefined || !SCRIPT_SCHEMES.has(scheme)) return undefined;
  return image && scheme === 'data' ? undefined : scheme;
}

/** The attributes of HTML elements that hold URLs: what the renderer checks, and the page summary with it. */
export const HTML_URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'poster',
  'action',
  'formAction',
  'formaction',
  'cite',
  'xlinkHref',
  'xlink:href',
]);

/** The elements whose `src` is a picture or media (not a document, as an `<iframe>`'s or `<embed>`'s is). */
const MEDIA_ELEMENTS = new Set(['img', 'picture', 'source', 'video', 'audio', 'track', 'image']);

/** SVG elements whose `href` (`xlink:href`) is a picture: `<image href="data:image/png;base64,…">` draws a bitmap. */
const SVG_IMAGE_ELEMENTS = new Set(['image', 'feImage']);

/** Whether an HTML element's URL attribute is an image's (or other media's) source, where `data:` is a picture. */
export function isImageSource(tagName: string, attribute: string): boolean {
  if (attribute === 'poster') return true;
  if (attribute === 'src') return MEDIA_ELEMENTS.has(tagName);
  return (attribute === 'href' || attribute === 'xlinkHref' || attribute === 'xlink:href') && SVG_IMAGE_ELEMENTS.has(tagName);
}

/**
 * The diagnostic for a refused URL: `javascript:` and `vbscript:` run in the site's own page, an error; a `data:`
 * URL outside an image (an `<iframe>`'s embedded tweet) opens in an origin of its own in today's browsers, and is
 * refused all the same, with a warning: Mintlify publishes it, and the element stays, without it.
 */
export function refusedUrlCode(scheme: string): 'render/unsafe-url' | 'render/data-url-refused' {
  return scheme === 'data' ? 'render/data-url-refused' : 'render/unsafe-url';
}

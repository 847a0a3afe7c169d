// An image's width over its height, read from its first bytes (SVG's
// `width`/`height` or `viewBox`, the headers of PNG, JPEG and WebP), for
// the top bar's choice between a logo alone and a logo beside the site's name
// (site-chrome.ts). Undefined when the bytes say nothing usable.

export function imageAspect(bytes: Uint8Array, path: string): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
  if (/\.svg$/i.test(path)) return svgAspect(new TextDecoder().decode(bytes.subarray(0, 4096)));
  if (bytes.length >= 24 && ascii(1, 3) === 'PNG') return ratio(view.getUint32(16), view.getUint32(20));
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return webpAspect(view, ascii(12, 4));
  if (bytes.length >= 4 && view.getUint16(0) === 0xffd8) return jpegAspect(view);
  return undefined;
}

function ratio(width: number, height: number): number | undefined {
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0 ? width / height : undefined;
}

function svgAspect(text: string): number | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (tag === undefined) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  // Lengths in user units or pixels; a percentage says nothing of the shape.
  const length = (value: string | undefined) => (value !== undefined && /^\s*[\d.]+\s*(px)?\s*$/.test(value) ? Number.parseFloat(value) : Number.NaN);
  const sized = ratio(length(attribute('width')), length(attribute('height')));
  if (sized !== undefined) return sized;
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  return box?.length === 4 ? ratio(box[2] as number, box[3] as number) : undefined;
}

function webpAspect(view: DataView, chunk: string): number | undefined {
  const uint24 = (at: number) => view.getUint16(at, true) + view.getUint8(at + 2) * 0x10000;
  if (chunk === 'VP8X') return ratio(uint24(24) + 1, uint24(27) + 1);
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return ratio((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ') return ratio(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  return undefined;
}

/** The size in the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegAspect(view: DataView): number | undefined {
  let at = 2;
  while (at + 9 < view.byteLength && view.getUint8(at) === 0xff) {
    const marker = view.getUint8(at + 1);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return ratio(view.getUint16(at + 7), view.getUint16(at + 5));
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

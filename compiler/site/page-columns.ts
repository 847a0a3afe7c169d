// The two-column arrangement of API pages (and of any page with
// `<RequestExample>` / `<ResponseExample>`, as on Mintlify): the body is
// split into its head (the API bar under the title, between
// `<!--docsc:api-head-->` markers), its examples (between
// `<!--docsc:examples-->` markers, and the examples pages write by hand) and
// the rest, the fields. The layout then writes the head under the title, the
// examples in a column of their own — sticky on the right from 1100 px, above
// the fields below that — and the fields after them. The split reads only the
// body's own markers and the exact opening tags the renderer writes for the
// hand-written examples: `<` in a body's text is always `&lt;`, so no text
// can pass for them. A hand-written example is taken whole by counting its
// `<div>`s (bodies are well-formed HTML written by hast-util-to-html).

export interface Columns {
  /** The API bar and the playground's data, or ''. */
  head: string;
  /** The examples column's content, or '' (then the page keeps one column and its table of contents). */
  examples: string;
  /** The rest of the body. */
  body: string;
}

const HEAD = /<!--docsc:api-head-->([\s\S]*?)<!--\/docsc:api-head-->/;
const EXAMPLES = /<!--docsc:examples-->([\s\S]*?)<!--\/docsc:examples-->/g;
/** A generated page's version (build/lay-out-page.ts), at the start of its body: shown in the bar instead. */
const VERSION = /^<p class="docsc-api-version">Version <span>([^<]*)<\/span><\/p>\n?/;
/** The opening tags code-groups.ts writes for RequestExample and ResponseExample. */
const HAND_WRITTEN = /<div class="docsc-code-group docsc-(?:request|response)-example" data-example="(?:request|response)"[^>]*>/g;
const DIV_TAGS = /<div[\s>]|<\/div>/g;

/** The body's parts, or undefined when it has neither an API head nor examples (most pages: the body is not searched further). */
export function splitColumns(html: string): Columns | undefined {
  if (!html.includes('<!--docsc:') && !html.includes(' data-example="')) return undefined;
  let body = html;
  let head = '';
  const version = VERSION.exec(body);
  if (version) body = body.slice(version[0].length);
  const found = HEAD.exec(body);
  if (found) {
    head = found[1] ?? '';
    body = body.slice(0, found.index) + body.slice(found.index + found[0].length);
    // The version as a pill in the bar, after the URL.
    if (version) head = head.replace('</code>', `</code><span class="docsc-api-version">Version ${version[1]}</span>`);
  } else if (version) body = version[0] + body;
  const examples: string[] = [];
  const handWritten = takeHandWritten(body);
  body = handWritten.rest;
  examples.push(...handWritten.taken);
  body = body.replace(EXAMPLES, (_, inner: string) => {
    examples.push(inner);
    return '';
  });
  if (head === '' && examples.length === 0) return undefined;
  return { head, examples: examples.join(''), body };
}

/** Each hand-written example element, whole, and the body without them. */
function takeHandWritten(html: string): { taken: string[]; rest: string } {
  const taken: string[] = [];
  let rest = '';
  let from = 0;
  HAND_WRITTEN.lastIndex = 0;
  for (let match = HAND_WRITTEN.exec(html); match !== null; match = HAND_WRITTEN.exec(html)) {
    if (match.index < from) continue;
    const end = elementEnd(html, match.index + match[0].length);
    if (end === undefined) break;
    rest += html.slice(from, match.index);
    taken.push(html.slice(match.index, end));
    from = end;
    HAND_WRITTEN.lastIndex = end;
  }
  return { taken, rest: rest + html.slice(from) };
}

/** Where the `<div>` opened just before `start` closes (after its `</div>`), or undefined when it never does. */
function elementEnd(html: string, start: number): number | undefined {
  let depth = 1;
  DIV_TAGS.lastIndex = start;
  for (let tag = DIV_TAGS.exec(html); tag !== null; tag = DIV_TAGS.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return undefined;
}

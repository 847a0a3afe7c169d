// Latex: TeX rendered at build time by KaTeX as MathML, which browsers draw
// natively — no stylesheet, font or script to ship. The TeX is the element's
// text (`<Latex>{'\\frac{1}{2}'}</Latex>` or plain text); written inside a
// sentence it is inline math, on its own line display math. A TeX error is
// shown in place, in the source's words (KaTeX's `throwOnError: false`).
// Markdown's math, `$…$` and `$$…$$` (parse-page.ts), renders the same way.
// KaTeX is loaded on the first Latex of a thread.

import { createRequire } from 'node:module';
import type { ElementContent } from 'hast';
import { h, text, textOf } from '../hast-nodes.js';
import { type Component, flagProp } from './component.js';

const require = createRequire(import.meta.url);
type Katex = typeof import('katex').default;
let katex: Katex | undefined;

const Latex: Component = (props, context) => {
  const display = props.display === undefined ? !context.inline : flagProp(props, 'display');
  return renderTex(textOf(props.children).trim(), display);
};

/** TeX as MathML: a block for display math, else inline. Also `$…$` and `$$…$$` in Markdown (render-tree.ts). */
export function renderTex(tex: string, display: boolean): ElementContent {
  katex ??= require('katex') as Katex;
  let markup: string;
  try {
    markup = katex.renderToString(tex, {
      displayMode: display,
      output: 'mathml',
      throwOnError: false,
      trust: false,
      maxSize: 100,
      maxExpand: 1000,
      strict: 'ignore',
    });
  } catch (error) {
    return h('code', { className: ['docsc-latex-error'], title: error instanceof Error ? error.message : String(error) }, [text(tex)]);
  }
  // The search index reads text nodes (finish-body.ts), and MathML is raw HTML: the TeX's words go with it.
  const raw = { type: 'raw', value: markup, data: { searchText: texWords(tex) } } as unknown as ElementContent;
  return h(display ? 'div' : 'span', { className: ['docsc-latex', ...(display ? ['docsc-latex-display'] : [])] }, [raw]);
}

/**
 * TeX as words to search: control words (`\frac`, `\text`) left out, grouping braces too (`x_{i}` reads `x_i`; two
 * groups side by side, `\frac{a}{b}`, are two words), `\{` or `\%` read as the sign.
 */
function texWords(tex: string): string {
  return tex
    .replace(
      /\\([{}$%&#_])|\\[a-zA-Z]+\*?|\\.|\}\s*\{|([{}])/g,
      (_, sign: string | undefined, brace: string | undefined) => sign ?? (brace ? '' : ' '),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

export const LATEX_COMPONENTS: Record<string, Component> = { Latex };

// docs.json's `contextual` menu: actions on the page, beside its title (or
// at the head of the table of contents, with `contextual.display: "toc"`).
// `copy` (copies the page's Markdown source; needs JavaScript, so it shows
// only with it — runtime/client/site/page-actions.ts) and `view` (a link to
// the source the build writes next to the page, `<page>.md`), links that
// open an AI tool with a prompt naming the page (`chatgpt`, `claude`,
// `perplexity`, `grok`), and custom options (`{title, description, icon,
// href}`, `$page` and `$path` replaced; http(s) only). Options that need a
// service docsc does not run (`assistant`, MCP servers, editors) are left
// out. The page's address is absolute with `--site-url`; without it the
// prompt links are completed by the script from the reader's location.
// A `<details>` list, so the links work without JavaScript.

import { type IconRef, iconRefOf } from '../icons/icon-ref.js';
import { escapeHtml, safeHref } from './escape-html.js';

/** A custom option: `href` is a template with `$page` and `$path`. */
export interface CustomAction {
  title: string;
  description?: string;
  icon?: IconRef;
  href: string;
}

export type ContextualOption = 'copy' | 'view' | 'chatgpt' | 'claude' | 'perplexity' | 'grok' | CustomAction;

/** AI tools: the base of the link and the prompt (`{page}` is the page's absolute URL). */
const AI_TOOLS: Record<string, { title: string; base: string }> = {
  chatgpt: { title: 'Open in ChatGPT', base: 'https://chatgpt.com/?hints=search&q=' },
  claude: { title: 'Open in Claude', base: 'https://claude.ai/new?q=' },
  perplexity: { title: 'Open in Perplexity', base: 'https://www.perplexity.ai/search/new?q=' },
  grok: { title: 'Open in Grok', base: 'https://grok.com/?q=' },
};

const PROMPT = 'Read {page} so I can ask questions about it.';

/** The options docsc renders, in order, from `contextual.options` as written (unknown or unsupported ones left out). */
export function readContextualOptions(value: unknown): ContextualOption[] {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { options?: unknown }).options)) return [];
  const options: ContextualOption[] = [];
  for (const option of (value as { options: unknown[] }).options) {
    if (option === 'copy' || option === 'view' || (typeof option === 'string' && option in AI_TOOLS)) options.push(option as ContextualOption);
    else if (typeof option === 'object' && option !== null) {
      const custom = customAction(option as Record<string, unknown>);
      if (custom) options.push(custom);
    }
  }
  return options;
}

function customAction(option: Record<string, unknown>): CustomAction | undefined {
  if (typeof option.title !== 'string') return undefined;
  let href: string | undefined;
  if (typeof option.href === 'string') href = option.href;
  else if (typeof option.href === 'object' && option.href !== null) {
    const { base, query } = option.href as { base?: unknown; query?: unknown };
    if (typeof base !== 'string') return undefined;
    const pairs = Array.isArray(query)
      ? query.filter(
          (q): q is { key: string; value: string } =>
            typeof q === 'object' &&
            q !== null &&
            typeof (q as { key?: unknown }).key === 'string' &&
            typeof (q as { value?: unknown }).value === 'string',
        )
      : [];
    // Values are encoded when the page is known; the template keeps them raw, marked.
    href =
      pairs.length === 0
        ? base
        : `${base}${base.includes('?') ? '&' : '?'}${pairs.map((q) => `${encodeURIComponent(q.key)}=\u0000${q.value}\u0001`).join('&')}`;
  }
  if (href === undefined || !/^https?:\/\//i.test(href)) return undefined;
  const action: CustomAction = { title: option.title, href };
  if (typeof option.description === 'string') action.description = option.description;
  const icon = iconRefOf(option.icon);
  if (icon !== undefined && icon.name !== '') action.icon = icon;
  return action;
}

export interface PageActionsTarget {
  /** The page's path (`/quickstart`). */
  path: string;
  /** `https://docs.example.com` when the build knows it. */
  siteUrl: string | undefined;
  /** The page's Markdown source in the output (`/quickstart.md`), when written. */
  markdown: string | undefined;
}

/**
 * Where a menu sits: beside the title (`header`), at the head of the table
 * of contents (`toc`, docs.json's `contextual.display: "toc"`), or beside
 * the title on narrow screens only, where the table of contents is hidden
 * (`narrow`, the same menu's second copy).
 */
export type PageActionsPlace = 'header' | 'toc' | 'narrow';

/** The menu's HTML for one page, or '' when no option applies to it. */
export function renderPageActions(
  options: readonly ContextualOption[],
  target: PageActionsTarget,
  icon: (icon: IconRef) => string,
  place: PageActionsPlace = 'header',
): string {
  const pageUrl = (target.siteUrl ?? '') + target.path;
  const items: string[] = [];
  for (const option of options) {
    if (option === 'copy') {
      if (target.markdown !== undefined)
        items.push(
          `<li><button type="button" class="docsc-page-copy" data-markdown="${escapeHtml(target.markdown)}">${action('Copy page', 'Copy the page as Markdown for LLMs')}</button></li>`,
        );
    } else if (option === 'view') {
      if (target.markdown !== undefined)
        items.push(`<li><a href="${escapeHtml(target.markdown)}">${action('View as Markdown', 'The page as plain text')}</a></li>`);
    } else if (typeof option === 'string') {
      const tool = AI_TOOLS[option];
      if (tool === undefined) continue;
      const href = tool.base + encodeURIComponent(PROMPT.replace('{page}', pageUrl));
      // Without --site-url the page's origin is known only in the browser: the script completes the prompt.
      const later =
        target.siteUrl === undefined
          ? ` data-prompt-base="${escapeHtml(tool.base)}" data-prompt="${escapeHtml(PROMPT)}" data-page="${escapeHtml(target.path)}"`
          : '';
      items.push(
        `<li><a href="${escapeHtml(href)}" rel="noopener" target="_blank"${later}>${action(tool.title, 'Ask questions about this page')}</a></li>`,
      );
    } else {
      const href = safeHref(
        option.href
          .replace(/\u0000([^\u0001]*)\u0001/g, (_, value: string) => encodeURIComponent(fill(value, pageUrl, target.path)))
          .replace(/\$page|\$path/g, (name) => encodeURI(name === '$page' ? pageUrl : target.path)),
      );
      if (href === undefined || !/^https?:\/\//i.test(href)) continue;
      const glyph = option.icon === undefined ? '' : icon(option.icon);
      items.push(`<li><a href="${escapeHtml(href)}" rel="noopener" target="_blank">${glyph}${action(option.title, option.description)}</a></li>`);
    }
  }
  if (items.length === 0) return '';
  const placed = place === 'header' ? '' : ` data-place="${place}"`;
  return `<details class="docsc-page-actions docsc-dropdown"${placed}><summary>Page actions</summary><ul>${items.join('')}</ul></details>`;
}

function fill(value: string, page: string, path: string): string {
  return value.replace(/\$page/g, page).replace(/\$path/g, path);
}

function action(title: string, description: string | undefined): string {
  return `<span class="docsc-action-title">${escapeHtml(title)}</span>${description ? `<small class="docsc-description-text">${escapeHtml(description)}</small>` : ''}`;
}

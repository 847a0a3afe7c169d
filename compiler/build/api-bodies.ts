// API reference bodies for the build: an API page's own, and the reference
// an MDX page names (`openapi:`) or its frontmatter asks for
// (`openapi-schema:`, `api:`); made by the reference's renderers, loaded
// only when a page needs them, and kept in the build cache by operation
// slice.

import type { BuildCache } from '../cache/build-cache.js';
import { contentHash } from '../cache/value-key.js';
import { type ApiPage, apiPageTitle } from '../ir/api-pages.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { type ApiSettings, settingsKey } from '../reference/api-settings.js';
import { operationSliceHash } from '../reference/operation-slice.js';
import type { ApiPageBody } from '../reference/render-api-page.js';
import { type RenderOptions, renderOptionsKey } from '../render/render-options.js';
import { rebaseReference } from '../site/base-path.js';
import type { PagePlan } from './page-plans.js';

/**
 * API reference bodies, from the cache when the operation's slice is
 * unchanged. A body is stored under its slice's hash; while the document's
 * text is unchanged, the slice's key is found by document and pointer, so the
 * slices of an unchanged document are not hashed again.
 */
export class ApiBodies {
  /** URLs of the pages rendered in this build. */
  readonly rendered: string[] = [];
  /** Slice keys rendered in this build: a page sharing one is not "from the cache". */
  private renderedKeys = new Set<string>();
  /** API pages whose body came from the remote cache. */
  fromRemote = 0;

  private settingsKey: string;
  /**
   * The renderers, loaded by `loadFor` when pages need them: the reference's
   * (micromark, about 80 ms to load) and `x-docs.content`'s (the MDX
   * compiler, about 0.2 s), which a build laying out no API page never needs.
   */
  private reference:
    | {
        page: typeof import('../reference/render-api-page.js').renderApiPage;
        schemaPage: typeof import('../reference/render-schema-page.js').renderSchemaPage;
        playground: typeof import('../reference/param-field-playground.js').paramFieldPlayground;
      }
    | undefined;
  private content: typeof import('../reference/render-api-content.js').renderApiContent | undefined;

  constructor(
    private cache: BuildCache,
    readonly settings: ApiSettings,
    /** docs.json's render options: `x-docs.content` is MDX, its icons follow `icons.library`. */
    private renderOptions: RenderOptions,
    /** Generated pages get their Markdown too (`contextual` copy or view): part of the bodies' key. */
    readonly markdown = false,
  ) {
    this.settingsKey = contentHash(settingsKey(settings) + renderOptionsKey(renderOptions) + (markdown ? '\0markdown' : ''));
  }

  /**
   * Makes laying out these pages possible, before their bodies are made: the
   * reference's renderers for API pages and pages with `openapi:`,
   * `openapi-schema:` or `api:` frontmatter, and `x-docs.content`'s for API
   * pages and `openapi:` pages (whose bodies may not be in the cache).
   */
  async loadFor(plans: readonly PagePlan[]): Promise<void> {
    const api = plans.some((plan) => plan.source.kind === 'api' || plan.source.reference !== undefined);
    if (!api && !plans.some((plan) => plan.source.kind === 'mdx' && asksForReference(plan.source.summary))) return;
    // One at a time: Node 20's loader can fail concurrent imports that share modules (load-openapi.ts).
    if (this.reference === undefined) {
      const { renderApiPage } = await import('../reference/render-api-page.js');
      const { renderSchemaPage } = await import('../reference/render-schema-page.js');
      const { paramFieldPlayground } = await import('../reference/param-field-playground.js');
      this.reference = { page: renderApiPage, schemaPage: renderSchemaPage, playground: paramFieldPlayground };
    }
    if (api) this.content ??= (await import('../reference/render-api-content.js')).renderApiContent;
  }

  /** The reference a page's frontmatter asks for (`openapi-schema`, `api`), if any (after `loadFor`). */
  frontmatterBody(summary: PageSummary, documents: ReadonlyMap<string, OpenApiDocument | undefined>): ApiPageBody | undefined {
    if (!asksForReference(summary)) return undefined;
    if (this.reference === undefined) throw new Error('internal: a reference rendered before ApiBodies.loadFor()');
    const body = this.reference.schemaPage(summary, documents) ?? this.reference.playground(summary, this.settings);
    if (body) body.html = rebaseReference(body.html, this.renderOptions.basePath);
    return body;
  }

  get(page: ApiPage): ApiPageBody {
    return this.find(page, false).body;
  }

  /** The key of a page's body: its operation slice's hash, found by document and pointer while the document is unchanged. */
  keyOf(page: ApiPage): string {
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    // A page written by hand shows its own MDX instead of `x-docs.content`: another body for the same slice.
    const pointer = `${info.pointer.join('/')}${page.origin === 'page' ? '\0page' : ''}`;
    const byPlace = `place\0${this.settingsKey}\0${page.document.key}\0${page.document.file.textHash}\0${pointer}`;
    let key = this.cache.get<string>('api-page', byPlace);
    if (key === undefined) {
      key = `slice\0${this.settingsKey}\0${page.document.key}\0${pointer}\0${operationSliceHash(page.document, info.pointer)}`;
      this.cache.put('api-page', byPlace, key);
    }
    return key;
  }

  /** With a remote cache: fetches the bodies of these pages' API pages that the local cache lacks. */
  async prefetch(plans: readonly PagePlan[]): Promise<void> {
    const keys = plans.flatMap((plan) => (plan.source.kind === 'api' ? [this.keyOf(plan.source.page)] : []));
    if (keys.length > 0) await this.cache.prefetch?.('api-page', keys);
  }

  /** `own`: the body of an API page (counted in `fromRemote`), not a reference in an MDX page. */
  find(page: ApiPage, own = true): { body: ApiPageBody; fromEarlierBuild: boolean } {
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    const key = this.keyOf(page);
    const cached = this.cache.get<ApiPageBody>('api-page', key);
    if (cached) {
      if (own && this.cache.fromRemote?.('api-page', key)) this.fromRemote++;
      return { body: cached, fromEarlierBuild: !this.renderedKeys.has(key) };
    }
    if (this.reference === undefined || this.content === undefined) throw new Error('internal: an API page rendered before ApiBodies.loadFor()');
    // A hand-written page (`openapi:` frontmatter) has its own MDX as its Markdown.
    const generated = page.origin !== 'page';
    const body = this.reference.page(page.document, page.item, this.settings, this.markdown && generated ? apiPageTitle(page) : undefined);
    body.html = rebaseReference(body.html, this.renderOptions.basePath);
    // `x-docs.content` (MDX) comes before the generated documentation; hand-written pages have their own MDX instead.
    const content = generated ? this.content(page.document, info, this.renderOptions) : undefined;
    if (content) {
      body.html = `${content.html}\n${body.html}`;
      body.text = `${content.text} ${body.text}`;
      if (content.diagnostics.length > 0) body.diagnostics = content.diagnostics;
      // In the Markdown, the MDX as written, after the title.
      const source = info.xDocs?.content?.trim();
      if (body.markdown !== undefined && source) body.markdown = body.markdown.replace(/\n\n/, `\n\n${source}\n\n`);
    }
    this.cache.put('api-page', key, body);
    this.renderedKeys.add(key);
    this.rendered.push(page.url ?? '');
    return { body, fromEarlierBuild: false };
  }
}

/** Whether a page's frontmatter asks for reference content of its own: a schema (`openapi-schema`) or a playground (`api`). */
export function asksForReference(summary: PageSummary): boolean {
  return summary.frontmatter['openapi-schema'] !== undefined || summary.frontmatter.api !== undefined;
}

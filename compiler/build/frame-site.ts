// The site around its pages, before any body: every page planned
// (page-plans.ts), the navigation and the layout, "Last modified" dates from
// git (`metadata.timestamp`), and warnings for the docs.json settings docsc
// reads and does not act on. The build frames the site first; the dev
// server frames it to serve pages before its first build is done.

import type { ProjectAnalysis } from '../check.js';
import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import type { ProjectHost } from '../host/project-host.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { type ApiSettings, readApiSettings } from '../reference/api-settings.js';
import { customFiles } from '../site/custom-files.js';
import { imageAspect } from '../site/image-aspect.js';
import { PageLayout } from '../site/page-layout.js';
import { buildSiteNavigation, type PageTitle, type SiteNavigation } from '../site/site-navigation.js';
import { readSiteSettings, type SiteSettings } from '../site/site-settings.js';
import { nodeAt } from '../syntax/json-tree.js';
import { describeAll } from './description-facts.js';
import type { EmitOptions } from './emit-site.js';
import { readGitTimestamps } from './git-timestamps.js';
import { apiDescriptions, linkTitle, type PagePlan, pageTitle, planPages } from './page-plans.js';

/** docs.json settings the schema accepts and docsc does not act on, with what that means (`build/setting-unsupported`). */
const UNSUPPORTED_SETTINGS: [string[], string][] = [
  [['api', 'asyncapi'], 'AsyncAPI documents are not read, and no page is generated from them'],
  [['thumbnails'], 'no social preview images are generated; pages keep the `og:image` their metadata gives'],
];

/** Most logos are wordmarks; one about square (up to twice as wide as high) is an icon, shown beside the name. */
const ICON_ASPECT = 2;

/** Whether the logo is a file of the repository about square; a logo elsewhere (a URL) or unread counts as a wordmark. */
function logoIsIcon(host: ProjectHost, logo: string | undefined): boolean {
  const path = logo === undefined ? undefined : host.normalize(logo.split(/[?#]/)[0] ?? '');
  const read = path === undefined ? undefined : host.read(path);
  if (path === undefined || read === undefined || !read.ok) return false;
  const aspect = imageAspect(read.bytes, path);
  return aspect !== undefined && aspect <= ICON_ASPECT;
}

/** The site around its pages: their plans, the navigation and the layout, and what reading the settings for them reported. */
export interface SiteFrame {
  apiSettings: ApiSettings;
  plans: Map<string, PagePlan>;
  /** The MDX pages whose entry links out (frontmatter `url`), by URL. */
  links: Map<string, PageSummary>;
  navigation: SiteNavigation;
  settings: SiteSettings;
  layout: PageLayout;
  /** `contextual` copy or view: each page's Markdown next to it. */
  wantsMarkdown: boolean;
  diagnostics: Diagnostic[];
  /** The git commit "Last modified" dates were read at (`metadata.timestamp`). */
  gitHead?: string;
}

/** Plans every page and lays out the site around them (the dev server's pages served before its first build use it too). */
export async function frameSite(analysis: ProjectAnalysis, options: Pick<EmitOptions, 'cache' | 'siteUrl' | 'basePath'>): Promise<SiteFrame> {
  const diagnostics: Diagnostic[] = [];
  const apiSettings = readApiSettings(analysis.config?.root);
  const { plans, links } = planPages(analysis, apiSettings, await describeAll(apiDescriptions(analysis.apiPages), options.cache));
  const titles = new Map<string, PageTitle>();
  for (const plan of plans.values()) titles.set(plan.url, pageTitle(plan));
  for (const [url, summary] of links) titles.set(url, linkTitle(summary));
  const navigation = buildSiteNavigation(analysis.navigation, titles, analysis.apiPages);
  const settings = readSiteSettings(analysis.config?.root);
  const custom = customFiles(analysis.host.listFiles(), analysis.pages.summaries);
  for (const each of [settings, ...settings.languages.values()]) {
    each.custom = custom;
    each.nameBesideLogo = logoIsIcon(analysis.host, each.logo?.light);
  }
  const layout = new PageLayout(settings, navigation, options.siteUrl, options.basePath);
  const configAt = (...path: string[]) => (analysis.config ? nodeAt(analysis.config.root, path)?.span : undefined) ?? { file: 'docs.json' };
  if (settings.thumbsRating) diagnostics.push(makeDiagnostic('build/thumbs-rating-unsupported', configAt('feedback', 'thumbsRating')));
  for (const [path, consequence] of UNSUPPORTED_SETTINGS)
    if (analysis.config && nodeAt(analysis.config.root, path) !== undefined)
      diagnostics.push(makeDiagnostic('build/setting-unsupported', configAt(...path), { setting: path.join('.'), consequence }));
  if (settings.codeblocks.theme !== undefined)
    diagnostics.push(makeDiagnostic('build/codeblocks-theme-unsupported', configAt('styling', 'codeblocks'), { theme: settings.codeblocks.theme }));
  for (const service of settings.integrations.unsupported)
    diagnostics.push(makeDiagnostic('build/integration-unsupported', configAt('integrations', service), { service }));
  let gitHead: string | undefined;
  if (settings.timestamps) {
    const found = readGitTimestamps(analysis.host.root);
    if ('reason' in found)
      diagnostics.push(makeDiagnostic('build/timestamps-unavailable', configAt('metadata', 'timestamp'), { reason: found.reason }));
    else {
      layout.setLastModified(found.dates);
      gitHead = found.head;
    }
  }
  // `contextual` copy and view: each page's Markdown source next to it (`quickstart.md`), copied as written.
  const wantsMarkdown = settings.contextual.some((option) => option === 'copy' || option === 'view');
  const frame: SiteFrame = { apiSettings, plans, links, navigation, settings, layout, wantsMarkdown, diagnostics };
  if (gitHead !== undefined) frame.gitHead = gitHead;
  return frame;
}

// What the layout lays out: one page's document (title, description, body,
// table of contents, mode, metadata) as the build hands it over. Bodies and
// panels are trusted HTML (compiled MDX or the API page renderer's); every
// other value is escaped where it is written.

export interface TocEntry {
  depth: number;
  text: string;
  id: string;
}

export interface PageDocument {
  url: string;
  title: string;
  /** The label in the sidebar, when it differs from the title. */
  sidebarTitle?: string;
  description?: string;
  /** The body shows the description, formatted (an API page's longer description): the layout writes it in meta tags only. */
  descriptionInBody?: boolean;
  /** Whether the layout writes the title as the page's `<h1>` (the body has none of its own). */
  showTitle: boolean;
  body: string;
  toc: TocEntry[];
  noindex: boolean;
  /** For API pages: `GET`, `WEBHOOK` … shown beside the title. */
  method?: string;
  deprecated?: boolean;
  /** Frontmatter `tag`: a pill beside the title. */
  tag?: string;
  /** Frontmatter `icon`: shown beside the page's sidebar label. */
  icon?: string;
  /** Frontmatter `mode`: `wide` (no table of contents), `frame`, `custom` and `center` (no sidebar either). */
  mode?: string;
  /** The page's file, project-relative, for "edit this page". */
  sourcePath?: string;
  /** Frontmatter `og:*` values by their full name (`og:title`), overriding the defaults. */
  openGraph?: Record<string, string>;
  keywords?: readonly string[];
  /** The body writes utility classes: the page links the site's utilities stylesheet (UTILITIES_PATH). */
  utilities?: boolean;
  /** Where the build wrote the page's Markdown source (`/quickstart.md`), for the contextual menu's copy and view. */
  markdown?: string;
  /** An API page's OpenAPI document, to download (docs.json `api.spec.download`): a site path or the hosted document's URL. */
  download?: string;
  /** Where the build wrote the page's RSS feed (`/changelog/rss.xml`, `rss: true` frontmatter), linked from its head. */
  feed?: string;
  /** The page's `<Panel>`s (trusted HTML, compiled with the body): the side column shows them instead of the table of contents. */
  panel?: string;
  /** Client entries (runtime/client/entries/<name>.ts) this page loads besides `site`, e.g. `playground` on API pages. */
  scripts?: readonly string[];
}

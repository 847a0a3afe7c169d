// The docs.json reference of the docs site (docs/configuration/*.mdx), drawn
// from spec/docs.schema.json, the schema `docsc check` validates against: a
// key added, removed or described differently there changes these pages, and
// the test run fails until they are generated again. Every top-level key is
// on a page (a key no page names lands under "More keys" on the first);
// navigation elements (tab, group, …) get a section each on the navigation
// page, which their references link to.

import { readFileSync } from 'node:fs';
import { docsAnchor } from '../../compiler/report/docs-anchor.js';
import type { GeneratedFile } from './generated-file.js';
import { codeSpan, frontmatter, generatedNotice, jsxAttribute, mdxText } from './mdx-text.js';

interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  definitions?: Record<string, Schema>;
}

const SCHEMA_PATH = 'spec/docs.schema.json';
const GENERATOR = 'docs/generate/config-reference.ts';

interface PageSpec {
  slug: string;
  title: string;
  description: string;
  intro: string;
  keys: string[];
}

const PAGES: PageSpec[] = [
  {
    slug: 'site',
    title: 'Site and theme',
    description: "The site's name, theme, colours, logo, fonts and icons.",
    intro: 'What the whole site looks like. `name` and `colors.primary` are required; everything else has a default.',
    keys: [
      '$schema',
      'name',
      'description',
      'theme',
      'colors',
      'logo',
      'favicon',
      'appearance',
      'background',
      'fonts',
      'icons',
      'styling',
      'metadata',
      'variables',
      'thumbnails',
    ],
  },
  {
    slug: 'navigation',
    title: 'Navigation',
    description: 'The navigation tree of docs.json: divisions, groups and pages.',
    intro:
      'The structure of the site. The root holds exactly one primary pattern (`pages`, `groups`, `tabs`, `anchors`, `dropdowns`, `products`, `versions` or `languages`), plus `global`; each element below holds one kind of child per level. `docsc check` reports every rule this page states, with the place in docs.json ([Navigation diagnostics](/diagnostics/nav)). Any element, and any array entry, may be a `{"$ref": "file.json"}` kept in another JSON file of the docs folder.',
    keys: ['navigation'],
  },
  {
    slug: 'layout',
    title: 'Navbar, footer and page',
    description: 'The top bar, the footer, the banner, page actions, feedback and error pages.',
    intro: 'What surrounds every page. A language of `navigation.languages` may set its own `navbar`, `footer` and `banner`.',
    keys: ['navbar', 'footer', 'banner', 'contextual', 'feedback', 'interaction', 'errors'],
  },
  {
    slug: 'api',
    title: 'API reference',
    description: 'OpenAPI documents, API pages and the playground.',
    intro:
      'Where API pages come from and how they behave. A navigation element can name its own document with `openapi`; see [API pages and the playground](/guides/api-pages) for how pages are generated.',
    keys: ['api'],
  },
  {
    slug: 'search-and-seo',
    title: 'Search, SEO and redirects',
    description: 'The search bar, search engines, redirects and analytics.',
    intro: 'How readers and machines find pages, and where old addresses lead.',
    keys: ['search', 'seo', 'redirects', 'integrations'],
  },
];

/** Navigation elements: a section each on the navigation page, linked from the fields that hold them. */
const ELEMENTS = ['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'menuItem', 'group', 'global', 'globalAnchor'];

/** What docsc does differently from the format, by key path (README's known gaps); shown under the key. */
const DOCSC_NOTES: Record<string, string> = {
  theme: 'docsc has one layout: the name is checked against the list, and the site looks the same whichever it is.',
  thumbnails: 'docsc generates no social cards: the key is reported (`build/setting-unsupported`) and not acted on.',
  'api.asyncapi': 'docsc does not build AsyncAPI pages: the key is reported (`build/setting-unsupported`) and not acted on.',
  'api.playground.proxy':
    '`docsc dev` always sends playground requests through its local proxy; a built site calls the API directly (there is no proxy-URL field).',
  'feedback.thumbsRating': 'Not shown: a static site has nowhere to send ratings (`build/thumbs-rating-unsupported`).',
  integrations:
    'docsc writes the loaders of the services that load from a script tag (`ga4`, `gtm`, `plausible`, `fathom`, `pirsch`, `clarity`, `hotjar`, `logrocket`, `adobe`, `posthog`, `intercom`); the others are reported where they are configured (`build/integration-unsupported`) and not loaded.',
  'styling.codeblocks':
    '`"dark"` gives dark code blocks in both modes; a Shiki theme name is reported (`build/codeblocks-theme-unsupported`) and not applied.',
  contextual: 'The `assistant`, MCP and editor options need services docsc does not run and are left out of the menu.',
  'interaction.drilldown': "Unset means `false` in docsc: a nested group's title only folds and unfolds it.",
};

export function configReference(root: string): GeneratedFile[] {
  const schema = JSON.parse(readFileSync(`${root}/${SCHEMA_PATH}`, 'utf8')) as Schema;
  const definitions = schema.definitions ?? {};
  const topKeys = Object.keys(schema.properties ?? {});
  const listed = new Set(PAGES.flatMap((page) => page.keys));
  const unlisted = topKeys.filter((key) => !listed.has(key));
  const context: Context = { definitions, required: new Set(schema.required ?? []) };
  const files: GeneratedFile[] = PAGES.map((page, index) => {
    const keys = page.keys.filter((key) => schema.properties?.[key] !== undefined);
    const sections = keys.map((key) => topSection(key, schema.properties?.[key] as Schema, context));
    if (index === 0 && unlisted.length > 0) {
      sections.push('## More keys\n\nKeys of the schema that no other page describes yet.\n');
      for (const key of unlisted) sections.push(topSection(key, schema.properties?.[key] as Schema, context, 3));
    }
    if (page.slug === 'navigation') {
      sections.push('## Navigation elements\n\nThe elements the tree is made of. Each holds one kind of child per level.\n');
      for (const name of ELEMENTS) {
        const element = definitions[name];
        if (element !== undefined) sections.push(elementSection(name, element, context));
      }
    }
    const body = [
      frontmatter({ title: page.title, description: page.description }),
      generatedNotice(GENERATOR, SCHEMA_PATH),
      `${mdxText(page.intro)}\n`,
      ...sections,
    ].join('\n');
    return { path: `docs/configuration/${page.slug}.mdx`, contents: `${body.replace(/\n+$/, '')}\n` };
  });
  files.push({
    path: 'docs/configuration/pages.json',
    contents: `${JSON.stringify(['configuration', ...PAGES.map((page) => `configuration/${page.slug}`)], null, 2)}\n`,
  });
  return files;
}

interface Context {
  definitions: Record<string, Schema>;
  required: Set<string>;
}

function topSection(key: string, schema: Schema, context: Context, level = 2): string {
  const resolved = resolve(schema, context);
  const lines = [`${'#'.repeat(level)} ${codeSpan(key)} {#${anchorOf(key)}}\n`];
  const facts = [`Type: ${codeSpan(typeLabel(schema, context))}`];
  if (context.required.has(key)) facts.push('**required**');
  lines.push(`${facts.join(' · ')}\n`);
  lines.push(...describe(schema, resolved, key, context));
  lines.push(...childFields(schema, key, context, 0, true));
  return lines.join('\n');
}

function elementSection(name: string, schema: Schema, context: Context): string {
  const lines = [`### ${codeSpan(name)} {#${anchorOf(name)}}\n`];
  if (schema.description) lines.push(`${mdxText(schema.description)}\n`);
  lines.push(...childFields(schema, name, context, 0, true));
  return lines.join('\n');
}

/** The description of a key: its own, else its definition's; the definition's too when it says what the value is. */
function describe(schema: Schema, resolved: Schema, path: string, context: Context): string[] {
  const out: string[] = [];
  const own = schema.description ?? resolved.description;
  if (own) out.push(`${mdxText(own)}\n`);
  const values = enumValues(resolved);
  if (values) out.push(`One of: ${values}.\n`);
  const elements = elementsIn(schema, context).map((name) => `[${name}](/configuration/navigation#${anchorOf(name)})`);
  if (elements.length > 0) out.push(`Holds ${elements.join(', ')}: see ${elements.length === 1 ? 'its section' : 'their sections'}.\n`);
  const note = DOCSC_NOTES[path];
  if (note) out.push(`<Note>${mdxText(note)}</Note>\n`);
  return out;
}

/** The fields of an object (or of the objects an array or a choice holds) as ResponseFields, nested in an Expandable. */
function childFields(schema: Schema, path: string, context: Context, depth: number, open = false): string[] {
  const objects = objectsOf(schema, context);
  if (objects.length === 0) return [];
  const fields: string[] = [];
  for (const object of objects) {
    const required = new Set(object.required ?? []);
    for (const [name, child] of Object.entries(object.properties ?? {}))
      fields.push(field(name, child, required.has(name), `${path}.${name}`, context, depth + 1));
  }
  if (fields.length === 0) return [];
  if (open) return [...fields, ''];
  return [`<Expandable title="properties">\n`, ...fields, `</Expandable>\n`];
}

function field(name: string, schema: Schema, required: boolean, path: string, context: Context, depth: number): string {
  const resolved = resolve(schema, context);
  const attributes = [`name=${jsxAttribute(name)}`, `type=${jsxAttribute(typeLabel(schema, context))}`];
  if (required) attributes.push('required');
  attributes.push(`id=${jsxAttribute(anchorOf(path))}`);
  const body = [...describe(schema, resolved, path, context)];
  // Navigation elements are described once, in their own section (objectsOf leaves them out); other objects nest here.
  if (depth < 6) body.push(...childFields(schema, path, context, depth));
  return [`<ResponseField ${attributes.join(' ')}>\n`, ...body, '</ResponseField>\n'].join('\n');
}

function anchorOf(path: string): string {
  return docsAnchor(path.replace(/\$/g, 'dollar-'));
}

function definitionName(schema: Schema): string | undefined {
  return schema.$ref?.startsWith('#/definitions/') ? schema.$ref.slice('#/definitions/'.length) : undefined;
}

function resolve(schema: Schema, context: Context): Schema {
  const name = definitionName(schema);
  const target = name === undefined ? undefined : context.definitions[name];
  return target === undefined ? schema : { ...target, ...schema, $ref: undefined, description: schema.description ?? target.description };
}

/** The navigation elements a field holds (itself, its items, its choices), which their own sections describe. */
function elementsIn(schema: Schema, context: Context): string[] {
  const name = definitionName(schema);
  if (name !== undefined && ELEMENTS.includes(name)) return [name];
  if (name === 'ref') return [];
  const resolved = resolve(schema, context);
  const inner = [...(resolved.items === undefined ? [] : [resolved.items]), ...(resolved.anyOf ?? [])];
  return [...new Set(inner.flatMap((choice) => elementsIn(choice, context)))];
}

/** The object schemas whose properties a field shows: itself, its items, its choices (without `$ref` objects). */
function objectsOf(schema: Schema, context: Context): Schema[] {
  const name = definitionName(schema);
  if (name === 'ref' || (name !== undefined && ELEMENTS.includes(name))) return [];
  const resolved = resolve(schema, context);
  if (resolved.properties !== undefined) return [resolved];
  if (resolved.items !== undefined) return objectsOf(resolved.items, context);
  if (resolved.anyOf !== undefined) return resolved.anyOf.flatMap((choice) => objectsOf(choice, context));
  if (typeof resolved.additionalProperties === 'object') return objectsOf(resolved.additionalProperties, context);
  return [];
}

/** A short type: `string`, `object`, `group[]`, `string | object`; `$ref` objects are left out of choices. */
function typeLabel(schema: Schema, context: Context): string {
  const name = definitionName(schema);
  if (name !== undefined && ELEMENTS.includes(name)) return name;
  if (name === 'ref') return '$ref';
  const resolved = resolve(schema, context);
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  if (resolved.anyOf !== undefined) {
    const labels = resolved.anyOf.filter((choice) => definitionName(choice) !== 'ref').map((choice) => typeLabel(choice, context));
    return [...new Set(labels)].join(' | ') || 'any';
  }
  const type = resolved.type;
  if (type === 'array') return `${wrapChoice(resolved.items === undefined ? 'any' : typeLabel(resolved.items, context))}[]`;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'object' && typeof resolved.additionalProperties === 'object' && resolved.properties === undefined)
    return `map of ${typeLabel(resolved.additionalProperties, context)}`;
  return type ?? 'any';
}

function wrapChoice(label: string): string {
  return label.includes(' | ') ? `(${label})` : label;
}

function enumValues(schema: Schema): string | undefined {
  const values = schema.enum ?? schema.items?.enum;
  if (values === undefined) return undefined;
  return values.map((value) => codeSpan(typeof value === 'string' ? value : JSON.stringify(value))).join(', ');
}

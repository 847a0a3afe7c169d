// The MDX text of one planned page or snippet: frontmatter, snippet imports,
// then sections under the planned headings, each filled with a mix of the
// blocks real product docs use (prose, lists, tables, code, callouts, cards,
// tabs, steps, accordions, code groups, parameter and response fields) until
// the page reaches its drawn size. Every link leads to a planned page or
// heading, so a generated site checks clean.

import type { PlannedPage, PlannedSnippet, SitePlan } from './plan-site.js';
import type { Prng } from './prng.js';
import {
  ADJECTIVES,
  CALLOUTS,
  CODE_SAMPLES,
  type CodeSample,
  capitalize,
  FIELD_TYPES,
  FILLERS,
  ICONS,
  NOUNS,
  PARAM_LOCATIONS,
  plural,
  VERBS,
} from './vocabulary.js';

/** Pages are drawn between these sizes; the last block may overshoot a little. */
const MIN_BYTES = 3000;
const MAX_BYTES = 5200;

interface PageContext {
  rng: Prng;
  plan: SitePlan;
  page: PlannedPage;
}

type Block = (ctx: PageContext) => string;

const BLOCK_WEIGHTS = {
  paragraph: 30,
  list: 8,
  table: 7,
  code: 12,
  callout: 10,
  cards: 5,
  tabs: 5,
  steps: 5,
  accordions: 5,
  codeGroup: 5,
  params: 4,
  responses: 4,
} as const;

const BLOCKS: Record<keyof typeof BLOCK_WEIGHTS, Block> = {
  paragraph,
  list,
  table,
  code,
  callout,
  cards,
  tabs,
  steps,
  accordions,
  codeGroup,
  params,
  responses,
};

export function renderPage(page: PlannedPage, plan: SitePlan, rng: Prng): string {
  const ctx: PageContext = { rng, plan, page };
  const target = rng.int(MIN_BYTES, MAX_BYTES);
  const snippetAt = rng.int(0, page.headings.length - 1);
  let text = `${frontmatter(page)}${imports(page, plan)}${paragraph(ctx)}\n\n`;
  page.headings.forEach((heading, i) => {
    text += `${'#'.repeat(heading.depth)} ${heading.text}${heading.custom ? ` {#${heading.id}}` : ''}\n\n`;
    if (i === snippetAt) text += page.snippets.map((s) => `<${plan.snippets[s]?.component} />\n\n`).join('');
    const sectionEnd = (target * (i + 1)) / page.headings.length;
    do text += `${BLOCKS[rng.weighted(BLOCK_WEIGHTS)](ctx)}\n\n`;
    while (text.length < sectionEnd);
  });
  return `${text.trimEnd()}\n`;
}

/** A snippet: a callout or a short example, with a root-relative link (the only kind check follows in snippets). */
export function renderSnippet(snippet: PlannedSnippet, plan: SitePlan, rng: Prng): string {
  const ctx: PageContext = { rng, plan, page: plan.pages[0] as PlannedPage };
  const target = rng.pick(plan.pages);
  const link = `[${target.title}](/${urlOf(target.path)})`;
  if (snippet.path.endsWith('-example.mdx')) return `${sentence(rng)} See ${link}.\n\n${code(ctx)}\n`;
  const kind = rng.pick(CALLOUTS);
  return `<${kind}>\n  ${sentence(rng)} See ${link}.\n</${kind}>\n`;
}

function frontmatter(page: PlannedPage): string {
  const lines = ['---', `title: "${page.title}"`, `description: "${page.description}"`];
  if (page.sidebarTitle) lines.push(`sidebarTitle: "${page.sidebarTitle}"`);
  if (page.icon) lines.push(`icon: "${page.icon}"`);
  if (page.tag) lines.push(`tag: "${page.tag}"`);
  return `${lines.join('\n')}\n---\n\n`;
}

function imports(page: PlannedPage, plan: SitePlan): string {
  const lines = page.snippets.map((s) => plan.snippets[s]).map((s) => `import ${s?.component} from '/${s?.path}';`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n\n`;
}

// ---------------------------------------------------------------------------
// Prose

/** Sentences as product docs write them; the slots are filled from the vocabulary. */
const TEMPLATES = [
  'Use the {adj} {noun} to {verb} {nouns} across your {noun}.',
  'Each {noun} belongs to exactly one {noun}, and you can {verb} it at any time.',
  'When you {verb} a {noun}, the {adj} {noun} is updated within a few seconds.',
  'You must {verb} the {noun} before you {verb} any {adj} {nouns}.',
  'By default, {nouns} are {adj} and visible to every {noun} in the {noun}.',
  'This {noun} applies to {adj} {nouns} only, so {verb} them first if you rely on a {noun}.',
  'If the {noun} is not {adj}, the API returns an error and the {noun} is left unchanged.',
  'Most teams {verb} their {nouns} once per {noun}, then {verb} the {adj} ones on demand.',
] as const;

function sentence(rng: Prng, words?: number): string {
  if (words === undefined && rng.chance(0.7)) return fillTemplate(rng.pick(TEMPLATES), rng);
  const parts: string[] = [];
  for (let i = 0; i < (words ?? rng.int(8, 18)); i++) {
    const kind = rng.weighted({ filler: 45, noun: 30, verb: 15, adjective: 10 });
    parts.push(rng.pick(kind === 'filler' ? FILLERS : kind === 'noun' ? NOUNS : kind === 'verb' ? VERBS : ADJECTIVES));
  }
  return `${capitalize(parts.join(' '))}.`;
}

function fillTemplate(template: string, rng: Prng): string {
  return template.replace(/\{(adj|nouns|noun|verb)\}/g, (_, slot: string) => {
    if (slot === 'adj') return rng.pick(ADJECTIVES);
    if (slot === 'verb') return rng.pick(VERBS);
    return slot === 'nouns' ? plural(rng.pick(NOUNS)) : rng.pick(NOUNS);
  });
}

/** Prose with, now and then, inline code, bold text and one internal link. */
function paragraph(ctx: PageContext): string {
  const { rng } = ctx;
  const sentences = Array.from({ length: rng.int(2, 5) }, () => sentence(rng));
  if (rng.chance(0.3)) sentences.push(`Set \`${rng.pick(NOUNS)}_${rng.pick(NOUNS)}\` to \`${rng.pick(ADJECTIVES)}\`.`);
  if (rng.chance(0.15)) sentences.push(`**${capitalize(rng.pick(ADJECTIVES))} ${rng.pick(NOUNS)}s** ${sentence(rng, 6).toLowerCase()}`);
  if (rng.chance(0.6)) sentences.splice(rng.int(0, sentences.length), 0, `See ${link(ctx)} for details.`);
  if (rng.chance(0.2)) sentences.push(`Read more in ${link(ctx)}.`);
  return sentences.join(' ');
}

/** A markdown link to another page, to one of its headings, to a heading of this page, or to a sibling. */
function link(ctx: PageContext): string {
  const { rng, plan, page } = ctx;
  const kind = rng.weighted({ page: 45, heading: 30, self: 10, sibling: 15 });
  if (kind === 'self') {
    const heading = rng.pick(page.headings);
    return `[${heading.text.toLowerCase()}](#${heading.id})`;
  }
  if (kind === 'sibling' && page.path !== 'index') {
    const dir = page.path.slice(0, page.path.lastIndexOf('/'));
    const sibling = plan.pages[rng.pick(plan.pagesByDir.get(dir) ?? [])];
    if (sibling) return `[${sibling.title}](./${sibling.path.slice(dir.length + 1)})`;
  }
  const target = rng.pick(plan.pages);
  if (kind === 'heading') {
    const heading = rng.pick(target.headings);
    return `[${heading.text.toLowerCase()}](/${urlOf(target.path)}#${heading.id})`;
  }
  return `[${target.title}](/${urlOf(target.path)})`;
}

function list(ctx: PageContext): string {
  const { rng } = ctx;
  const ordered = rng.chance(0.4);
  return Array.from({ length: rng.int(3, 6) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence(rng, rng.int(5, 12))}`).join('\n');
}

function table(ctx: PageContext): string {
  const { rng } = ctx;
  const withDefault = rng.chance(0.5);
  const header = withDefault ? ['Field', 'Type', 'Default', 'Description'] : ['Field', 'Type', 'Description'];
  const rows = Array.from({ length: rng.int(3, 8) }, () => {
    const cells = [`\`${rng.pick(NOUNS)}_${rng.pick(NOUNS)}\``, `\`${rng.pick(FIELD_TYPES)}\``];
    if (withDefault) cells.push(rng.chance(0.5) ? '`null`' : `\`${rng.int(1, 100)}\``);
    cells.push(sentence(rng, rng.int(4, 10)));
    return cells;
  });
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

// ---------------------------------------------------------------------------
// Code

function fence(sample: CodeSample, rng: Prng, meta: string): string {
  const body = sample.lines(rng.pick(NOUNS), rng.pick(VERBS)).join('\n');
  return `\`\`\`${sample.lang}${meta === '' ? '' : ` ${meta}`}\n${body}\n\`\`\``;
}

/** A fenced block with the meta real pages write: mostly `title="…"`, sometimes highlights, `wrap` or `lines`. */
function code(ctx: PageContext): string {
  const { rng } = ctx;
  const sample = rng.pick(CODE_SAMPLES);
  const meta = [rng.chance(0.85) ? `title="${sample.file}"` : ''];
  if (rng.chance(0.1)) meta.push('{1,3-4}');
  if (rng.chance(0.05)) meta.push(rng.pick(['wrap', 'lines']));
  return fence(sample, rng, meta.filter((m) => m !== '').join(' '));
}

function codeGroup(ctx: PageContext): string {
  const { rng } = ctx;
  const samples = pickSamples(rng, rng.int(2, 3));
  return `<CodeGroup>\n\n${samples.map((s) => fence(s, rng, s.file)).join('\n\n')}\n\n</CodeGroup>`;
}

function pickSamples(rng: Prng, count: number): CodeSample[] {
  const start = rng.int(0, CODE_SAMPLES.length - 1);
  return Array.from({ length: count }, (_, i) => CODE_SAMPLES[(start + i) % CODE_SAMPLES.length] as CodeSample);
}

// ---------------------------------------------------------------------------
// Components

function callout(ctx: PageContext): string {
  const kind = ctx.rng.pick(CALLOUTS);
  return `<${kind}>\n  ${sentence(ctx.rng)}\n</${kind}>`;
}

function cards(ctx: PageContext): string {
  const { rng, plan } = ctx;
  const items = Array.from({ length: rng.int(2, 4) }, () => {
    const target = rng.pick(plan.pages);
    return `  <Card title="${target.title}" icon="${rng.pick(ICONS)}" href="/${urlOf(target.path)}">\n    ${sentence(rng, rng.int(6, 12))}\n  </Card>`;
  });
  return `<CardGroup cols={2}>\n${items.join('\n')}\n</CardGroup>`;
}

function tabs(ctx: PageContext): string {
  const { rng } = ctx;
  const items = pickSamples(rng, rng.int(2, 3)).map((s) => `  <Tab title="${capitalize(s.lang)}">\n\n${fence(s, rng, '')}\n\n  </Tab>`);
  return `<Tabs>\n${items.join('\n')}\n</Tabs>`;
}

function steps(ctx: PageContext): string {
  const { rng } = ctx;
  const items = Array.from({ length: rng.int(3, 5) }, () => {
    const title = `${capitalize(rng.pick(VERBS))} the ${rng.pick(NOUNS)}`;
    return `  <Step title="${title}">\n    ${sentence(rng)}\n  </Step>`;
  });
  return `<Steps>\n${items.join('\n')}\n</Steps>`;
}

function accordions(ctx: PageContext): string {
  const { rng } = ctx;
  const items = Array.from({ length: rng.int(2, 4) }, () => {
    const title = `How do I ${rng.pick(VERBS)} a ${rng.pick(NOUNS)}?`;
    return `  <Accordion title="${title}" icon="${rng.pick(ICONS)}">\n    ${sentence(rng)} ${sentence(rng)}\n  </Accordion>`;
  });
  return `<AccordionGroup>\n${items.join('\n')}\n</AccordionGroup>`;
}

function params(ctx: PageContext): string {
  const { rng } = ctx;
  const location = rng.pick(PARAM_LOCATIONS);
  const items = Array.from({ length: rng.int(2, 4) }, () => {
    const attributes = [`${location}="${rng.pick(NOUNS)}_${rng.pick(['id', 'name', 'limit', 'status'])}"`, `type="${rng.pick(FIELD_TYPES)}"`];
    if (rng.chance(0.4)) attributes.push('required');
    if (rng.chance(0.2)) attributes.push(`default="${rng.int(1, 100)}"`);
    return `<ParamField ${attributes.join(' ')}>\n  ${sentence(rng)}\n</ParamField>`;
  });
  return items.join('\n\n');
}

function responses(ctx: PageContext): string {
  const { rng } = ctx;
  const field = (indent: string) =>
    `${indent}<ResponseField name="${rng.pick(NOUNS)}" type="${rng.pick(FIELD_TYPES)}">\n${indent}  ${sentence(rng)}\n${indent}</ResponseField>`;
  const items = Array.from({ length: rng.int(2, 4) }, () => field(''));
  if (rng.chance(0.25)) {
    const nested = Array.from({ length: rng.int(2, 3) }, () => field('    ')).join('\n');
    items.push(
      `<ResponseField name="${rng.pick(NOUNS)}" type="object">\n  <Expandable title="properties">\n${nested}\n  </Expandable>\n</ResponseField>`,
    );
  }
  return items.join('\n\n');
}

/** The URL path of a page path: `index` files stand for their folder. */
export function urlOf(path: string): string {
  if (path === 'index') return '';
  return path.endsWith('/index') ? path.slice(0, -'/index'.length) : path;
}

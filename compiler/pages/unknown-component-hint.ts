// The hint of `render/unknown-component`: the built-in a tag most likely
// means. Pages moved from other documentation tools keep those tools'
// components (Fumadocs' `<Files>` and `<Folder>`, Docusaurus' `<TabItem>`
// and admonitions, `<Alert>`, `<Image>`), which Mintlify does not have
// either: each is named with the built-in that does the same. Other names
// get the closest built-in's name when it is close enough to be a typo
// (`<Acordion>`, `<CardGrop>`).

import { closestMatch } from '../config/did-you-mean.js';

/** Other tools' component names → how Mintlify writes the same. */
const OTHER_TOOLS: ReadonlyMap<string, string> = new Map([
  ['Files', 'a file tree is `<Tree>`, with `<Tree.Folder>` and `<Tree.File>` in it'],
  ['Folder', 'a folder of a file tree is `<Tree.Folder>`, inside `<Tree>`'],
  ['File', 'a file of a file tree is `<Tree.File>`, inside `<Tree>`'],
  ['Cards', 'cards side by side are `<Columns>` (or `<CardGroup>`) around `<Card>`s'],
  ['CardGrid', 'cards side by side are `<Columns>` (or `<CardGroup>`) around `<Card>`s'],
  ['TabItem', 'a tab is `<Tab title="…">`, inside `<Tabs>`'],
  ['Details', 'a section to expand is `<Accordion title="…">`'],
  ['Collapsible', 'a section to expand is `<Accordion title="…">`'],
  ['Alert', 'callouts are `<Note>`, `<Info>`, `<Tip>`, `<Warning>`, `<Danger>` and `<Check>` (or `<Callout>`)'],
  ['Admonition', 'callouts are `<Note>`, `<Info>`, `<Tip>`, `<Warning>`, `<Danger>` and `<Check>` (or `<Callout>`)'],
  ['Aside', 'callouts are `<Note>`, `<Info>`, `<Tip>`, `<Warning>`, `<Danger>` and `<Check>` (or `<Callout>`)'],
  ['Warn', 'the callout is `<Warning>`'],
  ['Caution', 'the callout is `<Warning>`'],
  ['Important', 'the callout is `<Note>`'],
  ['Hint', 'the callout is `<Tip>`'],
  ['Success', 'the callout is `<Check>`'],
  ['Error', 'the callout is `<Danger>`'],
  ['Critical', 'the callout is `<Danger>`'],
  ['Image', 'an image is `<img src="…" />` or `![alt](src)`, framed with `<Frame>`'],
  ['Video', 'a video is the HTML element `<video src="…" controls />` or an `<iframe>`, framed with `<Frame>`'],
]);

/**
 * What to write instead of an unknown component's tag, or undefined when nothing is close. `builtIns`: the built-in
 * components' names (the summary's list, or the renderer's table: tests/component-uses.test.ts keeps them equal).
 */
export function unknownComponentHint(name: string, builtIns: Iterable<string>): string | undefined {
  const instead = OTHER_TOOLS.get(name);
  if (instead !== undefined) return `On Mintlify, ${instead}`;
  const close = closestMatch(name, builtIns);
  return close === undefined ? undefined : `Did you mean \`<${close}>\`?`;
}

// The built-in components, by the name pages use (`Tree.Folder` included):
// one table, read by the renderer for both the tree walk and evaluated
// JavaScript. A name not here, not imported and not defined by the page is
// an unknown component (a placeholder and a warning).

import { CALLOUT_COMPONENTS } from './callouts.js';
import { CARD_COMPONENTS } from './cards.js';
import { CODE_GROUP_COMPONENTS } from './code-groups.js';
import type { Component } from './component.js';
import { DISCLOSURE_COMPONENTS } from './disclosures.js';
import { FIELD_COMPONENTS } from './fields.js';
import { TREE_COMPONENTS } from './file-trees.js';
import { ICON_COMPONENTS } from './icons.js';
import { INLINE_MARK_COMPONENTS } from './inline-marks.js';
import { LATEX_COMPONENTS } from './latex.js';
import { MEDIA_COMPONENTS } from './media.js';
import { PLAIN_BOX_COMPONENTS } from './plain-boxes.js';
import { PROMPT_COMPONENTS } from './prompts.js';
import { SNIPPET_COMPONENTS } from './snippets.js';
import { STEP_COMPONENTS } from './steps.js';
import { TAB_COMPONENTS } from './tabs.js';
import { UPDATE_COMPONENTS } from './updates.js';
import { VIEW_COMPONENTS } from './views.js';

export const COMPONENTS: ReadonlyMap<string, Component> = new Map(
  Object.entries({
    ...CALLOUT_COMPONENTS,
    ...CARD_COMPONENTS,
    ...CODE_GROUP_COMPONENTS,
    ...DISCLOSURE_COMPONENTS,
    ...FIELD_COMPONENTS,
    ...ICON_COMPONENTS,
    ...INLINE_MARK_COMPONENTS,
    ...LATEX_COMPONENTS,
    ...MEDIA_COMPONENTS,
    ...PLAIN_BOX_COMPONENTS,
    ...PROMPT_COMPONENTS,
    ...SNIPPET_COMPONENTS,
    ...STEP_COMPONENTS,
    ...TAB_COMPONENTS,
    ...TREE_COMPONENTS,
    ...UPDATE_COMPONENTS,
    ...VIEW_COMPONENTS,
  }),
);

// Stand-ins for Font Awesome Pro icons. Mintlify shows every Font Awesome icon, the Pro
// styles and the Pro-only names among them, under its own licence; docsc has the free sets
// only (icon-svg.ts). Real repositories name Pro icons in cards, tabs and the navigation
// (`browser`, `arrow-progress`, `message-bot`, `brackets-curly`: about 2,150 uses in 59
// public repositories), where docsc showed nothing. A Pro name is shown as the free icon of
// the closest meaning (Font Awesome's free sets, else Lucide's or Tabler's name): the one
// this table gives it, else the one Font Awesome's naming makes plain — a variant in another
// style of a free icon (`sliders-simple`, `link-simple`, `sidebar-flip`), a free icon in a
// circle or a square (`circle-video`), several of one (`clouds`). One with no stand-in
// (`duck`, `crab`: no free icon means the same) shows nothing and is reported as a Pro icon
// (`render/pro-icon`), so the author can pick a free one or an image.
//
// Font Awesome's own list of names, Pro and free, comes with its free packages
// (@fortawesome/fontawesome-common-types, the `IconName` type); it is read once, and only
// when a page names an icon no set has.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizedIconName } from './icon-ref.js';

const require = createRequire(import.meta.url);

/**
 * A Font Awesome Pro name → the free icon shown in its place, where Font Awesome's naming does not make it plain
 * (`derivedStandIns`). Every stand-in resolves (tests/icon-stand-ins.test.ts).
 */
export const PRO_STAND_INS: ReadonlyMap<string, string> = new Map([
  ['alarm-exclamation', 'bell'],
  ['album-collection', 'album'],
  ['album-collection-circle-plus', 'album'],
  ['analytics', 'chart-line'],
  ['arrow-down-to-bracket', 'download'],
  ['arrow-progress', 'route'],
  ['arrows-maximize', 'maximize'],
  ['arrows-repeat', 'repeat'],
  ['ban-bug', 'bug-off'],
  ['barcode-read', 'barcode'],
  ['binary-lock', 'lock'],
  ['block', 'cube'],
  ['block-brick', 'toy-brick'],
  ['block-brick-fire', 'toy-brick'],
  ['bolt-slash', 'zap-off'],
  ['book-circle', 'book'],
  ['book-open-cover', 'book-open'],
  ['book-open-lines', 'book-open'],
  ['book-sparkles', 'book-open'],
  ['box-check', 'box'],
  ['brackets-curly', 'braces'],
  ['browser', 'window-maximize'],
  ['browsers', 'window-restore'],
  ['bullseye-arrow', 'bullseye'],
  ['bullseye-pointer', 'bullseye'],
  ['cart-flatbed-boxes', 'cart-flatbed'],
  ['chart-line-down', 'arrow-trend-down'],
  ['chart-mixed', 'chart-column'],
  ['chart-mixed-up-circle-currency', 'chart-line'],
  ['chart-tree-map', 'chart-treemap'],
  ['chart-user', 'chart-line'],
  ['chart-waterfall', 'chart-column'],
  ['circle-1', 'circle-number-1'],
  ['circle-2', 'circle-number-2'],
  ['circle-3', 'circle-number-3'],
  ['circle-4', 'circle-number-4'],
  ['circle-5', 'circle-number-5'],
  ['circle-6', 'circle-number-6'],
  ['circle-7', 'circle-number-7'],
  ['circle-dollar', 'circle-dollar-sign'],
  ['cloud-bolt-moon', 'cloud-bolt'],
  ['coin', 'coins'],
  ['comments-question-check', 'comments'],
  ['container-storage', 'container'],
  ['credit-card-front', 'credit-card'],
  ['diagram-sankey', 'chart-sankey'],
  ['diagram-subtask', 'diagram-project'],
  ['diamond-exclamation', 'circle-exclamation'],
  ['dolphin', 'database'],
  ['draw-square', 'pen-to-square'],
  ['elephant', 'database'],
  ['envelope-open-dollar', 'envelope-open-text'],
  ['face-awesome', 'face-grin-stars'],
  ['face-smiling-hands', 'face-smile'],
  ['family', 'people-group'],
  ['file-award', 'file-badge'],
  ['file-brackets-curly', 'file-code'],
  ['file-certificate', 'file-badge'],
  ['file-magnifying-glass', 'file-search'],
  ['file-vector', 'file-image'],
  ['folder-grid', 'folder-tree'],
  ['font-case', 'font'],
  ['function', 'square-function'],
  ['gear-api', 'gear'],
  ['gear-code', 'gear'],
  ['gear-complex', 'gear'],
  ['grid-2', 'table-cells-large'],
  ['grid-2-plus', 'square-plus'],
  ['grid-round', 'grip'],
  ['hand-horns', 'hand-peace'],
  ['head-side-gear', 'user-gear'],
  ['hyphen', 'minus'],
  ['image-circle-arrow-down', 'image-down'],
  ['image-stack', 'images'],
  ['images-user', 'images'],
  ['input-pipe', 'grip-lines-vertical'],
  ['input-text', 'text-cursor-input'],
  ['key-skeleton', 'key'],
  ['laptop-binary', 'laptop-code'],
  ['laptop-mobile', 'mobile-screen'],
  ['lightbulb-gear', 'lightbulb'],
  ['list-radio', 'list'],
  ['list-timeline', 'timeline'],
  ['lock-a', 'lock'],
  ['lock-hashtag', 'lock'],
  ['magnifying-glass-waveform', 'magnifying-glass'],
  ['memo', 'note-sticky'],
  ['memo-circle-check', 'clipboard-check'],
  ['message-bot', 'robot'],
  ['message-captions', 'message'],
  ['message-exclamation', 'message-square-warning'],
  ['message-lines', 'message-square-text'],
  ['message-plus', 'message-square-plus'],
  ['message-quote', 'message-square-quote'],
  ['message-sms', 'comment-sms'],
  ['message-text', 'message-square-text'],
  ['messages', 'comments'],
  ['microchip-ai', 'microchip'],
  ['monitor-heart-rate', 'heart-pulse'],
  ['monitor-waveform', 'monitor'],
  ['mug-tea', 'mug-hot'],
  ['note', 'note-sticky'],
  ['object-subtract', 'squares-subtract'],
  ['outlet', 'plug'],
  ['page', 'file'],
  ['paintbrush-pencil', 'paintbrush'],
  ['party-horn', 'champagne-glasses'],
  ['person-carry-box', 'dolly'],
  ['person-running-fast', 'person-running'],
  ['person-to-portal', 'door-open'],
  ['phone-arrow-down-left', 'phone-incoming'],
  ['phone-arrow-right', 'phone-forwarded'],
  ['phone-arrow-up-right', 'phone-outgoing'],
  ['phone-circle', 'phone'],
  ['phone-connection', 'phone'],
  ['pipe', 'grip-lines-vertical'],
  ['pipe-circle-check', 'pipeline'],
  ['pipe-collar', 'pipeline'],
  ['pipe-section', 'pipeline'],
  ['pipe-valve', 'pipeline'],
  ['postage-stamp', 'stamp'],
  ['presentation-screen', 'presentation'],
  ['rabbit-running', 'rabbit'],
  ['rectangle-history', 'clone'],
  ['rectangle-history-circle-user', 'address-card'],
  ['rectangle-pro', 'rectangle-list'],
  ['rectangle-terminal', 'terminal'],
  ['rocket-launch', 'rocket'],
  ['seal-question', 'circle-question'],
  ['send-back', 'send-to-back'],
  ['share-all', 'share'],
  ['shield-exclamation', 'shield-alert'],
  ['signal-bars', 'signal'],
  ['signal-stream', 'tower-broadcast'],
  ['solar-system', 'orbit'],
  ['spider-web', 'spider'],
  ['spinner-third', 'spinner'],
  ['square-1', 'square-number-1'],
  ['square-2', 'square-number-2'],
  ['square-3', 'square-number-3'],
  ['square-4', 'square-number-4'],
  ['square-5', 'square-number-5'],
  ['square-6', 'square-number-6'],
  ['square-7', 'square-number-7'],
  ['square-c', 'square-letter-c'],
  ['square-down', 'square-caret-down'],
  ['square-k', 'square-letter-k'],
  ['square-q', 'square-letter-q'],
  ['square-question', 'circle-question'],
  ['square-this-way-up', 'box'],
  ['star-shooting', 'star'],
  ['swap', 'arrow-right-arrow-left'],
  ['timeline-arrow', 'timeline'],
  ['ufo-beam', 'user-astronaut'],
  ['up', 'arrow-up'],
  ['user-chef', 'chef-hat'],
  ['user-robot', 'robot'],
  ['wave-pulse', 'heart-pulse'],
  ['waveform', 'audio-waveform'],
  ['waveform-lines', 'audio-lines'],
  ['wifi-slash', 'wifi-off'],
  ['window', 'window-maximize'],
]);

/** Suffixes of Font Awesome names that draw the same thing in another style. */
const STYLE_SUFFIX = /-(?:simple|sharp|alt|modern|round|flip)$/;
/** Prefixes of Font Awesome names that draw an icon inside a shape. */
const SHAPE_PREFIX = /^(?:circle|square)-/;

/**
 * The names a Font Awesome Pro name may be shown as, best first: the table's stand-in, else those its name makes
 * plain (`derivedStandIns`). Nothing for a name Font Awesome does not have: a typo stays unknown.
 */
export function standInsOf(name: string): string[] {
  const listed = PRO_STAND_INS.get(name);
  if (listed !== undefined) return [listed];
  return isFontAwesomeName(name) ? derivedStandIns(name) : [];
}

/** What a Font Awesome name makes plain: its original without a style suffix or a shape, or one of several. */
export function derivedStandIns(name: string): string[] {
  const names: string[] = [];
  if (STYLE_SUFFIX.test(name)) names.push(name.replace(STYLE_SUFFIX, ''));
  if (SHAPE_PREFIX.test(name)) names.push(name.replace(SHAPE_PREFIX, ''));
  if (/[^s]s$/.test(name) && !name.includes('-')) names.push(name.slice(0, -1));
  return names;
}

/**
 * The code for an icon name no set has (iconSvg returned nothing): `render/pro-icon` for a Font Awesome Pro name,
 * which Mintlify shows and docsc has no stand-in for, else `render/unknown-icon`.
 */
export function missingIconCode(name: string): 'render/pro-icon' | 'render/unknown-icon' {
  return isFontAwesomeName(normalizedIconName(name)) ? 'render/pro-icon' : 'render/unknown-icon';
}

let fontAwesomeNames: ReadonlySet<string> | undefined;

/** Whether Font Awesome (Pro or free) has an icon of this name: the names of its `IconName` type. */
function isFontAwesomeName(name: string): boolean {
  fontAwesomeNames ??= readFontAwesomeNames();
  return fontAwesomeNames.has(name);
}

function readFontAwesomeNames(): ReadonlySet<string> {
  let source: string;
  try {
    const folder = dirname(require.resolve('@fortawesome/fontawesome-common-types/package.json'));
    source = readFileSync(join(folder, 'index.d.ts'), 'utf8');
  } catch {
    return new Set();
  }
  const start = source.indexOf('export type IconName =');
  const end = start < 0 ? -1 : source.indexOf(';', start);
  if (end < 0) return new Set();
  return new Set(Array.from(source.slice(start, end).matchAll(/'([a-z0-9-]+)'/g), (m) => m[1] as string));
}

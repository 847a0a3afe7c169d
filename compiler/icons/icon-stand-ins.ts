// Stand-ins for Font Awesome Pro icons. Mintlify shows every Font Awesome icon, the Pro
// styles and the Pro-only names among them, under its own licence; docsc has the free sets
// only (icon-svg.ts). Real repositories name Pro icons in cards, tabs and the navigation
// (`browser`, `arrow-progress`, `message-bot`, `brackets-curly`: about 2,100 uses in 66
// public repositories), where docsc showed nothing. A Pro name listed here is shown as the
// free icon of the closest meaning (Font Awesome's free sets, else Lucide's or Tabler's
// name); one not listed (`duck`, `crab`: no free icon means the same) shows nothing and is
// reported as a Pro icon (`render/pro-icon`), so the author can pick a free one or an image.
//
// Font Awesome's own list of names, Pro and free, comes with its free packages
// (@fortawesome/fontawesome-common-types, the `IconName` type); it is read once, and only
// when a page names an icon no set has.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizedIconName } from './icon-ref.js';

const require = createRequire(import.meta.url);

/** A Font Awesome Pro name → the free icon shown in its place. Every stand-in resolves (tests/icon-stand-ins.test.ts). */
export const PRO_STAND_INS: ReadonlyMap<string, string> = new Map([
  ['alarm-exclamation', 'bell'],
  ['arrow-progress', 'route'],
  ['arrows-maximize', 'maximize'],
  ['arrows-repeat', 'repeat'],
  ['ban-bug', 'bug-off'],
  ['barcode-read', 'barcode'],
  ['block', 'cube'],
  ['bolt-slash', 'zap-off'],
  ['book-open-cover', 'book-open'],
  ['book-sparkles', 'book-open'],
  ['books', 'book'],
  ['box-check', 'box'],
  ['brackets-curly', 'braces'],
  ['browser', 'window-maximize'],
  ['browsers', 'window-restore'],
  ['bullseye-arrow', 'bullseye'],
  ['bullseye-pointer', 'bullseye'],
  ['cart-flatbed-boxes', 'cart-flatbed'],
  ['chart-mixed', 'chart-column'],
  ['chart-pie-simple', 'chart-pie'],
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
  ['coin', 'coins'],
  ['credit-card-front', 'credit-card'],
  ['diagram-subtask', 'diagram-project'],
  ['dolphin', 'database'],
  ['draw-square', 'pen-to-square'],
  ['elephant', 'database'],
  ['envelope-open-dollar', 'envelope-open-text'],
  ['eyes', 'eye'],
  ['face-awesome', 'face-grin-stars'],
  ['face-smiling-hands', 'face-smile'],
  ['file-brackets-curly', 'file-code'],
  ['file-certificate', 'file-badge'],
  ['file-magnifying-glass', 'file-search'],
  ['file-vector', 'file-image'],
  ['folder-grid', 'folder-tree'],
  ['font-case', 'font'],
  ['function', 'square-function'],
  ['gamepad-modern', 'gamepad'],
  ['gear-complex', 'gear'],
  ['grid-2', 'table-cells-large'],
  ['grid-round', 'grip'],
  ['hand-horns', 'hand-peace'],
  ['head-side-gear', 'user-gear'],
  ['input-pipe', 'grip-lines-vertical'],
  ['key-skeleton', 'key'],
  ['laptop-mobile', 'mobile-screen'],
  ['memo', 'note-sticky'],
  ['message-bot', 'robot'],
  ['message-exclamation', 'message-square-warning'],
  ['message-lines', 'message-square-text'],
  ['message-plus', 'message-square-plus'],
  ['message-quote', 'message-square-quote'],
  ['message-text', 'message-square-text'],
  ['messages', 'comments'],
  ['microchip-ai', 'microchip'],
  ['monitor-waveform', 'monitor'],
  ['mug-tea', 'mug-hot'],
  ['note', 'note-sticky'],
  ['outlet', 'plug'],
  ['page', 'file'],
  ['party-horn', 'champagne-glasses'],
  ['person-carry-box', 'dolly'],
  ['person-running-fast', 'person-running'],
  ['person-to-portal', 'door-open'],
  ['phone-arrow-down-left', 'phone-incoming'],
  ['phone-arrow-right', 'phone-forwarded'],
  ['phone-arrow-up-right', 'phone-outgoing'],
  ['pipe', 'grip-lines-vertical'],
  ['rectangle-history', 'clone'],
  ['rectangle-history-circle-user', 'address-card'],
  ['rectangle-pro', 'rectangle-list'],
  ['rectangle-terminal', 'terminal'],
  ['rocket-launch', 'rocket'],
  ['share-all', 'share'],
  ['shield-exclamation', 'shield-alert'],
  ['signal-bars', 'signal'],
  ['signal-stream', 'tower-broadcast'],
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

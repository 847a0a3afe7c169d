// github-light and github-dark as one theme: they have the same rules in the
// same order, only their colours differ, so a block is tokenized once with a
// theme made of those rules whose every colour is a code for the rule's pair
// of colours (`pairedTheme`); should the themes ever differ, a block is
// tokenized once per theme and the two lines of tokens are cut where either
// cuts (`alignTokens`). A colour that does not read on its theme's
// background (WCAG AA) is made to (`readableOn`).

import type { ThemedToken } from 'shiki/core';

export interface ThemeJson {
  name: string;
  tokenColors: { scope?: string | string[]; settings: { foreground?: string; fontStyle?: string } }[];
}

export const PAIRED_THEME = 'docsc-github-pair';
/** The paired theme's default colour: the themes' default foregrounds. */
export const PAIRED_DEFAULT = '#000000';

/** One theme with the rules both themes share, each colour a code for the rule's two colours; undefined when the rules differ. */
export function pairedTheme(light: ThemeJson, dark: ThemeJson): { theme: object; pairs: Map<string, { light: string; dark: string }> } | undefined {
  if (light.tokenColors.length !== dark.tokenColors.length) return undefined;
  const pairs = new Map([[PAIRED_DEFAULT, { light: DEFAULT_LIGHT, dark: DEFAULT_DARK }]]);
  const tokenColors: ThemeJson['tokenColors'] = [];
  for (const [i, l] of light.tokenColors.entries()) {
    const d = dark.tokenColors[i];
    const same =
      d !== undefined &&
      JSON.stringify(l.scope) === JSON.stringify(d.scope) &&
      l.settings.fontStyle === d.settings.fontStyle &&
      (l.settings.foreground === undefined) === (d.settings.foreground === undefined);
    if (!same) return undefined;
    const settings: ThemeJson['tokenColors'][number]['settings'] = {};
    if (l.settings.fontStyle !== undefined) settings.fontStyle = l.settings.fontStyle;
    if (l.settings.foreground !== undefined && d.settings.foreground !== undefined) {
      const code = `#${(i + 1).toString(16).padStart(6, '0')}`;
      settings.foreground = code;
      pairs.set(code, {
        light: readableOn(l.settings.foreground.toLowerCase(), BACKGROUND_LIGHT),
        dark: readableOn(d.settings.foreground.toLowerCase(), BACKGROUND_DARK),
      });
    }
    tokenColors.push({ ...(l.scope === undefined ? {} : { scope: l.scope }), settings });
  }
  const theme = { name: PAIRED_THEME, type: 'light', colors: { 'editor.foreground': PAIRED_DEFAULT, 'editor.background': '#ffffff' }, tokenColors };
  return { theme, pairs };
}

/** A piece of a line with both its colours. */
export interface ColouredToken {
  content: string;
  light: string;
  dark: string;
  fontStyle: number;
}

/** The two themes' tokens of one line, cut where either theme cuts (both cover the same text). */
export function alignTokens(light: readonly ThemedToken[], dark: readonly ThemedToken[]): ColouredToken[] {
  const aligned: ColouredToken[] = [];
  let i = 0;
  let j = 0;
  let usedLight = 0;
  let usedDark = 0;
  while (i < light.length && j < dark.length) {
    const a = light[i] as ThemedToken;
    const b = dark[j] as ThemedToken;
    const n = Math.min(a.content.length - usedLight, b.content.length - usedDark);
    if (n > 0)
      aligned.push({
        content: a.content.slice(usedLight, usedLight + n),
        light: readableOn((a.color ?? DEFAULT_LIGHT).toLowerCase(), BACKGROUND_LIGHT),
        dark: readableOn((b.color ?? DEFAULT_DARK).toLowerCase(), BACKGROUND_DARK),
        fontStyle: a.fontStyle === b.fontStyle ? (a.fontStyle ?? 0) : 0,
      });
    usedLight += n;
    usedDark += n;
    if (usedLight >= a.content.length) {
      i++;
      usedLight = 0;
    }
    if (usedDark >= b.content.length) {
      j++;
      usedDark = 0;
    }
  }
  return aligned;
}

/** github-light's and github-dark's foreground: tokens in them need no colour. */
export const DEFAULT_LIGHT = '#24292e';
export const DEFAULT_DARK = '#e1e4e8';
/** The themes' backgrounds, which code blocks have (runtime/components.css). */
const BACKGROUND_LIGHT = '#ffffff';
const BACKGROUND_DARK = '#24292e';

/**
 * A token colour that reads on `background` (WCAG AA, 4.5:1): as it is when it
 * does, else moved toward black or white, whichever the background is
 * further from, in steps of 5% until it does. github-dark's comments
 * (#6a737d on #24292e, 3.05:1) and github-light's #e36209 (3.49:1) need it,
 * and the few rules written for a background docsc does not draw
 * (`invalid.illegal`: near-white on white) become readable.
 */
function readableOn(colour: string, background: string): string {
  const known = readable.get(`${colour}${background}`);
  if (known !== undefined) return known;
  const rgb = channels(colour);
  const back = channels(background);
  let result = colour;
  if (rgb !== undefined && back !== undefined && contrast(rgb, back) < 4.5) {
    const target = luminance(back) > 0.18 ? 0 : 255;
    for (let step = 1; step <= 20; step++) {
      const mixed = rgb.map((c) => Math.round(c + (target - c) * (step / 20))) as [number, number, number];
      if (contrast(mixed, back) >= 4.5 || step === 20) {
        result = `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        break;
      }
    }
  }
  readable.set(`${colour}${background}`, result);
  return result;
}

const readable = new Map<string, string>();

function channels(colour: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/.exec(colour)?.[1];
  return hex === undefined ? undefined : ([0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]);
}

function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: readonly number[], b: readonly number[]): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

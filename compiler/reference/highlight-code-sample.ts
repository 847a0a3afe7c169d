// A request example's code sample as highlighted HTML. The samples docsc
// writes (request-samples.ts), which the playground rewrites as the reader
// types, are coloured by the tokens the browser colours them with
// (code-sample-tokens.ts), so the first edit changes only what it edits.
// The others — an operation's `x-codeSamples`, written by the document's
// authors in any language, and the languages httpsnippet writes (Ruby, C#…)
// — by their language as code fences are (highlight-sample.ts: shiki, in the
// site's light and dark themes, each grammar loaded on the first sample that
// needs it), under the name shiki knows it by (`cURL` is Bash, `Node`
// JavaScript); a language no highlighter knows is escaped text. `lang`
// comes from an untrusted document: it only selects a highlighter, and the
// source reaches the page escaped.

import { codeSampleHtml } from './code-sample-tokens.js';
import type { CodeSample } from './code-samples.js';
import { highlightSample } from './highlight-sample.js';

/** Names `x-codeSamples` use for languages that shiki knows by another. */
const SHIKI_NAMES = new Map([
  ['curl', 'bash'],
  ['wget', 'bash'],
  ['httpie', 'bash'],
  ['node', 'javascript'],
  ['nodejs', 'javascript'],
  ['node.js', 'javascript'],
  ['golang', 'go'],
]);

export function highlightCodeSample(sample: CodeSample): string {
  if (typeof sample.generated === 'string') return codeSampleHtml(sample.source, sample.generated);
  const language = sample.language.trim().toLowerCase();
  return highlightSample(sample.source, SHIKI_NAMES.get(language) ?? language);
}

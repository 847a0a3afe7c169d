// micromark 4.0.3's postprocess (lib/postprocess.js) and
// micromark-util-subtokenize 2.1.0's subtokenize (index.js), rewritten to
// give the same events with less copying. Upstream runs subtokenize until a
// pass finds no content left to tokenize (flow, text, strings, then one
// that finds none); each pass copied the page's events into a gap buffer,
// jumped over inserted events through an object with a key per insertion
// (`Object.assign`ed per content), and copied the buffer back into the
// array through micromark-util-chunked's splice (10,000 arguments at a
// time). Here a pass walks the events once and pushes them to a new array,
// from the first event it changes (the last pass returns its input): a
// content's events are pushed in place of each of its tokens' enter and
// exit, from the content tokenizer's own array (no slice), without being
// walked (upstream's jumps); a container's exit moved before its trailing
// line endings is inserted a few places back. The contents are tokenized in
// the same order, at the same point of the walk, with the same hook (GFM
// task lists), so the parser's state (definitions, footnotes, ESM bindings)
// and the first syntax error are upstream's. In a CPU profile of
// mintlify's 1,106 pages parsed in one thread, upstream's subtokenize, its
// buffer and splices were 1.8 s of 12.4 s; this file's functions, 0.4 s of
// 6.7 s. tests/from-markdown-fork.test.ts compares the trees and errors with
// remark-parse's on every sample page and on random sources.
//
// (The MIT License)
//
// Copyright (c) Titus Wormer <tituswormer@gmail.com>
//
// Permission is hereby granted, free of charge, to any person obtaining
// a copy of this software and associated documentation files (the
// 'Software'), to deal in the Software without restriction, including
// without limitation the rights to use, copy, modify, merge, publish,
// distribute, sublicense, and/or sell copies of the Software, and to
// permit persons to whom the Software is furnished to do so, subject to
// the following conditions:
//
// The above copyright notice and this permission notice shall be
// included in all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
// EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
// MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
// IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
// CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
// TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
// SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

import type { Event, Token, TokenizeContext } from 'micromark-util-types';

/** The document's events with every content tokenized (upstream's `postprocess`). */
export function postprocess(events: Event[]): Event[] {
  let pass = subtokenizePass(events);
  while (pass.more) pass = subtokenizePass(pass.events);
  return pass.events;
}

/** Events of a content that replace one of its tokens: `events[from]` to `events[to]`, excluded. */
interface Replacement {
  events: Event[];
  from: number;
  to: number;
}

/**
 * One of upstream's subtokenize passes: the events after it, and whether it
 * tokenized a content (upstream's `false`). The events before the first
 * that changes anything are not copied: the last pass (which finds nothing)
 * returns its input.
 */
function subtokenizePass(events: Event[]): { events: Event[]; more: boolean } {
  let first = 0;
  while (first < events.length && !changes(events, first)) first++;
  if (first === events.length) return { events, more: false };
  const out = events.slice(0, first);
  /** By the index (in `events`) of the enter of the token each replaces. */
  const replacements = new Map<number, Replacement>();
  let more = false;
  for (let index = first; index < events.length; index++) {
    if (replacements.size > 0) {
      const replacement = replacements.get(index);
      if (replacement !== undefined) {
        replacements.delete(index);
        pushRange(out, replacement);
        // The token's exit.
        index++;
        continue;
      }
    }
    const event = events[index] as Event;
    const token = event[1];
    // GFM task lists need to know whether text is in the first content of a list item.
    if (out.length > 0 && token.type === 'chunkFlow' && (out[out.length - 1] as Event)[1].type === 'listItemPrefix') markFirstContent(token);
    if (event[0] === 'enter') {
      if (token.contentType) {
        subcontent(events, index, replacements);
        more = true;
        if (!replacements.has(index)) {
          // Upstream's walk ends when the first token keeps its events (its jump is `undefined`): the rest is copied as it is.
          copyRest(events, index, replacements, out);
          break;
        }
        index--;
      } else out.push(event);
    } else if (token._container) exitContainer(out, event);
    else out.push(event);
  }
  return { events: out, more };
}

/** Whether the pass does something at `events[index]`, the events before it left as they are: a content, or a container exit to move. */
function changes(events: readonly Event[], index: number): boolean {
  const [kind, token] = events[index] as Event;
  if (kind === 'enter') return Boolean(token.contentType);
  if (!token._container) return false;
  for (let other = index - 1; other >= 0; other--) {
    const [otherKind, { type }] = events[other] as Event;
    if (type === 'lineEnding' || type === 'lineEndingBlank') {
      if (otherKind === 'enter') return true;
    } else if (type !== 'linePrefix' && type !== 'listItemIndent') return false;
  }
  return false;
}

function pushRange(out: Event[], { events, from, to }: Replacement): void {
  for (let index = from; index < to; index++) out.push(events[index] as Event);
}

/** The events from `from` on, with the replacements made but not walked. */
function copyRest(events: readonly Event[], from: number, replacements: Map<number, Replacement>, out: Event[]): void {
  for (let index = from; index < events.length; index++) {
    const replacement = replacements.get(index);
    if (replacement === undefined) out.push(events[index] as Event);
    else {
      pushRange(out, replacement);
      index++;
    }
  }
}

/** Upstream's hook for micromark-extension-gfm-task-list-item: marks the text chunks of the first content of a list item. */
function markFirstContent(token: Token): void {
  const subevents = (token._tokenizer as TokenizeContext).events;
  let otherIndex = 0;
  if (otherIndex < subevents.length && (subevents[otherIndex] as Event)[1].type === 'lineEndingBlank') otherIndex += 2;
  if (otherIndex < subevents.length && (subevents[otherIndex] as Event)[1].type === 'content') {
    while (++otherIndex < subevents.length) {
      const other = (subevents[otherIndex] as Event)[1];
      if (other.type === 'content') break;
      if (other.type === 'chunkText') {
        other._isInFirstContentOfListItem = true;
        otherIndex++;
      }
    }
  }
}

/**
 * A container's exit after line endings (and prefixes) is moved before
 * them, the first of them becoming `lineEnding`, the others
 * `lineEndingBlank`; `out` ends where the exit was.
 */
function exitContainer(out: Event[], event: Event): void {
  let otherIndex = out.length;
  let lineIndex: number | undefined;
  while (otherIndex--) {
    const other = out[otherIndex] as Event;
    const type = other[1].type;
    if (type === 'lineEnding' || type === 'lineEndingBlank') {
      if (other[0] === 'enter') {
        if (lineIndex) (out[lineIndex] as Event)[1].type = 'lineEndingBlank';
        other[1].type = 'lineEnding';
        lineIndex = otherIndex;
      }
    } else if (type !== 'linePrefix' && type !== 'listItemIndent') break;
  }
  if (lineIndex) {
    event[1].end = { ...(out[lineIndex] as Event)[1].start };
    out.splice(lineIndex, 0, event);
  } else out.push(event);
}

/**
 * Tokenizes the content whose first token is entered at `eventIndex` (all
 * its linked tokens, in order), and records in `replacements` the events
 * that replace each token, as upstream's `subcontent` splices them.
 */
function subcontent(events: readonly Event[], eventIndex: number, replacements: Map<number, Replacement>): void {
  const [, token, context] = events[eventIndex] as Event;
  let startPosition = eventIndex - 1;
  const startPositions: number[] = [];
  let tokenizer = token._tokenizer;
  if (!tokenizer) {
    tokenizer = context.parser[token.contentType as 'content'](token.start);
    if (token._contentTypeTextTrailing) tokenizer._contentTypeTextTrailing = true;
  }
  const childEvents = tokenizer.events;
  let previous: Token | undefined;
  let current: Token | undefined = token;
  // Pass the linked tokens, in order, to the tokenizer.
  while (current) {
    while ((events[++startPosition] as Event)[1] !== current) {
      // Empty.
    }
    startPositions.push(startPosition);
    if (!current._tokenizer) {
      const stream = context.sliceStream(current);
      if (!current.next) stream.push(null);
      if (previous) tokenizer.defineSkip(current.start);
      if (current._isInFirstContentOfListItem) tokenizer._gfmTasklistFirstContentOfListItem = true;
      tokenizer.write(stream);
      if (current._isInFirstContentOfListItem) tokenizer._gfmTasklistFirstContentOfListItem = undefined;
    }
    previous = current;
    current = current.next;
  }
  // Which events belong to which token: a void token spanning a line break starts the next.
  const breaks = [0];
  current = token;
  for (let index = 0; index < childEvents.length; index++) {
    const child = childEvents[index] as Event;
    const before = childEvents[index - 1];
    if (child[0] === 'exit' && before?.[0] === 'enter' && child[1].type === before[1].type && child[1].start.line !== child[1].end.line) {
      breaks.push(index + 1);
      // Help GC.
      (current as Token)._tokenizer = undefined;
      (current as Token).previous = undefined;
      current = (current as Token).next;
    }
  }
  // Help GC.
  tokenizer.events = [];
  if (current) {
    current._tokenizer = undefined;
    current.previous = undefined;
  } else breaks.pop();
  // Upstream pairs the last break with the last token, and so on back: tokens left over keep their events.
  const skipped = startPositions.length - breaks.length;
  for (let index = 0; index < breaks.length; index++) {
    const to = breaks[index + 1] ?? childEvents.length;
    replacements.set(startPositions[skipped + index] as number, { events: childEvents, from: breaks[index] as number, to });
  }
}

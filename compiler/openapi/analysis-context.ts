// What the checks over one parsed document share: its text, its tree, where
// its values are written, the bag they report into.

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../source/source-file.js';
import type { JsonObject } from './json-values.js';
import type { Locator } from './parse-document-text.js';

export interface Context {
  file: SourceFile;
  root: JsonObject;
  version: string;
  locator: Locator;
  bag: DiagnosticBag;
  schemeNames: string[];
}

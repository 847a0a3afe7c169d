// The worker side of summarize-pages.ts: piscina loads this file in each
// worker thread and calls its default export with one batch of pages (as
// does an isolated process, host/isolated-process.ts, with one page).

import { type PageSummaryResult, summarizePage } from './summarize-page.js';

export interface PageFile {
  path: string;
  text: string;
  /** Whether other pages of the job share blocks with this one (parse-blocks.ts `pagesSharingBlocks`). */
  sharedBlocks?: boolean;
}

export default function summarizeBatch(files: readonly PageFile[]): PageSummaryResult[] {
  return files.map((file) => summarizePage(file.path, file.text, { sharedBlocks: file.sharedBlocks }));
}

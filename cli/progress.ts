// Progress of a long build on stderr: one line rewritten in place on a
// terminal, with a bar and counts while pages are compiled and laid out; a
// plain line per phase elsewhere (CI logs, pipes), with its time. Silent with
// `--json` and in tests.

import type { BuildProgress } from '../compiler/build/build.js';

/** A build's phases, and check's one long step (`summarize`). */
export interface Progress {
  phase: BuildProgress['phase'] | 'summarize';
  done: number;
  total: number;
}

const LABELS: Record<Progress['phase'], string> = {
  summarize: 'Reading pages',
  read: 'Reading files',
  analyze: 'Checking docs.json, pages and OpenAPI documents',
  compile: 'Compiling pages',
  check: 'Checking OpenAPI documents and links',
  pages: 'Laying out pages',
  write: 'Finishing the output',
};

/** Whether progress is drawn live on `stream`: a terminal, and not in CI. */
export function isLive(stream: NodeJS.WriteStream): boolean {
  return stream.isTTY === true && !process.env.CI;
}

export function progressReporter(stream: NodeJS.WriteStream): { report: (progress: Progress) => void; done: () => void } {
  const live = isLive(stream);
  let last = '';
  let started = performance.now();
  return {
    report(progress) {
      const line = `${LABELS[progress.phase]}${progress.total > 0 ? ` (${progress.total})` : ''}…`;
      if (live) {
        const count = progress.total > 0 ? ` ${bar(progress.done / progress.total)} ${progress.done}/${progress.total}` : '';
        stream.write(`\r\u001b[2K${LABELS[progress.phase]}…${count}`);
        last = line;
        return;
      }
      if (line === last) return;
      if (last !== '') stream.write(`  ${Math.round(performance.now() - started)} ms\n`);
      stream.write(line);
      started = performance.now();
      last = line;
    },
    done() {
      if (last === '') return;
      if (live) stream.write('\r\u001b[2K');
      else stream.write(`  ${Math.round(performance.now() - started)} ms\n`);
      last = '';
    },
  };
}

const BAR_WIDTH = 24;

/** `[██████░░░░…]` for a fraction done. */
function bar(fraction: number): string {
  const full = Math.round(Math.min(1, Math.max(0, fraction)) * BAR_WIDTH);
  return `[${'█'.repeat(full)}${'░'.repeat(BAR_WIDTH - full)}]`;
}

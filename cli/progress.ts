// Progress of a long build on stderr: one line rewritten in place on a
// terminal, a plain line per phase elsewhere (CI logs, pipes). Silent with
// `--json` and in tests.

import type { BuildProgress } from '../compiler/build/build.js';

const LABELS: Record<BuildProgress['phase'], string> = {
  read: 'Reading files',
  analyze: 'Checking docs.json, pages and OpenAPI documents',
  pages: 'Compiling and laying out pages',
  write: 'Finishing the output',
};

export function progressReporter(stream: NodeJS.WriteStream): { report: (progress: BuildProgress) => void; done: () => void } {
  const live = stream.isTTY === true && !process.env.CI;
  let last = '';
  let started = performance.now();
  return {
    report(progress) {
      const line = `${LABELS[progress.phase]}${progress.total > 0 ? ` (${progress.total})` : ''}…`;
      if (live) {
        const count = progress.total > 0 ? ` ${progress.done}/${progress.total}` : '';
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

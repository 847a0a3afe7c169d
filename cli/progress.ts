// Progress of a long build on stderr: one line rewritten in place on a
// terminal, a plain line per phase elsewhere (CI logs, pipes). Silent with
// `--json` and in tests.

import type { BuildProgress } from '../compiler/build/build.js';

const LABELS: Record<BuildProgress['phase'], string> = {
  read: 'Reading files',
  analyze: 'Checking docs.json, pages and OpenAPI documents',
  bodies: 'Compiling pages',
  assemble: 'Laying out pages',
  write: 'Writing output',
};

export function progressReporter(stream: NodeJS.WriteStream): { report: (progress: BuildProgress) => void; done: () => void } {
  const live = stream.isTTY === true && !process.env.CI;
  let last = '';
  let started = performance.now();
  return {
    report(progress) {
      const line = `${LABELS[progress.phase]}${progress.total > 0 ? ` (${progress.total})` : ''}…`;
      if (line === last) return;
      if (live) stream.write(`\r\u001b[2K${line}`);
      else {
        if (last !== '') stream.write(`  ${Math.round(performance.now() - started)} ms\n`);
        stream.write(line);
      }
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

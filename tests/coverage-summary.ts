// The end of `npm test`: c8's totals on one line (full report in coverage/),
// then the test tally again, so that the run ends with `N passed, N failed`.

import { readFileSync } from 'node:fs';

interface Total {
  pct: number;
}

const summary = JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8')) as { total: Record<'lines' | 'branches' | 'functions', Total> };
const { lines, branches, functions } = summary.total;
console.log(`Coverage: lines ${lines.pct}%, branches ${branches.pct}%, functions ${functions.pct}% (report: coverage/lcov-report/index.html)`);
process.stdout.write(readFileSync('coverage/test-tally.txt', 'utf8'));

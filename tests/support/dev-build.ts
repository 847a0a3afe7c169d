// What a `docsc dev` session's next build gave, for tests: the result, or the error it threw rethrown.

import type { BuildResult } from '../../compiler/build/build.js';

export function asBuild(result: BuildResult | Error): BuildResult {
  if (result instanceof Error) throw result;
  return result;
}

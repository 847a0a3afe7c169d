// chevrotain, loaded from the single-file build its package ships
// (`lib/chevrotain.mjs`). The package's entry point imports lodash-es as
// hundreds of small modules, which cost about 1 s of start-up on every docsc
// command (measured: `import('chevrotain')` 1.22 s, the bundle 0.19 s, Node
// alone 0.15 s); the bundle is the same code in one file. Types still come
// from the package. Found through the package's own entry, so it follows
// wherever npm put the package.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Chevrotain = typeof import('chevrotain');

/** `<package>/lib/src/api.js` → `<package>/lib/chevrotain.mjs`. */
const bundle = join(dirname(createRequire(import.meta.url).resolve('chevrotain')), '..', 'chevrotain.mjs');
const chevrotain = (await import(pathToFileURL(bundle).href)) as Chevrotain;

export const { createToken, EmbeddedActionsParser, Lexer, tokenMatcher } = chevrotain;

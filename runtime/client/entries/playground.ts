// API pages' script: the playground and the code sample tabs
// (runtime/client/playground/). The reference works without it.

import { initPlayground } from '../playground/init-playground.js';

initPlayground(document);

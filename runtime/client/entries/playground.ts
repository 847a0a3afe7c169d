// API pages' script: the playground and the bar's copy button
// (runtime/client/playground/). The reference works without it.

import { initPlayground } from '../playground/init-playground.js';

initPlayground(document);

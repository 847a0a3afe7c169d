// The script every page loads: progressive enhancement of the static layout.
// Each feature lives in its own module under runtime/client/.

import { initComponents } from '../components/index.js';

initComponents(document);

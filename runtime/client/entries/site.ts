// The script every page loads: progressive enhancement of the static layout
// (the page works without it). Each feature lives in its own module.

import { initComponents } from '../components/index.js';
import { initBanner } from '../site/banner.js';
import { initDropdowns } from '../site/dropdowns.js';
import { initMobileMenu } from '../site/mobile-menu.js';
import { initPageActions } from '../site/page-actions.js';
import { initSearch } from '../site/search-dialog.js';
import { loadSectionNavigation } from '../site/section-navigation.js';
import { revealCurrentPage } from '../site/sidebar-position.js';
import { initThemeToggle } from '../site/theme-toggle.js';
import { initTocHighlight } from '../site/toc-highlight.js';

initThemeToggle(document);
initBanner(document);
initMobileMenu(document);
initDropdowns(document);
initSearch(document);
revealCurrentPage(document);
loadSectionNavigation(document);
initTocHighlight(document);
initPageActions(document);
initComponents(document);

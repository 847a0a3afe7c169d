// Scrolls the sidebar so that the current page's link is in view (long
// sections put it far below the fold).

export function revealCurrentPage(root: Document): void {
  const sidebar = root.getElementById('docsc-sidebar');
  const current = sidebar?.querySelector<HTMLElement>('a[aria-current="page"]');
  if (!sidebar || !current) return;
  const top = current.offsetTop - sidebar.offsetTop;
  if (top > sidebar.clientHeight - 80) sidebar.scrollTop = top - sidebar.clientHeight / 2;
}

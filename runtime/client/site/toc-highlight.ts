// Marks, in the table of contents, the section being read: the last heading
// above the top quarter of the window gets `aria-current="true"`.

export function initTocHighlight(root: Document): void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.docsc-toc a[href^="#"]')];
  if (links.length === 0) return;
  const targets = links.map((link) => root.getElementById(decodeURIComponent(link.hash.slice(1))));
  let scheduled = false;
  const update = () => {
    scheduled = false;
    const line = innerHeight / 4;
    let current = -1;
    targets.forEach((target, index) => {
      if (target && target.getBoundingClientRect().top <= line) current = index;
    });
    links.forEach((link, index) => {
      if (index === current) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    });
  };
  addEventListener(
    'scroll',
    () => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
}

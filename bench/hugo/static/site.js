// The Hugo peer's client: marks the current page in the sidebar (the sidebar is rendered once per tab, partialCached).
for (const link of document.querySelectorAll('.sidebar a')) {
  if (link.getAttribute('href') === location.pathname) link.setAttribute('aria-current', 'page');
}

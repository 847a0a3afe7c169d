// docsc dev's client, added to every page the dev server serves: reloads the
// page after each successful rebuild and shows the last build's errors in an
// overlay (text only: messages are set with textContent, never as HTML). It
// names its page when it listens: a page served before the first build is
// reloaded only if that build made it otherwise.
(() => {
  const events = new EventSource(`/_docsc/dev/events?page=${encodeURIComponent(location.pathname)}`);
  let overlay;
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('problems', (event) => {
    const problems = JSON.parse(event.data);
    overlay?.remove();
    overlay = undefined;
    if (!problems.failed && problems.diagnostics.length === 0) return;
    overlay = document.createElement('div');
    overlay.id = 'docsc-dev-overlay';
    overlay.setAttribute('role', 'alertdialog');
    overlay.setAttribute('aria-label', 'Build errors');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(20,20,20,.92);color:#fff;font:14px/1.5 ui-monospace,monospace';
    const title = document.createElement('h2');
    title.textContent = problems.failed ? 'The build failed' : `${problems.diagnostics.length} error(s) in the last build`;
    overlay.append(title);
    if (problems.message) overlay.append(Object.assign(document.createElement('p'), { textContent: problems.message }));
    for (const d of problems.diagnostics) {
      const line = document.createElement('p');
      line.textContent = `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`;
      overlay.append(line);
    }
    const close = Object.assign(document.createElement('button'), { textContent: 'Dismiss', type: 'button' });
    close.addEventListener('click', () => overlay?.remove());
    overlay.append(close);
    document.body.append(overlay);
  });
})();

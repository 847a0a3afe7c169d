// Event handlers written on a page's own elements (`<button onClick={…}>` in
// MDX) that need nothing of the page (compiler/render/element-handlers.ts):
// their code comes as JSON (`script.docsc-handlers`), and each element names
// the DOM events it listens to and the handler of each (`data-docsc-on="click:0"`).
// A handler whose code does not run is reported on the console and left out.

export function initElementHandlers(root: ParentNode): void {
  const script = root.querySelector<HTMLScriptElement>('script.docsc-handlers');
  if (script === null) return;
  let codes: unknown;
  try {
    codes = JSON.parse(script.textContent ?? '');
  } catch {
    return;
  }
  if (!Array.isArray(codes)) return;
  const handlers = new Map<number, EventListener | null>();
  const handler = (index: number): EventListener | null => {
    if (!handlers.has(index)) {
      let made: EventListener | null = null;
      try {
        const code = codes[index];
        if (typeof code === 'string') made = new Function(`return (${code});`)() as EventListener;
      } catch (error) {
        console.error('docsc: an event handler of the page could not be made', error);
      }
      handlers.set(index, made);
    }
    return handlers.get(index) ?? null;
  };
  for (const element of root.querySelectorAll<HTMLElement>('[data-docsc-on]')) {
    for (const pair of (element.dataset.docscOn ?? '').split(' ')) {
      const [event, index] = pair.split(':');
      const listener = event && index !== undefined ? handler(Number(index)) : null;
      if (event && listener) element.addEventListener(event, listener);
    }
  }
}

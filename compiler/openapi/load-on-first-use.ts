// Modules the OpenAPI loader imports on first use, once, and one at a time:
// a JSON document does not pay for the YAML package, a valid one for the JSON
// grammar, a local one for the network modules, a remembered one for the
// validators. One queue for all of them (see `onFirstUse`).

/** The import under way, if any: each waits for the one before it. */
let importing: Promise<unknown> = Promise.resolve();

/**
 * A module loaded on first use, once, and one at a time: Node 20's loader can
 * fail concurrent dynamic imports that share modules ("request for 'node:…'
 * is not in cache", nodejs/node#52187), and documents load concurrently.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = importing.then(load, load);
      importing = loaded.catch(() => undefined);
    }
    return loaded;
  };
}

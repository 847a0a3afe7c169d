// The URLs of the API pages Mintlify generates for a docs folder, computed offline by Mintlify's own prebuild:
// the OpenAPI documents it finds in the folder by content (`getOpenApiFiles`, honouring `.mintignore`), docs.json
// read and validated as its prebuild reads it (`DocsConfigUpdater.getConfig`, `$ref`s resolved), then
// `generateOpenApiFromDocsConfig(navigation, openApiFiles, pagesAcc, {writeFiles: false})`, whose filled
// `pagesAcc` is keyed by page path. Pages documented by hand with `openapi:` frontmatter are MDX pages at their own
// path and are not listed. Prints a JSON array of URL paths (`/api-reference/users/get-user`), one per line, sorted.
//
//   MINTLIFY_PREBUILD=<folder of @mintlify/prebuild> node bench/conformance/mintlify-api-urls.mjs <docs folder>
//   node bench/conformance/mintlify-api-urls.mjs <docs folder> <folder of @mintlify/prebuild>
//
// `npm run conformance` installs the pinned prebuild into bench/conformance/peer on demand and calls this script.
// A hosted spec is fetched as Mintlify fetches it; one the navigation names that cannot be fetched stops Mintlify's
// generation: the error is printed on stderr and the script exits 1.

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [docsArg, prebuildArg] = process.argv.slice(2);
const prebuildDir = prebuildArg ?? process.env.MINTLIFY_PREBUILD;
if (!docsArg || !prebuildDir) {
  process.stderr.write('usage: MINTLIFY_PREBUILD=<@mintlify/prebuild folder> node mintlify-api-urls.mjs <docs folder>\n');
  process.exit(2);
}
const docs = resolve(docsArg);
const prebuild = await import(pathToFileURL(join(resolve(prebuildDir), 'dist', 'index.js')).href);

// The prebuild logs what it generates and warns on console; keep stdout for the answer.
const print = process.stdout.write.bind(process.stdout);
console.log = (...args) => process.stderr.write(`${args.join(' ')}\n`);

try {
  const mintIgnore = await prebuild.getMintIgnore(docs);
  const openApiFiles = await prebuild.getOpenApiFiles(docs, { mintIgnore });
  const config = await prebuild.DocsConfigUpdater.getConfig(join(docs, 'docs.json'), false, docs, (message) => process.stderr.write(`${message}\n`));
  // As generateOpenApiDivisions does: documents named by URL in `api.openapi` are fetched and added. The navigation
  // never reads `api.openapi` (only frontmatter pages do), so one that cannot be fetched changes no generated URL.
  try {
    openApiFiles.push(...(await prebuild.getOpenApiFilesFromConfig('docs', config)));
  } catch (error) {
    process.stderr.write(`api.openapi not fetched, left out: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  const pagesAcc = {};
  await prebuild.generateOpenApiFromDocsConfig(config.navigation, openApiFiles, pagesAcc, { overwrite: false, writeFiles: false });
  const urls = Object.keys(pagesAcc)
    .map((path) => `/${path.replace(/^\/+/, '')}`)
    .sort();
  print(`[\n${urls.map((url) => JSON.stringify(url)).join(',\n')}\n]\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

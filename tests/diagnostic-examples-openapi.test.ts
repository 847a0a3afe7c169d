// Diagnostic examples of OpenAPI documents (tests/support/diagnostic-example.ts):
// a hosted document whose server answers HTTP 500 (a real server on
// loopback; docs.json names it as SHOWN_ORIGIN, put back to the server's
// address in the temporary copy), a document over 1 MB with more schema
// errors than are listed, and a JSON document saved with two byte-order
// marks, which JSON.parse refuses and docsc's JSON grammar does not (it skips
// U+FEFF as white space), so the reason comes from JSON.parse.

import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import { check } from '../compiler/check.js';
import { DIRECT_SCHEMA_ERRORS_CHARS } from '../compiler/openapi/validate-document.js';
import { MAX_SCHEMA_PROBLEMS } from '../compiler/openapi/validate-schema.js';
import { ExampleCase, SHOWN_ORIGIN, withShownOrigin } from './support/diagnostic-example.js';
import { loopbackServer } from './support/loopback-server.js';

const server = loopbackServer(test, (_req, res) => res.writeHead(500, 'Internal Server Error').end('{"error": "database unavailable"}'));

async function checkExample(name: string, setUp: (example: ExampleCase) => void = () => {}): Promise<void> {
  const example = new ExampleCase(name);
  try {
    setUp(example);
    example.command('check --no-cache');
    const result = await check({ root: example.root, threads: 1 });
    example.record(withShownOrigin(result.diagnostics, server.origin));
  } finally {
    example.remove();
  }
}

test('openapi/fetch-failed: the server of a hosted document answers HTTP 500', () =>
  checkExample('openapi-fetch-failed', (example) => {
    const config = example.at('docs.json');
    writeFileSync(config, readFileSync(config, 'utf8').split(SHOWN_ORIGIN).join(server.origin));
    example.step(`A server at ${SHOWN_ORIGIN} answers every request with HTTP 500 Internal Server Error.`);
  }));

test('openapi/more-errors: a document over 1 MB with more schema errors than are listed', () =>
  checkExample('openapi-more-errors', (example) => {
    const operations = MAX_SCHEMA_PROBLEMS + 20;
    const paths: Record<string, unknown> = {};
    for (let i = 1; i <= operations; i++) paths[`/pets/${i}`] = { get: { summary: `Get pet ${i}` } };
    const description = 'A long description. '.repeat(Math.ceil(DIRECT_SCHEMA_ERRORS_CHARS / 20));
    const document = `${JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0', description }, paths }, null, 2)}\n`;
    example.write(
      'api.json',
      document,
      `${Buffer.byteLength(document)} bytes: an info.description of ${description.length} characters, and ${operations} paths whose operation has no \`responses\``,
    );
  }));

test('openapi/parse-failed: a JSON document saved with two byte-order marks', () =>
  checkExample('openapi-parse-failed', (example) => {
    const marks = /^\uFEFF*/.exec(readFileSync(example.at('api.json'), 'utf8'))?.[0].length ?? 0;
    example.step(`api.json starts with ${marks} byte-order marks (U+FEFF), then its JSON.`);
  }));

test.run();

// The validators compiled when docsc is built (dist/validators/, written by
// cli/build-validators.ts in `npm run build:ts`) are the validators docsc
// would compile at run time: on every docs.json and every OpenAPI document
// among the fixtures, the same verdict and the same errors. And a folder
// whose stamp does not match this process is not used.

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import AjvModule from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { CONFIG_AJV_OPTIONS, configSchema, validateConfig } from '../compiler/config/validate-config.js';
import { precompiledValidator, STAMP_FILE, schemaHash, validatorsFolder } from '../compiler/host/precompiled-validators.js';
import { compileValidator } from '../compiler/openapi/validate-schema.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseJson } from '../compiler/syntax/json-parser.js';

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && keep(entry.name)) found.push(join(entry.parentPath, entry.name));
  }
  return found.sort();
}

/** What a caller reads of an error (the verbose `schema`, `parentSchema` and `data` are copies in generated code). */
const errorsOf = (validate: ValidateFunction) =>
  (validate.errors ?? []).map(({ keyword, instancePath, schemaPath, params, message, propertyName }: ErrorObject) =>
    JSON.stringify({ keyword, instancePath, schemaPath, params, message, propertyName }),
  );

function parsed(file: string): unknown {
  try {
    const text = readFileSync(file, 'utf8');
    return file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { logLevel: 'silent' });
  } catch {
    return undefined;
  }
}

test('precompiled validators: docs.json — the same verdict and errors as the schema compiled at run time', async () => {
  const schema = await configSchema();
  const precompiled = precompiledValidator('docs-json', schemaHash(schema));
  assert.ok(precompiled, 'dist/validators/docs-json.cjs is used (npm run build:ts writes it)');
  const ajv = new AjvModule.default(CONFIG_AJV_OPTIONS);
  const compiled = ajv.compile(schema);
  let valid = 0;
  let invalid = 0;
  for (const file of filesUnder('tests/fixtures', (name) => name === 'docs.json' || name === 'mint.json')) {
    const config = parsed(file);
    if (config === undefined) continue;
    const verdict = compiled(config);
    assert.is(precompiled(config), verdict, file);
    assert.equal(errorsOf(precompiled), errorsOf(compiled), file);
    if (verdict) valid++;
    else invalid++;
  }
  assert.ok(valid > 20 && invalid > 5, `fixtures of both kinds (${valid} valid, ${invalid} invalid)`);
});

test('precompiled validators: docs.json — the same diagnostics as with the validator compiled at run time', async () => {
  let compared = 0;
  let withProblems = 0;
  for (const file of filesUnder('tests/fixtures', (name) => name === 'docs.json' || name === 'mint.json')) {
    const { root } = parseJson(new SourceFile('docs.json', readFileSync(file, 'utf8')));
    const precompiled = await validateConfig(root);
    assert.equal(precompiled, await validateConfig(root, undefined, { precompiled: false }), file);
    compared++;
    if (precompiled.length > 0) withProblems++;
  }
  assert.ok(compared > 50 && withProblems > 5, `${compared} configurations, ${withProblems} with problems`);
});

test('precompiled validators: OpenAPI 3.0 and 3.1 — the same verdict and errors as the schemas compiled at run time', () => {
  const counts = { '3.0': { valid: 0, invalid: 0 }, '3.1': { valid: 0, invalid: 0 } };
  for (const line of ['3.0', '3.1'] as const) {
    const precompiled = precompiledValidator(line === '3.0' ? 'openapi-3.0' : 'openapi-3.1');
    assert.ok(precompiled, `dist/validators/openapi-${line}.cjs is used`);
    const compiled = compileValidator(line);
    for (const file of filesUnder('tests/fixtures', (name) => /\.(ya?ml|json)$/.test(name))) {
      const document = parsed(file) as { openapi?: unknown } | undefined;
      if (typeof document?.openapi !== 'string' || !document.openapi.startsWith(line)) continue;
      const verdict = compiled(document);
      assert.is(precompiled(document), verdict, file);
      assert.equal(errorsOf(precompiled), errorsOf(compiled), file);
      counts[line][verdict ? 'valid' : 'invalid']++;
    }
  }
  const { '3.0': v30, '3.1': v31 } = counts;
  assert.ok(v30.valid > 5 && v30.invalid > 2 && v31.valid > 5, `documents of both kinds: ${JSON.stringify(counts)}`);
});

test('precompiled validators: a folder written for other packages or another schema is not used', async () => {
  const folder = validatorsFolder() as string;
  const hash = schemaHash(await configSchema());
  // Inside the package, beside the real folder: the generated code requires ajv's runtime from there.
  const dir = mkdtempSync(join(folder, '..', '.validators-test-'));
  try {
    const copy = (name: string, change: (stamp: Record<string, unknown>) => void) => {
      const to = join(dir, name);
      cpSync(folder, to, { recursive: true });
      const stamp = JSON.parse(readFileSync(join(to, STAMP_FILE), 'utf8')) as Record<string, unknown>;
      change(stamp);
      writeFileSync(join(to, STAMP_FILE), JSON.stringify(stamp));
      return to;
    };
    const same = copy('same', () => {});
    assert.type(precompiledValidator('openapi-3.0', undefined, same), 'function');
    assert.type(precompiledValidator('docs-json', hash, same), 'function');
    assert.is(precompiledValidator('docs-json', 'another schema', same), undefined);
    const otherAjv = copy('other-ajv', (stamp) => {
      stamp.packages = { ...(stamp.packages as object), ajv: '0.0.1' };
    });
    assert.is(precompiledValidator('openapi-3.0', undefined, otherAjv), undefined);
    const otherFormat = copy('other-format', (stamp) => {
      stamp.format = -1;
    });
    assert.is(precompiledValidator('docs-json', hash, otherFormat), undefined);
    assert.is(precompiledValidator('openapi-3.1', undefined, join(dir, 'none')), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

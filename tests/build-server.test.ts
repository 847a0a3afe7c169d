// The build server (`docsc build --server`), as users run it: the command
// in child processes, on a copy of the bundled example, its socket in
// a temporary directory of the test's own. What the server builds must be
// byte for byte what a build in the command's own process makes of the same
// files — after a body edit (patched), a docs.json edit, a build it did not make, the
// output deleted behind its back — and a server that is gone, stopped, or of
// other code never fails a build: the command builds itself.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dumpOutput } from './support/output-tree.js';
import { type Run, runNode } from './support/run-node.js';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
/** From the sources, as cli.test.ts runs most commands: the server it starts runs them too, and coverage sees both. */
const cli = ['--import', import.meta.resolve('tsx'), join(projectRoot, 'cli/main.ts')];

const work = mkdtempSync(join(tmpdir(), 'docsc-build-server-'));
/** The servers' sockets and logs go in this test's own temporary directory. */
const env = { TMPDIR: join(work, 'tmp'), DOCSC_SERVER_IDLE_SECONDS: '120' };
mkdirSync(join(work, 'tmp'));
const root = join(work, 'docs');
cpSync(join(projectRoot, 'examples'), root, { recursive: true, filter: (path) => !/[/\\](\.docsc|_site)$/.test(path) });

function docsc(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return runNode([...cli, ...args], work, undefined, { ...env, ...extraEnv });
}

interface Report {
  ok: boolean;
  upToDate: boolean;
  server: boolean;
  stats: { compiled: number; pages: number };
  diagnostics: { code: string }[];
}

async function buildJson(args: string[], extraEnv: Record<string, string> = {}): Promise<Report> {
  const run = await docsc(['build', 'docs', '--json', ...args], extraEnv);
  assert.ok(run.status === 0, `status ${run.status}\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout) as Report;
}

/** The same files built in this command's own process, from scratch, into a folder of its own. */
async function builtHere(): Promise<string> {
  const out = join(work, 'reference-out');
  rmSync(out, { recursive: true, force: true });
  const run = await docsc(['build', 'docs', '-o', out, '--no-cache', '--no-server', '--json']);
  assert.ok(run.status === 0, run.stderr);
  return dumpOutput(out, { full: false });
}

async function assertSameAsBuiltHere(message: string): Promise<void> {
  assert.fixture(dumpOutput(join(root, '_site')), await builtHere(), message);
}

function socketFiles(): string[] {
  const dir = join(work, 'tmp', `docsc-${process.getuid?.() ?? 0}`);
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.sock')) : [];
}

/** The servers' logs, for a failure's message: what a server that did not answer was doing. */
function serverLogs(): string {
  const dir = join(work, 'tmp', `docsc-${process.getuid?.() ?? 0}`);
  if (!existsSync(dir)) return '(no server folder)';
  const logs = readdirSync(dir).filter((name) => name.endsWith('.log'));
  return logs.map((name) => `${name}:\n${readFileSync(join(dir, name), 'utf8')}`).join('\n') || '(no server log)';
}

const page = join(root, 'quickstart.mdx');

test('a build without --server, when none runs, writes nothing outside its folders (no socket folder)', async () => {
  const own = await buildJson([]);
  assert.ok(!own.server && own.ok);
  assert.not.ok(existsSync(join(work, 'tmp', `docsc-${process.getuid?.() ?? 0}`)), 'no folder made in the temporary directory');
});

test('--server starts a server that builds; later builds of the same folders go through it, each identical to a build in its own process', async () => {
  const first = await buildJson(['--server']);
  assert.ok(first.server && first.ok && !first.upToDate, JSON.stringify(first));
  assert.equal(socketFiles().length, 1);

  const noop = await buildJson([]);
  assert.ok(noop.server && noop.upToDate, 'nothing changed: up to date, through the server');

  // A body edit: patched, one body compiled.
  writeFileSync(page, `${readFileSync(page, 'utf8')}\n\nA paragraph added through the server.\n`);
  const edited = await buildJson([]);
  assert.ok(edited.server && !edited.upToDate, JSON.stringify(edited));
  assert.is(edited.stats.compiled, 1);
  await assertSameAsBuiltHere('after a body edit');

  // docs.json changed: a full build in the server.
  const config = join(root, 'docs.json');
  const original = readFileSync(config, 'utf8');
  writeFileSync(config, original.replace('"name": "', '"name": "Renamed '));
  assert.ok(original.includes('"name": "'), 'the example names its site');
  const renamed = await buildJson([]);
  assert.ok(renamed.server && !renamed.upToDate);
  assert.ok(readFileSync(join(root, '_site', 'index.html'), 'utf8').includes('Renamed '), 'the new name is in the output');
  await assertSameAsBuiltHere('after a docs.json edit');

  // The output deleted behind the server's back: built again, complete.
  rmSync(join(root, '_site'), { recursive: true });
  const rebuilt = await buildJson([]);
  assert.ok(rebuilt.server && !rebuilt.upToDate);
  await assertSameAsBuiltHere('after the output was deleted');

  // The pretty summary says who built it.
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nOne more line.\n`);
  const pretty = await docsc(['build', 'docs']);
  assert.is(pretty.status, 0, pretty.stderr);
  assert.match(pretty.stdout, /Built \d+ pages \(1 compiled, .*\(build server\)\n$/);
});

test('--no-server and DOCSC_BUILD_SERVER=0 build in the command’s own process while a server runs', async () => {
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nA line for --no-server.\n`);
  const own = await buildJson(['--no-server']);
  assert.ok(!own.server && !own.upToDate);
  const env0 = await buildJson([], { DOCSC_BUILD_SERVER: '0' });
  assert.ok(!env0.server && env0.upToDate);
  // The server sees the output it did not write, and builds in full rather than patch over it.
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nA line after the command's own build.\n`);
  const after = await buildJson([]);
  assert.ok(after.server && !after.upToDate);
  await assertSameAsBuiltHere('after a build the server did not make');
});

test('server status and stop; once stopped, builds run in their own process', async () => {
  const status = await docsc(['server', 'status', 'docs']);
  assert.is(status.status, 0, status.stderr);
  assert.match(status.stdout, /^Build server of .*docs: pid \d+/);
  const stop = await docsc(['server', 'stop', 'docs']);
  assert.is(stop.status, 0);
  assert.match(stop.stdout, /is stopping/);
  await waitFor(() => socketFiles().length === 0, 'the socket removed once the server stopped');
  const none = await docsc(['server', 'status', 'docs']);
  assert.is(none.status, 1);
  assert.match(none.stdout, /No build server runs/);
  const own = await buildJson([]);
  assert.ok(!own.server);
});

test('a server that died leaves a socket the next build removes, building in its own process', async () => {
  await buildJson(['--server']);
  // Its pid from its status. On a loaded machine the server may answer only after the command gave up waiting for it
  // (and built in its own process): it is asked again for a while; a server that never answers fails with its log.
  let status = await docsc(['server', 'status', 'docs']);
  for (const deadline = Date.now() + 30_000; !/pid \d+/.test(status.stdout) && Date.now() < deadline; ) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    status = await docsc(['server', 'status', 'docs']);
  }
  const pid = Number(/pid (\d+)/.exec(status.stdout)?.[1]);
  assert.ok(pid > 0, `the server answers its status: ${status.stdout}${status.stderr}\n${serverLogs()}`);
  process.kill(pid, 'SIGKILL');
  await waitFor(() => !alive(pid), 'the server killed');
  assert.equal(socketFiles().length, 1, 'its socket file is left behind');
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nA line after the server died.\n`);
  const own = await buildJson([]);
  assert.ok(!own.server && !own.upToDate && own.ok);
  assert.equal(socketFiles().length, 0, 'the stale socket removed');
  await assertSameAsBuiltHere('built in its own process after the server died');
});

test('a server asked for a build by other docsc code declines and stops; the idle time stops it too', async () => {
  await buildJson(['--server']);
  const [socket] = socketFiles();
  const reply = await ask(join(work, 'tmp', `docsc-${process.getuid?.() ?? 0}`, socket as string), {
    type: 'build',
    identity: '0.0.0+other',
    options: {},
    allowPrivateUrls: false,
    report: {},
    progress: false,
  });
  assert.match(reply, /"type":"declined"/);
  await waitFor(() => socketFiles().length === 0, 'the declining server stopped');

  // A server idle for its idle time stops by itself (3 s: long enough for the command to return and look on a loaded
  // machine, where half a second was not).
  await buildJson(['--server'], { DOCSC_SERVER_IDLE_SECONDS: '3' });
  assert.equal(socketFiles().length, 1);
  await waitFor(() => socketFiles().length === 0, 'the idle server stopped');
});

test('a server started for folders no build may use stops after refusing its first build', async () => {
  const run = await docsc(['build', 'docs', '-o', 'docs', '--server']);
  assert.is(run.status, 2, run.stderr);
  assert.match(run.stderr, /docsc build: Refusing to write the site to \S*docs: /);
  await waitFor(() => socketFiles().length === 0, 'the refusing server stopped');
});

test.after(async () => {
  await docsc(['server', 'stop', 'docs']);
  rmSync(work, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.unreachable(`timed out waiting for: ${what}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

/** Sends one request line to a socket; everything it answered before closing. */
function ask(path: string, request: object): Promise<string> {
  return new Promise((resolveAnswer, reject) => {
    const socket = createConnection(path);
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolveAnswer(answer));
    socket.write(`${JSON.stringify(request)}\n`);
  });
}

test.run();

// `docsc server status|stop [dir] [-o out] [--cache-dir <folder> | --no-cache]`:
// whether the build server of those folders runs (what `docsc build
// --server` starts), and stopping it. Exit status 0 when one answered, 1 when
// none runs, 2 for a usage error. `docsc server run <folders>` is the server
// itself, as `docsc build --server` starts it.

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type BuildFolders, buildFolders } from '../../compiler/build/build-folders.js';
import { askServer } from '../build-server/build-client.js';
import { serverAddress } from '../build-server/server-address.js';
import { CACHE_DIR_OPTIONS, cacheDirOption } from '../cache-options.js';
import { readCommand } from '../read-command.js';

export async function runServer(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'run') return runServed(rest);
  if (action !== 'status' && action !== 'stop') {
    process.stderr.write(`docsc server: expected \`status\` or \`stop\`, got ${action === undefined ? 'nothing' : `\`${action}\``}\n`);
    return 2;
  }
  const command = readCommand('server', rest, parse);
  if (typeof command === 'number') return command;
  const { options } = command;
  const folders = buildFolders(command.root, options.out, options.cacheDir);
  const reply = await askServer(folders, { type: action });
  if (reply === undefined) {
    process.stdout.write(`No build server runs for ${folders.root} (output ${folders.outDir}).\n`);
    return 1;
  }
  if (reply.type === 'stopping') process.stdout.write(`The build server of ${folders.root} is stopping.\n`);
  else if (reply.type === 'status') {
    const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;
    process.stdout.write(
      [
        `Build server of ${reply.root}: pid ${reply.pid}, docsc ${reply.identity}`,
        `  output ${reply.outDir}, cache ${reply.cacheDir === false ? 'in memory' : reply.cacheDir}`,
        `  ${reply.builds} build${reply.builds === 1 ? '' : 's'} since ${new Date(reply.startedAt).toISOString()}, ${(reply.rssBytes / 1024 / 1024).toFixed(0)} MB`,
        `  stops after ${minutes(reply.idleMs)} idle; log ${serverAddress(folders)?.log ?? '(none)'}`,
        '',
      ].join('\n'),
    );
  }
  return 0;
}

/** The server itself: its folders as JSON (the command that starts it resolved them). */
async function runServed(args: string[]): Promise<number> {
  const folders = JSON.parse(args[0] ?? 'null') as BuildFolders | null;
  if (folders === null || typeof folders.root !== 'string') {
    process.stderr.write('docsc server run: expected the folders as JSON (docsc build --server starts the server)\n');
    return 2;
  }
  const address = serverAddress(folders, true);
  if (address === undefined) {
    process.stderr.write('docsc server run: no private folder for the socket in the temporary directory\n');
    return 1;
  }
  const { AlreadyServingError, idleTime, serveBuilds } = await import('../build-server/serve-builds.js');
  try {
    await serveBuilds(folders, address, idleTime());
  } catch (error) {
    if (error instanceof AlreadyServingError) return 0;
    throw error;
  }
  return 0;
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      ...CACHE_DIR_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help' as const;
  if (positionals.length > 1) throw new Error(`expected one directory, got ${positionals.length}`);
  return {
    dir: positionals[0] ?? '.',
    out: values.output === undefined ? undefined : resolve(values.output),
    cacheDir: cacheDirOption(values),
  };
}

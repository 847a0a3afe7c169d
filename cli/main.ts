#!/usr/bin/env node

// The `docsc` command: dispatches to one module per sub-command.

import { useBuildV8Flags } from '../compiler/host/v8-flags.js';
import { VERSION } from '../compiler/version.js';
import { internalErrorText } from './internal-error.js';
import { usage } from './usage.js';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'check': {
      await useBuildV8Flags();
      // Loaded on demand: `--version` and `--help` should not pay for the compiler.
      const { runCheck } = await import('./commands/check.js');
      return runCheck(rest);
    }
    case 'build': {
      await useBuildV8Flags();
      const { runBuild } = await import('./commands/build.js');
      return runBuild(rest);
    }
    case 'dev': {
      await useBuildV8Flags();
      const { runDev } = await import('./commands/dev.js');
      return runDev(rest);
    }
    case 'server': {
      await useBuildV8Flags();
      const { runServer } = await import('./commands/server.js');
      return runServer(rest);
    }
    case 'cache': {
      const { runCache } = await import('./commands/cache.js');
      return runCache(rest);
    }
    case 'openapi-file': {
      const { runOpenapiFile } = await import('./commands/openapi-file.js');
      return runOpenapiFile(rest);
    }
    case '--version':
    case '-v':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case undefined:
      process.stderr.write(usage);
      return 2;
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(usage);
      return 0;
    default:
      process.stderr.write(`docsc: unknown command \`${command}\`\n\n${usage}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(internalErrorText(error));
    process.exitCode = 2;
  },
);

// How docsc reports an error that is its own fault: the stack, and a request
// to report it. The CLI prints it; the build server sends it to the command
// that asked for the build.

export function internalErrorText(error: unknown): string {
  return [
    `docsc: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    'This is a bug in docsc; please report it with the input that caused it.',
    '',
  ].join('\n');
}

// Items that may exhaust the heap run in child processes, one at a time in
// each (as many processes as the caller asks for), rather than in worker
// threads. Node ends a worker thread that reaches its heap limit with
// ERR_WORKER_OUT_OF_MEMORY only on a best-effort basis: depending on the
// shape of the last allocation (an array or a string that grows past the
// 16 MB of headroom Node gives the dying worker), V8 aborts the whole
// process instead (nodejs/node#47224), and with it the command and every
// page it was building. A child process that aborts takes only itself: its
// exit and V8's "heap out of memory" on its stderr name the item it was
// running, and a new child takes the items left.
//
// The child (isolated-child.ts) loads the same worker module as the pool's
// threads, with the same data, and inherits this process's Node options (a
// `--max-old-space-size` among them; not the inspector's). Its stdout is
// ignored and its stderr kept for the error of a child that ended for
// another reason: V8's report of a heap it exhausted is expected, not news
// for the terminal.

import { type ChildProcess, fork } from 'node:child_process';
import { workerModule } from './worker-module.js';

/** The first message to a child: the worker module to load and its data. Then one `item` message per item. */
export type ParentMessage = { kind: 'start'; filename: string; workerData: unknown } | { kind: 'item'; item: unknown };

/** A child's answer to an `item` message. */
export type ChildAnswer = { kind: 'result'; result: unknown } | { kind: 'error'; message: string };

/** What an item gave: its result, or that the child ran out of memory running it. */
export type IsolatedOutcome<R> = { result: R } | { outOfMemory: true };

/** The end of a child's stderr kept for the error of a child that ended for another reason. */
const STDERR_KEPT = 8192;

/** V8's message on a heap it could not grow, as Node prints it ("FATAL ERROR: … JavaScript heap out of memory"). */
const HEAP_EXHAUSTED = /JavaScript heap out of memory/;

/**
 * Runs `worker`'s default export on each item alone, in up to `processes` child processes at once (each taking
 * every `processes`-th item, one at a time); results in input order.
 */
export async function runIsolated<T, R>(worker: URL, workerData: unknown, items: readonly T[], processes = 1): Promise<IsolatedOutcome<R>[]> {
  const lanes = Math.max(1, Math.min(processes, items.length));
  const outcomes: IsolatedOutcome<R>[] = new Array(items.length);
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const indices = items.map((_, n) => n).filter((n) => n % lanes === lane);
      const laneOutcomes = await runLane<R>(
        worker,
        workerData,
        indices.map((n) => items[n]),
      );
      for (const [k, n] of indices.entries()) outcomes[n] = laneOutcomes[k] as IsolatedOutcome<R>;
    }),
  );
  return outcomes;
}

/** Items one at a time in a child, a new one after each that ran out of memory. */
async function runLane<R>(worker: URL, workerData: unknown, items: readonly unknown[]): Promise<IsolatedOutcome<R>[]> {
  const outcomes: IsolatedOutcome<R>[] = [];
  let child: IsolatedChild | undefined;
  try {
    for (const item of items) {
      child ??= new IsolatedChild(worker, workerData);
      const answer = await child.run(item);
      if (answer.kind === 'result') {
        outcomes.push({ result: answer.result as R });
        continue;
      }
      if (answer.kind === 'error') throw new Error(answer.message);
      child = undefined;
      if (!answer.heapExhausted) {
        throw new Error(`a worker process ended (${answer.how}) while running an item:\n${answer.stderr.trimEnd()}`);
      }
      outcomes.push({ outOfMemory: true });
    }
  } finally {
    child?.close();
  }
  return outcomes;
}

/**
 * This process's Node options but the inspector's: the child could not bind the port this process holds, and with
 * `--inspect-brk` or `--inspect-wait` it would wait for a debugger before its first line, and the build with it.
 */
function childExecArgv(): string[] {
  const kept: string[] = [];
  const args = process.execArgv;
  for (let n = 0; n < args.length; n++) {
    const arg = args[n] as string;
    if (!/^--(inspect|debug)(-brk|-port|-wait)?(=|$)/.test(arg)) kept.push(arg);
    // `--inspect-port 9229`: the port is the next argument.
    else if (/^--(inspect|debug)-port$/.test(arg)) n++;
  }
  return kept;
}

type RunAnswer = ChildAnswer | { kind: 'ended'; how: string; stderr: string; heapExhausted: boolean };

class IsolatedChild {
  private process: ChildProcess;
  private stderr = '';
  /** Whether V8 said so on the child's stderr (looked for as it streams: the end kept may begin after it). */
  private heapExhausted = false;
  private ended: { how: string } | undefined;
  private waiting: ((answer: RunAnswer) => void) | undefined;

  constructor(worker: URL, workerData: unknown) {
    this.process = fork(workerModule(new URL('./isolated-child.js', import.meta.url)).filename, [], {
      execArgv: childExecArgv(),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.process.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      // The end of what came before, for a message split between two chunks.
      if (HEAP_EXHAUSTED.test(this.stderr.slice(-64) + chunk)) this.heapExhausted = true;
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
    this.process.on('message', (answer: ChildAnswer) => this.answered(answer));
    // 'close' rather than 'exit': by then the child's stderr has been read to its end.
    this.process.on('close', (code, signal) => {
      this.ended = { how: signal === null ? `exit code ${code}` : `signal ${signal}` };
      this.answered(this.endedAnswer());
    });
    this.process.on('error', (error) => {
      this.ended = { how: error.message };
      this.answered(this.endedAnswer());
    });
    this.send({ kind: 'start', filename: workerModule(worker).filename, workerData });
  }

  run(item: unknown): Promise<RunAnswer> {
    if (this.ended) return Promise.resolve(this.endedAnswer());
    return new Promise((done) => {
      this.waiting = done;
      this.send({ kind: 'item', item });
    });
  }

  close(): void {
    if (this.process.connected) this.process.disconnect();
  }

  private endedAnswer(): RunAnswer {
    return { kind: 'ended', how: this.ended?.how ?? 'ended', stderr: this.stderr, heapExhausted: this.heapExhausted };
  }

  private send(message: ParentMessage): void {
    // A child that has already ended answers through 'close'.
    if (this.process.connected) this.process.send(message);
  }

  private answered(answer: RunAnswer): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(answer);
  }
}

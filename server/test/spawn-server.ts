// `server/main.ts` in a process of its own, as operators run it, with the environment given;
// resolves once it serves, keeping every line it logs. No other test code is loaded, so the
// end-to-end specs can start a server of their own with it too.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..', '..');

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Every line the process wrote to stdout and stderr so far. */
  output: string[];
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server and waits until it serves (its `Serving on <url>` line); `env` adds to and overrides the defaults. */
export async function spawnServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const collect = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          output.push(line);
          const serving = /Serving on (http:\/\/[\d.:]+)/.exec(line);
          if (serving) resolve(serving[1]!);
        }
      });
    };
    collect(child.stdout!);
    collect(child.stderr!);
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before serving:\n${output.join('\n')}`)));
  });
  return { url, process: child, output, exited };
}

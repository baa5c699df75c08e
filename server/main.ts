// The process entry point: configuration from the environment (checked first, failing
// fast), start, and a graceful stop on SIGINT/SIGTERM. With WORKERS above one this process
// is the primary: one short-lived worker prepares the database, then that many server
// processes share the port. The primary never loads the service itself (server.ts is
// imported by the workers alone), so it stays a small process beside them.
import cluster from 'node:cluster';
import pino from 'pino';
import { loadConfig, type Config } from './config';
import { startPrimary } from './cluster';

/** Set on the worker that migrates and bootstraps the database before the others start. */
const PREPARE = 'XN_PREPARE_DATABASE';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  if (config.WORKERS > 1 && cluster.isPrimary) return runPrimary(config);
  const { prepareDatabase, startServer } = await import('./server');
  if (cluster.isWorker && process.env[PREPARE]) {
    await prepareDatabase(config, pino({ level: config.LOG_LEVEL }));
    process.exit(0);
  }

  const server = await startServer(config, { clusterWorker: cluster.isWorker });
  if (cluster.isPrimary) {
    server.log.info(`Serving on ${server.url} (REST service under ${server.url}/xn/rest/${config.DEFAULT_NETWORK}/1.0/)`);
  }
  onStopSignal(async (signal) => {
    if (cluster.isPrimary) server.log.info({ signal }, 'stopping: finishing the requests in flight');
    await server.stop();
    if (cluster.isPrimary) server.log.info('stopped');
    process.exit(0);
  });
}

async function runPrimary(config: Config) {
  const log = pino({ level: config.LOG_LEVEL });
  const preparing = cluster.fork({ [PREPARE]: '1' });
  const code = await new Promise<number | null>((resolve) => preparing.once('exit', resolve));
  if (code !== 0) throw new Error(`preparing the database failed (exit code ${code})`);
  const primary = startPrimary(config, log);
  const url = await primary.ready;
  log.info(`Serving on ${url} with ${config.WORKERS} workers (REST service under ${url}/xn/rest/${config.DEFAULT_NETWORK}/1.0/)`);
  onStopSignal(async (signal) => {
    log.info({ signal }, 'stopping: the workers finish the requests in flight');
    await primary.stop(signal);
    log.info('stopped');
    process.exit(0);
  });
}

function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<void>) {
  let stopping = false;
  const once = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on('SIGINT', () => once('SIGINT'));
  process.on('SIGTERM', () => once('SIGTERM'));
  // A worker whose primary is gone stops too.
  if (cluster.isWorker) process.on('disconnect', () => once('SIGTERM'));
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

// The process entry point: configuration from the environment (checked first, failing
// fast), start, and a graceful stop on SIGINT/SIGTERM.
import { loadConfig } from './config';
import { startServer } from './server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const server = await startServer(config);
  server.log.info(`Serving on ${server.url} (REST service under ${server.url}/xn/rest/${config.DEFAULT_NETWORK}/1.0/)`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'stopping: finishing the requests in flight');
    await server.stop();
    server.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

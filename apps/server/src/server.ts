import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, type AppConfig } from './config.js';

/** Builds the server, listens, and closes it gracefully on a signal. */
async function startServer(config: AppConfig): Promise<void> {
  const app = await buildApp(config);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // Warm engines start after the server answers: the first user should not wait for a browser to start.
  void app.engineSessions.warmUp();
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  app.log.info(`Autostudio is ready at http://${shownHost}:${config.port}`);
}

/** Runs the server as a process: a bad configuration or a failed start is said on stderr, and the process exits 1. */
export function runServer(configure: () => AppConfig): void {
  Promise.resolve()
    .then(() => startServer(configure()))
    .catch((error: unknown) => {
      if (error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
      } else {
        process.stderr.write(
          `Autostudio failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
      }
      process.exit(1);
    });
}

import { buildApp } from './app.js';
import { startServerBackups } from './backup/server-backups.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { PlatformError, startPlatforms } from './platform/platforms.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';
import { WebBuildMissingError } from './plugins/web.js';
import { onTerminationSignals, shutdown } from './shutdown.js';

async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  const platforms = await startPlatforms(config, log);
  let app;
  let backups;
  try {
    backups = await startServerBackups({ config, platforms, log });
    app = await buildApp({ config, platforms, logger: log });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await backups?.close();
    await platforms.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  platforms.dataDirLock?.update({ url });
  log.info(
    { database: platforms.database.kind, bus: platforms.bus.kind, mail: platforms.mailer.kind },
    `${config.siteName} is ready at ${url}`,
  );
  const started = app;
  const startedBackups = backups;
  onTerminationSignals((signal) => {
    log.info(`${signal} received: finishing in-flight requests`);
    void startedBackups
      .close()
      .then(() => shutdown(started, platforms, log))
      .then((code) => process.exit(code));
  });
}

main().catch((error: unknown) => {
  // Configuration and platform failures are expected operator errors: one line, exit 1.
  const expected = [ConfigError, PlatformError, DataDirLockedError, WebBuildMissingError];
  if (expected.some((kind) => error instanceof kind)) {
    process.stderr.write(`${(error as Error).message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});

// First: it tunes the heap before the application's modules fill it.
import './config/heap-growth';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { EnvelopingExpressAdapter } from './core/http/enveloping-express-adapter';
import { validateEnvironment } from './config/environment';
import { startLocalInfrastructure } from './config/local-infrastructure';
import { processLogger } from './config/logger.options';
import { browsableUrl } from './config/http-address';
import { HttpDrain } from './config/http-drain';
import { StartupError, startupFailure } from './config/startup-error';
import { loadSecretKeys } from './config/secret-keys';

/** How long SIGTERM waits for in-flight requests (Kubernetes' grace period is 30 s by default). */
const DRAIN_DEADLINE_MS = 25_000;

async function bootstrap(): Promise<void> {
  const env = validateEnvironment(process.env);
  // Before any embedded server starts: production without SECRETS_KEY stops here, in one line.
  loadSecretKeys(env);
  // Nest's logger is not up yet: the zero-config lines go through the logger it will use.
  const infrastructure = await startLocalInfrastructure(
    env,
    processLogger(env).child({ context: 'LocalInfrastructure' }),
  );

  let app: NestExpressApplication | undefined;
  try {
    // abortOnError off: a failing module must reach the catch below, which stops the embedded servers.
    app = await NestFactory.create<NestExpressApplication>(AppModule, new EnvelopingExpressAdapter(), {
      bufferLogs: true,
      bodyParser: false,
      abortOnError: false,
    });
    configureApp(app);
    await listen(app, env.PORT, env.HOST);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await infrastructure.stop();
    throw error;
  }
  const logger = new Logger('Bootstrap');
  const url = browsableUrl(env.HOST, env.PORT);
  logger.log(`Listening on ${env.HOST} port ${env.PORT}: ${url}/api/v1, Swagger UI at ${url}/api/docs`);

  const drain = new HttpDrain(app.getHttpServer());
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining in-flight requests`);
    const drained = drain.begin(DRAIN_DEADLINE_MS);
    await app.close();
    drained();
    await infrastructure.stop();
    process.exit(0);
  };
  // `on`, not `once`: a second signal (Ctrl-C reaches both npm and the service, and npm passes
  // it on) would otherwise kill the process mid-drain and leave the embedded PostgreSQL running.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Listens on host:port, or fails with a StartupError saying what to do about it. */
async function listen(app: NestExpressApplication, port: number, host: string): Promise<void> {
  try {
    await app.listen(port, host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartupError(
        `port ${port} is already in use (another instance of the service?): stop what listens there, or set PORT to a free port`,
      );
    if (code === 'EADDRNOTAVAIL')
      throw new StartupError(`HOST ${host} is not an address of this machine: set HOST to one (or 0.0.0.0 for all)`);
    if (code === 'EACCES')
      throw new StartupError(`port ${port} needs privileges this process lacks: set PORT to 1024 or above`);
    throw error;
  }
}

bootstrap().catch((error: unknown) => {
  // Written straight to stderr: the logger may not exist yet, or be silenced by LOG_LEVEL.
  process.stderr.write(`${startupFailure(error)}\n`);
  process.exit(1);
});

import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { InvalidEnvironmentError, validateEnvironment } from './config/environment';
import { startLocalInfrastructure } from './config/local-infrastructure';

/** How long SIGTERM waits for in-flight requests (Kubernetes' grace period is 30 s by default). */
const DRAIN_DEADLINE_MS = 25_000;

async function bootstrap(): Promise<void> {
  const env = validateEnvironment(process.env);
  // Nest's logger is not up yet: the zero-config lines go through pino like every other line.
  const infrastructure = await startLocalInfrastructure(
    env,
    pino({ level: env.LOG_LEVEL, name: 'LocalInfrastructure' }),
  );

  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  configureApp(app);
  await app.listen(env.PORT);
  const logger = new Logger('Bootstrap');
  logger.log(`Listening on http://127.0.0.1:${env.PORT} (Swagger UI at /api/docs)`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining in-flight requests`);
    const server: Server = app.getHttpServer();
    // A keep-alive socket that finishes its request after close() began would otherwise stay
    // open until its idle timeout; past the deadline, whatever is left is cut.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_DEADLINE_MS);
    await app.close();
    clearInterval(idleSweep);
    clearTimeout(deadline);
    await infrastructure.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

bootstrap().catch((error: unknown) => {
  // Logger is not up yet when configuration fails: stderr is all there is.
  process.stderr.write(
    `${error instanceof InvalidEnvironmentError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});

import { join } from 'node:path';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { startEmbeddedS3 } from '../core/storage/embedded-s3';
import { type Environment, InvalidEnvironmentError } from './environment';

export interface LocalInfrastructure {
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'platform';

/**
 * The zero-config start (CONTRACT 11): without DATABASE_URL an embedded PostgreSQL, without
 * MINIO_ENDPOINT an embedded S3-compatible server, both keeping data under DATA_DIR. The
 * addresses they get are written back to the environment before the application reads it.
 * Should one fail to start, those already started are stopped before the error propagates.
 */
export async function startLocalInfrastructure(env: Environment, logger: Logger): Promise<LocalInfrastructure> {
  if (env.MINIO_ENDPOINT && (!env.MINIO_ACCESS_KEY || !env.MINIO_SECRET_KEY))
    throw new InvalidEnvironmentError(
      'Invalid configuration:\n  MINIO_ACCESS_KEY, MINIO_SECRET_KEY: required when MINIO_ENDPOINT is set',
    );

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne();
  };
  // The service's own ports, which it listens on only after these servers have started.
  const servicePorts = [env.PORT, ...(env.METRICS_PORT ? [env.METRICS_PORT] : [])];
  try {
    if (!env.DATABASE_URL) {
      const postgresLog = logger.child({ context: 'EmbeddedPostgres' });
      const postgres = await startEmbeddedPostgres({
        dataDir: join(env.DATA_DIR, 'postgres'),
        rootDir: env.ROOT_POSTGRES_DIR,
        database: EMBEDDED_DATABASE,
        log: (line) => postgresLog.debug(line),
        avoidPorts: servicePorts,
      });
      process.env.DATABASE_URL = postgres.url;
      stops.push(postgres.stop);
      logger.info(
        `DATABASE_URL unset: embedded PostgreSQL on ${new URL(postgres.url).host}, data in ${postgres.clusterDir}`,
      );
    }
    if (!env.MINIO_ENDPOINT) {
      const s3 = await startEmbeddedS3(join(env.DATA_DIR, 's3'), servicePorts);
      process.env.MINIO_ENDPOINT = s3.endpoint;
      process.env.MINIO_ACCESS_KEY = s3.accessKey;
      process.env.MINIO_SECRET_KEY = s3.secretKey;
      stops.push(s3.stop);
      logger.info(`MINIO_ENDPOINT unset: embedded S3 server on ${s3.endpoint}, data in ${env.DATA_DIR}/s3`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../common/free-port';

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials. */
const S3RVER_KEY = 'S3RVER';

/**
 * An S3-compatible server (s3rver) keeping objects under `dataDir`, for the zero-config start
 * and the tests. The application still talks to it through the MinIO client, as to MinIO.
 */
export async function startEmbeddedS3(dataDir: string): Promise<EmbeddedS3> {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, resetOnClose: false });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    stop: () => server.close(),
  };
}

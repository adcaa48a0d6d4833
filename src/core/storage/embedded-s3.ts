import { mkdirSync } from 'node:fs';
import { createServer, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { freePort } from '../../common/free-port';
import { presignedRequestError } from './presigned-signature';

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
 * s3rver checks a presigned link's expiry but not its signature version 4, so it listens on a
 * private port behind a small proxy that verifies every presigned link's signature first.
 */
export async function startEmbeddedS3(dataDir: string, avoidPorts: readonly number[] = []): Promise<EmbeddedS3> {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const port = await freePort(avoidPorts);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, resetOnClose: false });
  await server.run();
  const proxy = verifyingProxy(port, S3RVER_KEY);
  const proxyPort = await freePort([...avoidPorts, port]);
  await new Promise<void>((done) => proxy.listen(proxyPort, '127.0.0.1', done));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    stop: async () => {
      proxy.closeAllConnections();
      await new Promise((done) => proxy.close(done));
      await server.close();
    },
  };
}

/** Forwards every request to the S3 server on `port`; a presigned one only when its signature holds (else 403). */
function verifyingProxy(port: number, secretKey: string): Server {
  return createServer((req, res) => {
    if (/[?&]X-Amz-Signature=/.test(req.url ?? '')) {
      const why = presignedRequestError(req.method ?? 'GET', req.url ?? '/', req.headers, secretKey);
      if (why) {
        res.writeHead(403, { 'Content-Type': 'application/xml' });
        const code = why === 'expired' ? 'AccessDenied' : 'SignatureDoesNotMatch';
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${why}</Message></Error>`,
        );
      }
    }
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
}

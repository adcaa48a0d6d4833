import type TestAgent from 'supertest/lib/agent';
import { mediaFileOf } from './urls';

/** supertest's parser for a binary body: the raw bytes. */
export const binary = (res: any, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** GET of a company's stored file (a generated document) by its object path, the body as bytes. */
export const downloadFile = (http: TestAgent, auth: Record<string, string>, companyId: string, path: string) =>
  http.get(mediaFileOf(companyId, path)).set(auth).buffer(true).parse(binary);

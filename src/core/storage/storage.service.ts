import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BucketItem, Client } from 'minio';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { withTimeout } from '../../common/with-timeout';
import type { Environment } from '../../config/environment';

export const MINIO_CLIENT = Symbol('MINIO_CLIENT');

/** An object's metadata as the download needs it. */
export interface StoredObject {
  size: number;
  contentType: string;
}

/** An upload gets its base bound plus this much per MiB (a floor of 1 MiB/s). */
const UPLOAD_MS_PER_MIB = 1000;

/**
 * Object storage through the MinIO client: one bucket per company. Every call is bounded by
 * STORAGE_TIMEOUT_MS (uploads get one more second per MiB; a download's body is cut when it
 * stalls that long), so a store that accepts connections and never answers fails requests with
 * a clear error instead of hanging them. Never call it inside a database transaction: see
 * docs/storage.md.
 */
@Injectable()
export class StorageService {
  private readonly bucketPrefix: string;
  private readonly timeoutMs: number;

  constructor(
    @Inject(MINIO_CLIENT) private readonly client: Client,
    config: ConfigService<Environment, true>,
  ) {
    this.bucketPrefix = config.get('MINIO_BUCKET_PREFIX', { infer: true });
    this.timeoutMs = config.get('STORAGE_TIMEOUT_MS', { infer: true }) ?? 5000;
  }

  bucketOf(companyId: string): string {
    return `${this.bucketPrefix}${companyId}`.toLowerCase();
  }

  /** Answers when the storage server is reachable (readiness probe). */
  async ping(): Promise<void> {
    await this.bounded(this.client.listBuckets(), 'listBuckets');
  }

  async ensureBucket(companyId: string): Promise<string> {
    const bucket = this.bucketOf(companyId);
    if (!(await this.bounded(this.client.bucketExists(bucket), 'bucketExists'))) {
      await this.bounded(this.client.makeBucket(bucket), 'makeBucket');
    }
    return bucket;
  }

  /** Stores `size` bytes read from `body` (destroyed when the store does not finish in time). */
  async putObject(companyId: string, path: string, body: Readable | Buffer, size: number, contentType: string) {
    const bucket = await this.ensureBucket(companyId);
    const bound = this.timeoutMs + Math.ceil(size / (1024 * 1024)) * UPLOAD_MS_PER_MIB;
    try {
      await withTimeout(
        this.client.putObject(bucket, path, body, size, { 'Content-Type': contentType }),
        bound,
        'Object storage (putObject)',
      );
    } catch (error) {
      if (!Buffer.isBuffer(body)) body.destroy();
      throw error;
    }
  }

  /** The object's size and type, or null when there is none (or no bucket). */
  async statObject(companyId: string, path: string): Promise<StoredObject | null> {
    try {
      const stat = await this.bounded(this.client.statObject(this.bucketOf(companyId), path), 'statObject');
      return {
        size: stat.size,
        contentType: (stat.metaData?.['content-type'] as string | undefined) ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The object's bytes, whole or from `offset` for `length` bytes; cut when it stalls. */
  async getObject(companyId: string, path: string, range?: { offset: number; length: number }): Promise<Readable> {
    const bucket = this.bucketOf(companyId);
    const body = await this.bounded(
      range
        ? this.client.getPartialObject(bucket, path, range.offset, range.length)
        : this.client.getObject(bucket, path),
      'getObject',
    );
    (body as IncomingMessage).setTimeout?.(this.timeoutMs, () =>
      body.destroy(new Error(`Object storage stalled for ${this.timeoutMs} ms`)),
    );
    return body;
  }

  /** Removes one object; a missing one is already gone. */
  async removeObject(companyId: string, path: string): Promise<void> {
    await this.bounded(this.client.removeObject(this.bucketOf(companyId), path), 'removeObject');
  }

  /** Removes the company's bucket with every object in it; a missing bucket is already gone. */
  async removeBucket(companyId: string): Promise<void> {
    const bucket = this.bucketOf(companyId);
    if (!(await this.bounded(this.client.bucketExists(bucket), 'bucketExists'))) return;
    for (;;) {
      const names = await this.bounded(this.someNames(bucket, 1000), 'listObjectsV2');
      if (names.length === 0) break;
      await this.bounded(this.client.removeObjects(bucket, names), 'removeObjects');
    }
    await this.bounded(this.client.removeBucket(bucket), 'removeBucket');
  }

  private bounded<T>(work: Promise<T>, call: string): Promise<T> {
    return withTimeout(work, this.timeoutMs, `Object storage (${call})`);
  }

  /** Up to `max` object names of the bucket: the purge removes a bucket in batches, never listing it whole. */
  private someNames(bucket: string, max: number): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const names: string[] = [];
      const stream = this.client.listObjectsV2(bucket, '', true);
      const done = () => {
        stream.destroy();
        resolve(names);
      };
      stream.on('data', (item: BucketItem) => {
        if (item.name) names.push(item.name);
        if (names.length >= max) done();
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(names));
    });
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket';
}

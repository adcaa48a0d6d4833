import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, BucketItem } from 'minio';
import type { Readable } from 'node:stream';
import type { Environment } from '../../config/environment';

export const MINIO_CLIENT = Symbol('MINIO_CLIENT');

export interface BucketUsage {
  objects: number;
  bytes: number;
}

/** Object storage through the MinIO client: one bucket per company. */
@Injectable()
export class StorageService {
  private readonly bucketPrefix: string;

  constructor(
    @Inject(MINIO_CLIENT) private readonly client: Client,
    config: ConfigService<Environment, true>,
  ) {
    this.bucketPrefix = config.get('MINIO_BUCKET_PREFIX', { infer: true });
  }

  bucketOf(companyId: string): string {
    return `${this.bucketPrefix}${companyId}`.toLowerCase();
  }

  /** Answers when the storage server is reachable (readiness probe). */
  async ping(): Promise<void> {
    await this.client.listBuckets();
  }

  async ensureBucket(companyId: string): Promise<string> {
    const bucket = this.bucketOf(companyId);
    if (!(await this.client.bucketExists(bucket))) await this.client.makeBucket(bucket);
    return bucket;
  }

  async putObject(companyId: string, path: string, body: Buffer, contentType: string): Promise<void> {
    const bucket = await this.ensureBucket(companyId);
    await this.client.putObject(bucket, path, body, body.length, { 'Content-Type': contentType });
  }

  async statObject(companyId: string, path: string) {
    return this.client.statObject(this.bucketOf(companyId), path);
  }

  async getObject(companyId: string, path: string): Promise<Readable> {
    return this.client.getObject(this.bucketOf(companyId), path);
  }

  async bucketCreationDate(companyId: string): Promise<Date | null> {
    const bucket = this.bucketOf(companyId);
    const found = (await this.client.listBuckets()).find((b) => b.name === bucket);
    return found?.creationDate ?? null;
  }

  async usage(companyId: string): Promise<BucketUsage> {
    const bucket = this.bucketOf(companyId);
    if (!(await this.client.bucketExists(bucket))) return { objects: 0, bytes: 0 };
    const items = await this.listAll(bucket);
    return { objects: items.length, bytes: items.reduce((sum, item) => sum + (item.size ?? 0), 0) };
  }

  /** Removes the company's bucket with every object in it; a missing bucket is already gone. */
  async removeBucket(companyId: string): Promise<void> {
    const bucket = this.bucketOf(companyId);
    if (!(await this.client.bucketExists(bucket))) return;
    const names = (await this.listAll(bucket)).map((item) => item.name).filter((n): n is string => !!n);
    if (names.length > 0) await this.client.removeObjects(bucket, names);
    await this.client.removeBucket(bucket);
  }

  private listAll(bucket: string): Promise<BucketItem[]> {
    return new Promise((resolve, reject) => {
      const items: BucketItem[] = [];
      const stream = this.client.listObjectsV2(bucket, '', true);
      stream.on('data', (item) => items.push(item));
      stream.on('error', reject);
      stream.on('end', () => resolve(items));
    });
  }
}

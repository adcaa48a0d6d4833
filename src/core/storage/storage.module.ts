import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from 'minio';
import type { Environment } from '../../config/environment';
import { MINIO_CLIENT, MINIO_LINK_CLIENT, MINIO_STREAMING_CLIENT, StorageService } from './storage.service';

function minioClient(config: ConfigService<Environment, true>, address: string, retries = true): Client {
  const endpoint = new URL(address);
  const useSSL = endpoint.protocol === 'https:';
  return new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.getOrThrow('MINIO_ACCESS_KEY', { infer: true }),
    secretKey: config.getOrThrow('MINIO_SECRET_KEY', { infer: true }),
    // Known here, so presigning never asks the store for the bucket's region.
    region: config.get('MINIO_REGION', { infer: true }) ?? 'us-east-1',
    pathStyle: true,
    ...(!retries && { retryOptions: { disableRetry: true } }),
  });
}

@Global()
@Module({
  providers: [
    {
      provide: MINIO_CLIENT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        minioClient(config, config.getOrThrow('MINIO_ENDPOINT', { infer: true })),
    },
    {
      provide: MINIO_STREAMING_CLIENT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        const client = minioClient(config, config.getOrThrow('MINIO_ENDPOINT', { infer: true }), false);
        client.enableSHA256 = false;
        return client;
      },
    },
    {
      // Signs links offline (no request to the store) with the address clients reach.
      provide: MINIO_LINK_CLIENT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        minioClient(
          config,
          config.get('MINIO_PUBLIC_ENDPOINT', { infer: true }) ?? config.getOrThrow('MINIO_ENDPOINT', { infer: true }),
        ),
    },
    StorageService,
  ],
  exports: [StorageService],
})
export class StorageModule {}

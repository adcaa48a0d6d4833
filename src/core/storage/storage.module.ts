import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from 'minio';
import type { Environment } from '../../config/environment';
import { MINIO_CLIENT, StorageService } from './storage.service';

@Global()
@Module({
  providers: [
    {
      provide: MINIO_CLIENT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        const endpoint = new URL(config.getOrThrow('MINIO_ENDPOINT', { infer: true }));
        const useSSL = endpoint.protocol === 'https:';
        return new Client({
          endPoint: endpoint.hostname,
          port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
          useSSL,
          accessKey: config.getOrThrow('MINIO_ACCESS_KEY', { infer: true }),
          secretKey: config.getOrThrow('MINIO_SECRET_KEY', { infer: true }),
          region: config.get('MINIO_REGION', { infer: true }) ?? 'us-east-1',
          pathStyle: true,
        });
      },
    },
    StorageService,
  ],
  exports: [StorageService],
})
export class StorageModule {}

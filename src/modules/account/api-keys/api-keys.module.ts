import { Module } from '@nestjs/common';
import { ApiKeyLookup } from '../../../core/auth/credential-lookups';
import { AccountApiKeys } from './api-key-ports';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

@Module({
  controllers: [ApiKeysController],
  providers: [
    ApiKeysService,
    ApiKeysRepository,
    { provide: ApiKeyLookup, useExisting: ApiKeysRepository },
    { provide: AccountApiKeys, useExisting: ApiKeysRepository },
  ],
  exports: [ApiKeyLookup, AccountApiKeys],
})
export class ApiKeysModule {}

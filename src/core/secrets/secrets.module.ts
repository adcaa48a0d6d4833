import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment';
import { SecretBox } from '../../config/secret-box';
import { loadSecretKeys } from '../../config/secret-keys';

/** The SecretBox of SECRETS_KEY (and SECRETS_KEY_PREVIOUS), for every module. */
@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        new SecretBox(
          loadSecretKeys({
            NODE_ENV: config.get('NODE_ENV', { infer: true }),
            DATA_DIR: config.get('DATA_DIR', { infer: true }),
            SECRETS_KEY: config.get('SECRETS_KEY', { infer: true }),
            SECRETS_KEY_PREVIOUS: config.get('SECRETS_KEY_PREVIOUS', { infer: true }),
          }),
        ),
    },
  ],
  exports: [SecretBox],
})
export class SecretsModule {}

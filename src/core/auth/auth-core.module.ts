import { Global, Module } from '@nestjs/common';
import { CredentialsRepository } from './credentials.repository';
import { PasswordHasher } from './passwords';
import { SessionsRepository } from './sessions.repository';

@Global()
@Module({
  providers: [CredentialsRepository, PasswordHasher, SessionsRepository],
  exports: [CredentialsRepository, PasswordHasher, SessionsRepository],
})
export class AuthCoreModule {}

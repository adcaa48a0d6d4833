import { Global, Module } from '@nestjs/common';
import { PreparedStatements } from '../../database/prepared-statements';
import { CredentialsRepository } from './credentials.repository';
import { PasswordHasher } from './passwords';
import { SessionsRepository } from './sessions.repository';

@Global()
@Module({
  providers: [CredentialsRepository, PasswordHasher, SessionsRepository, PreparedStatements],
  exports: [CredentialsRepository, PasswordHasher, SessionsRepository, PreparedStatements],
})
export class AuthCoreModule {}

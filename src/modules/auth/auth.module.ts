import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { FingerprintsModule } from '../fingerprints/fingerprints.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottleRepository } from './login-throttle.repository';
import { PasswordHasher } from './passwords';

@Module({
  imports: [AccountsModule, FingerprintsModule],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottleRepository, PasswordHasher],
})
export class AuthModule {}

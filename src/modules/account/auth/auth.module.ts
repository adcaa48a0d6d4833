import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.face';
import { FingerprintsModule } from '../fingerprints/fingerprints.face';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { RefreshCookie } from '../../../core/auth/refresh-cookie';
import { ConfirmationCodesRepository } from './confirmation-codes.repository';
import { PasswordResetsRepository } from './password-resets.repository';
import { PasswordHasher } from './passwords';

@Module({
  imports: [AccountsModule, FingerprintsModule],
  controllers: [AuthController],
  providers: [AuthService, ConfirmationCodesRepository, PasswordResetsRepository, PasswordHasher, RefreshCookie],
})
export class AuthModule {}

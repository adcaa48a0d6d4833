import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.face';
import { ApiKeysModule } from '../api-keys/api-keys.face';
import { FingerprintsModule } from '../fingerprints/fingerprints.face';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { RefreshCookie } from '../../../core/auth/refresh-cookie';
import { ConfirmationCodesRepository } from './confirmation-codes.repository';
import { PasswordResetsRepository } from './password-resets.repository';
import { PasswordHasher } from './passwords';
import { SignInPairsRepository } from './sign-in-pairs.repository';

@Module({
  imports: [AccountsModule, FingerprintsModule, ApiKeysModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    ConfirmationCodesRepository,
    PasswordResetsRepository,
    SignInPairsRepository,
    PasswordHasher,
    RefreshCookie,
  ],
})
export class AuthModule {}

import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment';
import { AuthContext } from '../../core/auth/auth-context';
import { hashToken, issueToken } from '../../core/auth/secret-token';
import { AppException } from '../../core/http/app.exception';
import { MailerService } from '../../core/mail/mailer.service';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountDto } from '../accounts/dto/account.dto';
import { SessionsRepository } from '../accounts/sessions.repository';
import { FingerprintsRepository } from '../fingerprints/fingerprints.repository';
import { LoginDto, RegisterDto, SessionDto } from './dto/auth.dto';
import { LoginThrottleRepository } from './login-throttle.repository';
import { PasswordHasher } from './passwords';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  private readonly sessionTtlMs: number;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly fingerprints: FingerprintsRepository,
    private readonly throttle: LoginThrottleRepository,
    private readonly passwords: PasswordHasher,
    private readonly mailer: MailerService,
    config: ConfigService<Environment, true>,
  ) {
    this.sessionTtlMs = config.get('SESSION_TTL_HOURS', { infer: true }) * 3600 * 1000;
  }

  async register(dto: RegisterDto): Promise<AccountDto> {
    const confirmation = issueToken('confirmation');
    const account = await this.accounts.create({
      email: dto.email,
      name: dto.name,
      password_hash: await this.passwords.hash(dto.password),
      confirmation_token_hash: confirmation.hash,
    });
    if (!account) throw AppException.conflict('An account with this e-mail already exists');
    await this.mailer
      .send({
        to: account.email,
        subject: 'Confirm your e-mail',
        text: `Confirm your account with POST /api/v1/auth/confirm and the token ${confirmation.raw}`,
      })
      .catch((error: unknown) => this.logger.error({ err: error, account_id: account.id }, 'Confirmation mail failed'));
    return account;
  }

  async login(dto: LoginDto): Promise<SessionDto> {
    const retryAfter = await this.throttle.registerAttempt(dto.email);
    if (retryAfter > 0) {
      throw new AppException('rate_limited', 'Too many sign-in attempts; try again later', undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    const found = await this.accounts.findForSignIn(dto.email);
    const valid = await this.passwords.verify(dto.password, found?.password_hash ?? null);
    if (!found || !valid) throw AppException.unauthorized(WRONG_CREDENTIALS);
    await this.throttle.clear(dto.email);
    const { password_hash: _, ...account } = found;
    return this.openSession(account, new Date(Date.now() + this.sessionTtlMs));
  }

  /** A session for a third party holding a fingerprint; it ends no later than the fingerprint. */
  async loginWithFingerprint(key: string): Promise<SessionDto> {
    const fingerprint = await this.fingerprints.findUsable(hashToken(key));
    const account = fingerprint && (await this.accounts.findById(fingerprint.account_id));
    if (!fingerprint || !account) throw AppException.unauthorized('Invalid, deactivated or expired fingerprint');
    const expiresAt = new Date(Math.min(Date.now() + this.sessionTtlMs, new Date(fingerprint.expires_at).getTime()));
    return this.openSession(account, expiresAt, fingerprint.id);
  }

  async logout(auth: AuthContext): Promise<void> {
    if (auth.credential.kind !== 'session') {
      throw AppException.conflict(
        'Only a session can be logged out; revoke an API key with /account/api-keys/{id}/revoke',
      );
    }
    await this.sessions.revoke(auth.credential.sessionId);
  }

  async confirm(token: string): Promise<AccountDto> {
    const account = await this.accounts.confirm(hashToken(token));
    if (!account) throw AppException.validation([{ field: 'token', message: 'is invalid or already used' }]);
    return account;
  }

  private async openSession(
    account: AccountDto,
    expiresAt: Date,
    fingerprintId: string | null = null,
  ): Promise<SessionDto> {
    const token = issueToken('session');
    await this.sessions.create({
      account_id: account.id,
      token_hash: token.hash,
      expires_at: expiresAt,
      fingerprint_id: fingerprintId,
    });
    return { access_token: token.raw, token_type: 'Bearer', expires_at: expiresAt, account };
  }
}

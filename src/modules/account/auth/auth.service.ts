import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Transactional } from '@nestjs-cls/transactional';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Environment } from '../../../config/environment';
import { AuthContext } from '../../../core/auth/auth-context';
import { hashToken, issueToken } from '../../../core/auth/secret-token';
import { AppException } from '../../../core/http/app.exception';
import { LIMITS } from '../../../core/limits/throttle-limits';
import { Throttles } from '../../../core/limits/throttles';
import { MailerService, OutgoingMail } from '../../../core/mail/mailer.service';
import { AccountDto, AccountRecords, AccountSessions } from '../accounts/accounts.face';
import { FingerprintSignIn } from '../fingerprints/fingerprints.face';
import { ConfirmationCodesRepository, CODE_TTL_SECONDS } from './confirmation-codes.repository';
import {
  AccessTokenDto,
  ConfirmDto,
  EmailSentDto,
  LoginDto,
  PasswordResetDto,
  PasswordResetTokenStateDto,
  RegisterDto,
  RegistrationDto,
  ResendConfirmationDto,
  SessionDto,
} from './dto/auth.dto';
import { PasswordHasher } from './passwords';
import { PasswordResetsRepository } from './password-resets.repository';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';
/**
 * The reset-link answer never comes sooner than this, known e-mail or not: with the same
 * statement on both paths and the mail sent after answering, it hides what difference is left.
 */
export const RESET_LINK_MIN_MS = 250;

/** A session's answer and the refresh token the controller sets as the cookie. */
export interface Issued<T> {
  answer: T;
  refresh: { token: string; expires_at: Date };
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  private readonly accessTtlMs: number;
  private readonly refreshTtlMs: number;

  constructor(
    private readonly accounts: AccountRecords,
    private readonly sessions: AccountSessions,
    private readonly fingerprints: FingerprintSignIn,
    private readonly codes: ConfirmationCodesRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly throttles: Throttles,
    private readonly passwords: PasswordHasher,
    private readonly mailer: MailerService,
    config: ConfigService<Environment, true>,
  ) {
    this.accessTtlMs = config.get('ACCESS_TOKEN_TTL_MINUTES', { infer: true }) * 60_000;
    this.refreshTtlMs = config.get('REFRESH_TOKEN_TTL_DAYS', { infer: true }) * 86_400_000;
  }

  /**
   * Signing up signs in; the confirmation code is mailed after the account is committed. Counts
   * against the address's sign-ups, and the code against the account's codes (its first resend
   * waits a minute).
   */
  async register(dto: RegisterDto, address: string): Promise<Issued<RegistrationDto>> {
    await this.throttles.take([{ limit: LIMITS.signUpsPerAddress, subject: address }]);
    const passwordHash = await this.passwords.hash(dto.password);
    const code = confirmationCode();
    const { account, session } = await this.createAccount(dto, passwordHash, code);
    const email_sent = await this.mailCode(account, code);
    return {
      answer: { ...session.answer, user_id: account.id, email_sent },
      refresh: session.refresh,
    };
  }

  @Transactional()
  private async createAccount(dto: RegisterDto, passwordHash: string, code: string) {
    const account = await this.accounts.create({ email: dto.email, name: dto.name, password_hash: passwordHash });
    if (!account) throw AppException.conflict('An account with this e-mail already exists');
    await this.codes.issue(account.id, codeHash(account.id, code));
    await this.throttles.take([{ limit: LIMITS.confirmationCodesPerAccount, subject: account.id }]);
    return { account, session: await this.openSession(account, null, null) };
  }

  /**
   * Every attempt is counted as a failure before the password is checked (so parallel guesses
   * cannot pass a limit) and given back when it was right. Failures lock the (e-mail, address)
   * pair, never the e-mail: the owner signs in from their own address (CONTRACT 20).
   */
  async login(dto: LoginDto, address: string): Promise<Issued<SessionDto>> {
    const pair = `${dto.email}\n${address}`;
    const attempt = await this.throttles.take([
      { limit: LIMITS.signInFailuresPerAddress, subject: address },
      {
        limit: LIMITS.signInFailuresPerEmail,
        subject: dto.email,
        beyond: { limit: LIMITS.signInSlowedPerPair, subject: pair },
      },
      { limit: LIMITS.signInFailuresPerPair, subject: pair },
    ]);
    const found = await this.accounts.findForSignIn(dto.email);
    const valid = await this.passwords.verify(dto.password, found?.password_hash ?? null);
    if (!found || !valid) throw AppException.unauthorized(WRONG_CREDENTIALS);
    await this.throttles.refund(attempt);
    const { password_hash: _, ...account } = found;
    return this.openSession(account, null, null);
  }

  /** A session for a third party holding a fingerprint; it ends no later than the fingerprint. */
  async loginWithFingerprint(key: string, address: string): Promise<Issued<SessionDto>> {
    const attempt = await this.throttles.take([{ limit: LIMITS.fingerprintFailuresPerAddress, subject: address }]);
    const fingerprint = await this.fingerprints.useForSignIn(hashToken(key));
    const account = fingerprint && (await this.accounts.findById(fingerprint.account_id));
    if (!fingerprint || !account) throw AppException.unauthorized('Invalid, revoked or expired fingerprint');
    await this.throttles.refund(attempt);
    return this.openSession(account, fingerprint.id, fingerprint.expires_at);
  }

  /** Rotates the chain: the presented token is spent, a new access token and link are issued. */
  async refresh(presented: string | null): Promise<Issued<AccessTokenDto>> {
    if (!presented) throw AppException.unauthorized('No refresh_token cookie');
    const access = issueToken('session');
    const refresh = issueToken('refresh');
    const rotation = await this.sessions.rotate(hashToken(presented), {
      access_hash: access.hash,
      refresh_hash: refresh.hash,
      access_ttl_ms: this.accessTtlMs,
    });
    if (rotation.outcome === 'reused') {
      this.logger.warn('A used refresh token was presented again: its session is ended');
      throw AppException.unauthorized('Refresh token already used; the session is ended, sign in again');
    }
    if (rotation.outcome === 'unknown') throw AppException.unauthorized('Invalid, revoked or expired refresh token');
    return {
      answer: { access_token: access.raw, token_type: 'Bearer', expires_at: rotation.expires_at },
      refresh: { token: refresh.raw, expires_at: rotation.refresh_expires_at },
    };
  }

  async logout(auth: AuthContext): Promise<void> {
    if (auth.credential.kind !== 'session') {
      throw AppException.conflict(
        'Only a session can be logged out; revoke an API key with /account/api-keys/{id}/revoke',
      );
    }
    await this.sessions.revoke(auth.credential.sessionId);
  }

  async confirm(auth: AuthContext<AccountDto>, dto: ConfirmDto): Promise<AccountDto> {
    ownAccountOnly(auth.account, dto);
    if (auth.account.status === 'confirmed') throw AppException.conflict('The e-mail is already confirmed');
    const outcome = await this.codes.check(auth.account.id, codeHash(auth.account.id, dto.code));
    if (outcome === 'void') {
      throw AppException.conflict('The code expired or had too many wrong tries: request a new code');
    }
    if (outcome === 'wrong') throw AppException.validation([{ field: 'code', message: 'is not the mailed code' }]);
    const confirmed = await this.accounts.markConfirmed(auth.account.id);
    if (!confirmed) throw AppException.conflict('The e-mail is already confirmed');
    return confirmed;
  }

  async resendConfirmation(auth: AuthContext<AccountDto>, dto: ResendConfirmationDto): Promise<EmailSentDto> {
    ownAccountOnly(auth.account, dto);
    if (auth.account.status === 'confirmed') throw AppException.conflict('The e-mail is already confirmed');
    await this.throttles.take([{ limit: LIMITS.confirmationCodesPerAccount, subject: auth.account.id }]);
    const code = confirmationCode();
    await this.codes.reissue(auth.account.id, codeHash(auth.account.id, code));
    return { email_sent: await this.mailCode(auth.account, code) };
  }

  /**
   * Mails a reset token when the e-mail is registered. Both paths run the same statement, issue
   * a token, hand any mail over after answering and wait out RESET_LINK_MIN_MS: the answer, its
   * status and its time do not say whether the account exists. The limits count the e-mail
   * before it is looked up, so their 429 is the same for a registered and an unknown one.
   */
  async sendResetLink(email: string, address: string): Promise<void> {
    const started = Date.now();
    await this.throttles.take([
      { limit: LIMITS.resetLinksPerAddress, subject: address },
      { limit: LIMITS.resetLinksPerEmailMinute, subject: email },
      { limit: LIMITS.resetLinksPerEmailDay, subject: email },
    ]);
    const token = issueToken('passwordReset');
    const target = await this.resets.issueFor(email, token.hash);
    if (target) {
      void this.deliver({
        to: email,
        subject: 'Reset your password',
        text: `Someone asked to reset the password of this account. If it was you, use this token within an hour (POST /api/v1/account/reset-password):\n\n${token.raw}\n\nIf it was not you, ignore this mail; the password stays as it is.`,
      });
    }
    await sleep(Math.max(0, RESET_LINK_MIN_MS - (Date.now() - started)));
  }

  async resetTokenState(token: string): Promise<PasswordResetTokenStateDto> {
    const accountId = await this.resets.accountOf(hashToken(token));
    return { account_id: accountId, valid: accountId !== null };
  }

  /** Sets the password; every session of the account ends with the same commit. */
  async resetPassword(dto: PasswordResetDto): Promise<void> {
    const passwordHash = await this.passwords.hash(dto.new_password);
    await this.applyReset(hashToken(dto.token), passwordHash);
  }

  @Transactional()
  private async applyReset(tokenHash: string, passwordHash: string): Promise<void> {
    const accountId = await this.resets.spend(tokenHash);
    if (!accountId) throw AppException.validation([{ field: 'token', message: 'is invalid, used or expired' }]);
    await this.accounts.setPassword(accountId, passwordHash);
    await this.sessions.revokeAllOf(accountId);
  }

  private async openSession(
    account: AccountDto,
    fingerprintId: string | null,
    fingerprintEnds: Date | null,
  ): Promise<Issued<SessionDto>> {
    const access = issueToken('session');
    const refresh = issueToken('refresh');
    const chainEnds = Math.min(Date.now() + this.refreshTtlMs, fingerprintEnds?.getTime() ?? Infinity);
    const expiry = await this.sessions.open({
      account_id: account.id,
      fingerprint_id: fingerprintId,
      access_hash: access.hash,
      refresh_hash: refresh.hash,
      access_ttl_ms: this.accessTtlMs,
      refresh_expires_at: new Date(chainEnds),
    });
    return {
      answer: { access_token: access.raw, token_type: 'Bearer', expires_at: expiry.expires_at, user: account },
      refresh: { token: refresh.raw, expires_at: expiry.refresh_expires_at },
    };
  }

  private mailCode(account: Pick<AccountDto, 'id' | 'email'>, code: string): Promise<boolean> {
    return this.deliver({
      to: account.email,
      subject: `${code} is your confirmation code`,
      text: `Your confirmation code is ${code}. It works for ${CODE_TTL_SECONDS / 60} minutes.`,
    });
  }

  /** True when the mail server (or the log) took the mail; a failure is logged, never thrown. */
  private deliver(mail: OutgoingMail): Promise<boolean> {
    return this.mailer.send(mail).then(
      () => true,
      (error: unknown) => {
        this.logger.error({ err: error }, 'Mail failed');
        return false;
      },
    );
  }
}

/** Six digits, every one of the million equally likely. */
function confirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Salted by the account, so one table of the million hashes does not read every code. */
function codeHash(accountId: string, code: string): string {
  return hashToken(`${accountId}:${code}`);
}

/** A `user_id` or `email` in the body must be the caller's own (CONTRACT 17). */
function ownAccountOnly(account: AccountDto, body: { user_id?: string; email?: string }): void {
  const wrong = [
    ...(body.user_id !== undefined && body.user_id !== account.id
      ? [{ field: 'user_id', message: "must be the signed-in account's own id" }]
      : []),
    ...(body.email !== undefined && body.email !== account.email
      ? [{ field: 'email', message: "must be the signed-in account's own e-mail" }]
      : []),
  ];
  if (wrong.length > 0) throw AppException.validation(wrong);
}

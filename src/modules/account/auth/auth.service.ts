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
import { CountedHit, Throttles } from '../../../core/limits/throttles';
import { MailOutbox } from '../../../core/mail/mail-outbox';
import { SecurityEvents } from '../../../core/security/security-events';
import { AccountDto, AccountRecords, AccountSessions } from '../accounts/accounts.face';
import { AccountApiKeys } from '../api-keys/api-keys.face';
import { FingerprintSignIn } from '../fingerprints/fingerprints.face';
import { ConfirmationCodesRepository, CODE_TTL_SECONDS } from './confirmation-codes.repository';
import {
  AccessTokenDto,
  ConfirmDto,
  EmailSentDto,
  LoginDto,
  PasswordChangeDto,
  PasswordResetDto,
  PasswordResetTokenStateDto,
  RegisterDto,
  RegistrationDto,
  ResendConfirmationDto,
  SessionDto,
} from './dto/auth.dto';
import { PasswordHasher } from './passwords';
import { PasswordResetsRepository } from './password-resets.repository';
import { SignInOrigin, SignInPairsRepository } from './sign-in-pairs.repository';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';
/**
 * The reset-link answer never comes sooner than this, known e-mail or not: with the same
 * statement on both paths, it hides what difference is left.
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
    private readonly apiKeys: AccountApiKeys,
    private readonly events: SecurityEvents,
    private readonly codes: ConfirmationCodesRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly throttles: Throttles,
    private readonly passwords: PasswordHasher,
    private readonly pairs: SignInPairsRepository,
    private readonly mail: MailOutbox,
    config: ConfigService<Environment, true>,
  ) {
    this.accessTtlMs = config.get('ACCESS_TOKEN_TTL_MINUTES', { infer: true }) * 60_000;
    this.refreshTtlMs = config.get('REFRESH_TOKEN_TTL_DAYS', { infer: true }) * 86_400_000;
  }

  /**
   * Whether no account has the e-mail yet (sign-up's live check, CONTRACT 24). Each call counts
   * as a sign-up of the address, so it enumerates no faster than signing up would.
   */
  async isEmailUnique(email: string, address: string): Promise<{ unique: boolean }> {
    await this.throttles.take([{ limit: LIMITS.signUpsPerAddress, subject: address }]);
    return { unique: !(await this.accounts.emailTaken(email)) };
  }

  /**
   * Signing up signs in; the confirmation code is queued with the account, and its address and
   * user agent are remembered, so signing in from them sends no alert (CONTRACT 23). Counts
   * against the address's sign-ups, and the code against the account's codes (its first resend
   * waits a minute).
   */
  async register(dto: RegisterDto, origin: SignInOrigin): Promise<Issued<RegistrationDto>> {
    await this.throttles.take([{ limit: LIMITS.signUpsPerAddress, subject: origin.ip }]);
    const passwordHash = await this.passwords.hash(dto.password);
    const { account, session } = await this.createAccount(dto, passwordHash, origin);
    return {
      answer: { ...session.answer, user_id: account.id, email_sent: true },
      refresh: session.refresh,
    };
  }

  @Transactional()
  private async createAccount(dto: RegisterDto, passwordHash: string, origin: SignInOrigin) {
    const account = await this.accounts.create({ email: dto.email, name: dto.name, password_hash: passwordHash });
    if (!account) throw AppException.conflict('An account with this e-mail already exists');
    await this.issueCode(account.id);
    await this.throttles.take([{ limit: LIMITS.confirmationCodesPerAccount, subject: account.id }]);
    await this.pairs.remember(account.id, origin);
    return { account, session: await this.openSession(account, null, null) };
  }

  /**
   * A password sign-in; the first from its address and user agent in 90 days mails an alert.
   * Every attempt is counted as a failure before the password is checked (so parallel guesses
   * cannot pass a limit) and given back when it was right. Failures lock the (e-mail, address)
   * pair, never the e-mail: the owner signs in from their own address (CONTRACT 20).
   */
  async login(dto: LoginDto, origin: SignInOrigin): Promise<Issued<SessionDto>> {
    const attempt = await this.countSignInAttempt(dto.email, origin.ip);
    const found = await this.accounts.findForSignIn(dto.email);
    const valid = await this.passwords.verify(dto.password, found?.password_hash ?? null);
    if (!found || !valid) {
      await this.events.record('sign_in', 'failure', found?.id ?? null);
      throw AppException.unauthorized(WRONG_CREDENTIALS);
    }
    await this.throttles.refund(attempt);
    const { password_hash: _, ...account } = found;
    return this.signIn(account, origin);
  }

  /**
   * Counts a password attempt of the (e-mail, address) pair against the sign-in limits; a refused
   * one is a security event of the account the e-mail names, when it names one (CONTRACT 20).
   */
  private async countSignInAttempt(email: string, address: string): Promise<CountedHit[]> {
    const pair = `${email}\n${address}`;
    try {
      return await this.throttles.take([
        { limit: LIMITS.signInFailuresPerAddress, subject: address },
        {
          limit: LIMITS.signInFailuresPerEmail,
          subject: email,
          beyond: { limit: LIMITS.signInSlowedPerPair, subject: pair },
        },
        { limit: LIMITS.signInFailuresPerPair, subject: pair },
      ]);
    } catch (error) {
      const known = await this.accounts.findForSignIn(email);
      await this.events.record('sign_in', 'refused', known?.id ?? null);
      throw error;
    }
  }

  @Transactional()
  private async signIn(account: AccountDto, origin: SignInOrigin): Promise<Issued<SessionDto>> {
    if (await this.pairs.remember(account.id, origin)) {
      await this.mail.toAccount('new_sign_in', account.id, {
        ip: origin.ip,
        user_agent: origin.userAgent,
        time: new Date().toISOString().slice(0, 16).replace('T', ' '),
      });
    }
    const session = await this.openSession(account, null, null);
    await this.events.record('sign_in', 'success', account.id);
    return session;
  }

  /** A session for a third party holding a fingerprint; it ends no later than the fingerprint. */
  async loginWithFingerprint(key: string, address: string): Promise<Issued<SessionDto>> {
    const attempt = await this.throttles.take([{ limit: LIMITS.fingerprintFailuresPerAddress, subject: address }]);
    const fingerprint = await this.fingerprints.useForSignIn(hashToken(key));
    const account = fingerprint && (await this.accounts.findById(fingerprint.account_id));
    if (!fingerprint || !account) {
      await this.events.record('fingerprint.sign_in', 'failure', null);
      throw AppException.unauthorized('Invalid, revoked or expired fingerprint');
    }
    await this.throttles.refund(attempt);
    const session = await this.openSession(account, fingerprint.id, fingerprint.expires_at);
    await this.events.record('fingerprint.sign_in', 'success', account.id);
    return session;
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
      await this.events.record('refresh.reused', 'failure', rotation.account_id);
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
    const outcome = await this.codes.check(auth.account.id, dto.code);
    if (outcome === 'void') {
      throw AppException.conflict('The code expired or had too many wrong tries: request a new code');
    }
    if (outcome === 'wrong') throw AppException.validation([{ field: 'code', message: 'is not the mailed code' }]);
    return this.markConfirmed(auth.account.id);
  }

  /** Confirmed and welcomed in one commit (a wrong code's counted try is not rolled back with it). */
  @Transactional()
  private async markConfirmed(accountId: string): Promise<AccountDto> {
    const confirmed = await this.accounts.markConfirmed(accountId);
    if (!confirmed) throw AppException.conflict('The e-mail is already confirmed');
    await this.mail.toAccount('welcome', confirmed.id, {});
    return confirmed;
  }

  @Transactional()
  async resendConfirmation(auth: AuthContext<AccountDto>, dto: ResendConfirmationDto): Promise<EmailSentDto> {
    ownAccountOnly(auth.account, dto);
    if (auth.account.status === 'confirmed') throw AppException.conflict('The e-mail is already confirmed');
    await this.throttles.take([{ limit: LIMITS.confirmationCodesPerAccount, subject: auth.account.id }]);
    const code = confirmationCode();
    await this.codes.reissue(auth.account.id, code);
    await this.mailCode(auth.account.id, code);
    return { email_sent: true };
  }

  /**
   * Queues a reset link when the e-mail is registered. Both paths run the same statement, issue
   * a token and wait out RESET_LINK_MIN_MS: the answer, its status and its time do not say
   * whether the account exists. The limits count the e-mail before it is looked up, so their
   * 429 is the same for a registered and an unknown one.
   */
  async sendResetLink(email: string, address: string): Promise<void> {
    const started = Date.now();
    await this.throttles.take([
      { limit: LIMITS.resetLinksPerAddress, subject: address },
      { limit: LIMITS.resetLinksPerEmailMinute, subject: email },
      { limit: LIMITS.resetLinksPerEmailDay, subject: email },
    ]);
    await this.issueResetLink(email);
    await sleep(Math.max(0, RESET_LINK_MIN_MS - (Date.now() - started)));
  }

  @Transactional()
  private async issueResetLink(email: string): Promise<void> {
    const token = issueToken('passwordReset');
    const target = await this.resets.issueFor(email, token.raw);
    if (target) await this.mail.toAccount('reset_link', target.account_id, { token: token.raw });
  }

  async resetTokenState(token: string): Promise<PasswordResetTokenStateDto> {
    const accountId = await this.resets.accountOf(token);
    return { account_id: accountId, valid: accountId !== null };
  }

  /**
   * Sets the password, and in the same commit ends every session of the account and revokes its
   * fingerprints, and its API keys unless `keep_api_keys` (CONTRACT 20: how a stolen account is
   * taken back).
   */
  async resetPassword(dto: PasswordResetDto): Promise<void> {
    const passwordHash = await this.passwords.hash(dto.new_password);
    await this.applyReset(dto.token, passwordHash, dto.keep_api_keys === true);
  }

  @Transactional()
  private async applyReset(token: string, passwordHash: string, keepApiKeys: boolean): Promise<void> {
    const accountId = await this.resets.spend(token);
    if (!accountId) throw AppException.validation([{ field: 'token', message: 'is invalid, used or expired' }]);
    await this.accounts.setPassword(accountId, passwordHash);
    await this.sessions.revokeAllOf(accountId);
    await this.fingerprints.revokeAllOf(accountId);
    if (!keepApiKeys) await this.apiKeys.revokeAllOf(accountId);
    await this.events.record('password.reset', 'success', accountId);
    await this.mail.toAccount('password_changed', accountId, {});
  }

  /**
   * Changes the password of a password session's account; in the same commit every other session
   * ends and every fingerprint is revoked (they sign in without the password). API keys stay.
   */
  async changePassword(auth: AuthContext<AccountDto>, dto: PasswordChangeDto, address: string): Promise<void> {
    const attempt = await this.countSignInAttempt(auth.account.email, address);
    const found = await this.accounts.findForSignIn(auth.account.email);
    if (!found || !(await this.passwords.verify(dto.current_password, found.password_hash))) {
      throw AppException.validation([{ field: 'current_password', message: "is not the account's password" }]);
    }
    await this.throttles.refund(attempt);
    const passwordHash = await this.passwords.hash(dto.new_password);
    // The route needs a password session (RequirePasswordSession), so the credential is one.
    const kept = auth.credential.kind === 'session' ? auth.credential.sessionId : null;
    await this.applyChange(auth.account.id, kept, passwordHash);
  }

  @Transactional()
  private async applyChange(accountId: string, keptSession: string | null, passwordHash: string): Promise<void> {
    await this.accounts.setPassword(accountId, passwordHash);
    await this.sessions.revokeAllOf(accountId, keptSession);
    await this.fingerprints.revokeAllOf(accountId);
    await this.events.record('password.changed', 'success', accountId);
    await this.mail.toAccount('password_changed', accountId, {});
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

  /** A new code for the account, queued in the caller's transaction. */
  private async issueCode(accountId: string): Promise<void> {
    const code = confirmationCode();
    await this.codes.issue(accountId, code);
    await this.mailCode(accountId, code);
  }

  private mailCode(accountId: string, code: string): Promise<void> {
    return this.mail.toAccount('confirmation_code', accountId, { code, minutes: String(CODE_TTL_SECONDS / 60) });
  }
}

/** Six digits, every one of the million equally likely. */
function confirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
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

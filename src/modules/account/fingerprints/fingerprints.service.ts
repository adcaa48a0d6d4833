import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AuthContext } from '../../../core/auth/auth-context';
import { issueToken } from '../../../core/auth/secret-token';
import { SecurityEvents } from '../../../core/security/security-events';
import { AccountSessions } from '../accounts/accounts.face';
import { found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import {
  CreateFingerprintDto,
  FINGERPRINT_LIFETIMES,
  FingerprintDto,
  FingerprintQueryDto,
  FingerprintWithKeyDto,
} from './dto/fingerprint.dto';
import { FingerprintsRepository } from './fingerprints.repository';

@Injectable()
export class FingerprintsService {
  constructor(
    private readonly fingerprints: FingerprintsRepository,
    private readonly sessions: AccountSessions,
    private readonly events: SecurityEvents,
  ) {}

  async create(auth: AuthContext, dto: CreateFingerprintDto): Promise<FingerprintWithKeyDto> {
    const token = issueToken('fingerprint');
    const lifetime = FINGERPRINT_LIFETIMES[dto.expires_in ?? 'never'];
    const fingerprint = await this.fingerprints.create({
      account_id: auth.account.id,
      key_prefix: token.prefix,
      key_hash: token.hash,
      expires_at: lifetime === null ? null : new Date(Date.now() + lifetime * 1000),
    });
    await this.events.record('fingerprint.created', 'success', auth.account.id);
    return { ...fingerprint, key: token.raw };
  }

  list(auth: AuthContext, query: FingerprintQueryDto): Promise<Page<FingerprintDto>> {
    return this.fingerprints.list(auth.account.id, query);
  }

  /** Ends the fingerprint and every session opened with it, together. */
  @Transactional()
  async revoke(auth: AuthContext, id: string): Promise<FingerprintDto> {
    const fingerprint = found(await this.fingerprints.revoke(auth.account.id, id), 'Fingerprint');
    await this.sessions.revokeByFingerprint(id);
    await this.events.record('fingerprint.revoked', 'success', auth.account.id);
    return fingerprint;
  }
}

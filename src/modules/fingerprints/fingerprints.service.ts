import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AuthContext } from '../../core/auth/auth-context';
import { issueToken } from '../../core/auth/secret-token';
import { SessionsRepository } from '../../core/auth/sessions.repository';
import { AppException } from '../../core/http/app.exception';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { Paginated } from '../../core/pagination/paginated';
import {
  CreateFingerprintDto,
  FINGERPRINT_LIFETIMES,
  FingerprintDto,
  FingerprintWithRawKeyDto,
} from './dto/fingerprint.dto';
import { FingerprintsRepository } from './fingerprints.repository';

@Injectable()
export class FingerprintsService {
  constructor(
    private readonly fingerprints: FingerprintsRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  async create(auth: AuthContext, dto: CreateFingerprintDto): Promise<FingerprintWithRawKeyDto> {
    const token = issueToken('fingerprint');
    const expiresAt = new Date(Date.now() + FINGERPRINT_LIFETIMES[dto.expires_in] * 1000);
    const fingerprint = await this.fingerprints.create(auth.account.id, token.prefix, token.hash, expiresAt);
    return { ...fingerprint, raw_key: token.raw };
  }

  async list(auth: AuthContext, query: PageQueryDto): Promise<Paginated<FingerprintDto>> {
    const { items, total } = await this.fingerprints.list(auth.account.id, query);
    return new Paginated('fingerprints', items, total, query);
  }

  /** Ends the fingerprint and every session opened with it, together. */
  @Transactional()
  async deactivate(auth: AuthContext, id: string): Promise<FingerprintDto> {
    const fingerprint = await this.fingerprints.deactivate(auth.account.id, id);
    if (!fingerprint) throw AppException.notFound('Fingerprint');
    await this.sessions.revokeByFingerprint(id);
    return fingerprint;
  }
}

import { Injectable } from '@nestjs/common';
import { AuthContext } from '../../../core/auth/auth-context';
import { SecurityEvents } from '../../../core/security/security-events';
import { issueToken } from '../../../core/auth/secret-token';
import { AppException, found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { ApiKeysRepository } from './api-keys.repository';
import { API_KEY_LIFETIMES, ApiKeyDto, ApiKeyListItemDto, ApiKeyWithRawDto, CreateApiKeyDto } from './dto/api-key.dto';

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly events: SecurityEvents,
  ) {}

  async create(auth: AuthContext, dto: CreateApiKeyDto): Promise<ApiKeyWithRawDto> {
    const token = issueToken('apiKey');
    const lifetime = API_KEY_LIFETIMES[dto.expires_in ?? 'never'];
    const { id, name, key_prefix, daily_requests, expires_at, created_at } = await this.keys.create({
      account_id: auth.account.id,
      name: dto.name,
      key_prefix: token.prefix,
      key_hash: token.hash,
      daily_requests: dto.daily_requests ?? 1000,
      expires_at: lifetime === null ? null : new Date(Date.now() + lifetime * 1000),
    });
    await this.events.record('api_key.created', 'success', auth.account.id);
    return { id, name, raw_key: token.raw, key_prefix, daily_requests, expires_at, created_at };
  }

  list(auth: AuthContext, query: PageQueryDto): Promise<Page<ApiKeyListItemDto>> {
    return this.keys.list(auth.account.id, query);
  }

  async get(auth: AuthContext, id: string): Promise<ApiKeyDto> {
    return found(await this.keys.findOne(auth.account.id, id), 'API key');
  }

  async revoke(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.keys.revoke(auth.account.id, id))) throw AppException.notFound('API key');
    await this.events.record('api_key.revoked', 'success', auth.account.id);
  }
}

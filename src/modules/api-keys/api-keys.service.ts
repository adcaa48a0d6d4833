import { Injectable } from '@nestjs/common';
import { AuthContext } from '../../core/auth/auth-context';
import { issueToken } from '../../core/auth/secret-token';
import { AppException } from '../../core/http/app.exception';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { Paginated } from '../../core/pagination/paginated';
import { ApiKeysRepository } from './api-keys.repository';
import { API_KEY_LIFETIMES, ApiKeyDto, ApiKeyListItemDto, ApiKeyWithRawDto, CreateApiKeyDto } from './dto/api-key.dto';

@Injectable()
export class ApiKeysService {
  constructor(private readonly keys: ApiKeysRepository) {}

  async create(auth: AuthContext, dto: CreateApiKeyDto): Promise<ApiKeyWithRawDto> {
    const token = issueToken('apiKey');
    const lifetime = API_KEY_LIFETIMES[dto.expires_in ?? 'never'];
    const key = await this.keys.create({
      accountId: auth.account.id,
      name: dto.name,
      keyPrefix: token.prefix,
      keyHash: token.hash,
      dailyRequests: dto.daily_requests ?? 1000,
      expiresAt: lifetime === null ? null : new Date(Date.now() + lifetime * 1000),
    });
    return {
      id: key.id,
      name: key.name,
      raw_key: token.raw,
      key_prefix: key.key_prefix,
      daily_requests: key.daily_requests,
      expires_at: key.expires_at,
      created_at: key.created_at,
    };
  }

  async list(auth: AuthContext, query: PageQueryDto): Promise<Paginated<ApiKeyListItemDto>> {
    const { items, total } = await this.keys.list(auth.account.id, query);
    return new Paginated('api_keys', items, total, query);
  }

  async get(auth: AuthContext, id: string): Promise<ApiKeyDto> {
    const key = await this.keys.findOne(auth.account.id, id);
    if (!key) throw AppException.notFound('API key');
    return key;
  }

  async revoke(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.keys.revoke(auth.account.id, id))) throw AppException.notFound('API key');
  }
}

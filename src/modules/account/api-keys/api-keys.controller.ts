import { Body, Controller, Get, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { Post } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { UuidParam } from '../../../core/http/validation';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyDto, ApiKeyListItemDto, ApiKeyWithRawDto, CreateApiKeyDto } from './dto/api-key.dto';
import { RevealsSecret } from '../../../core/idempotency/idempotency';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('API keys')
@Controller('account/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  /** The account's API keys, newest first (never the key itself) */
  @Get()
  @Endpoint({ page: ['api_keys', ApiKeyListItemDto] })
  list(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto) {
    return this.keys.list(auth, query);
  }

  /** Create an API key; raw_key is returned only in this response */
  @Post()
  @RevealsSecret()
  @Endpoint({ credential: 'password', answer: ApiKeyWithRawDto, status: HttpStatus.CREATED })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateApiKeyDto) {
    return this.keys.create(auth, body);
  }

  /** One API key of the account */
  @Get(':keyId')
  @Endpoint({ answer: ApiKeyDto })
  get(@CurrentAuth() auth: AuthContext, @UuidParam('keyId') id: string) {
    return this.keys.get(auth, id);
  }

  /** Revoke an API key; it stops working at once (idempotent) */
  @Post(':keyId/revoke')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ credential: 'password', answer: 'empty' })
  async revoke(@CurrentAuth() auth: AuthContext, @UuidParam('keyId') id: string) {
    await this.keys.revoke(auth, id);
  }
}

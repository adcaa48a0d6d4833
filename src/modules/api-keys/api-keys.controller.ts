import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { UuidParam } from '../../core/http/validation';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyDto, ApiKeyListItemDto, ApiKeyWithRawDto, CreateApiKeyDto } from './dto/api-key.dto';
import { RevealsSecret } from '../../core/idempotency/idempotency';

@ApiTags('API keys')
@Controller('account/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({ summary: "The account's API keys, newest first (never the key itself)" })
  @ApiPage('api_keys', ApiKeyListItemDto)
  list(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto) {
    return this.keys.list(auth, query);
  }

  @Post()
  @RevealsSecret()
  @ApiOperation({ summary: 'Create an API key; raw_key is returned only in this response' })
  @ApiEnvelope(ApiKeyWithRawDto, { status: HttpStatus.CREATED })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateApiKeyDto) {
    return this.keys.create(auth, body);
  }

  @Get(':keyId')
  @ApiOperation({ summary: 'One API key of the account' })
  @ApiEnvelope(ApiKeyDto)
  get(@CurrentAuth() auth: AuthContext, @UuidParam('keyId') id: string) {
    return this.keys.get(auth, id);
  }

  @Post(':keyId/revoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Revoke an API key; it stops working at once (idempotent)' })
  @ApiEnvelope()
  async revoke(@CurrentAuth() auth: AuthContext, @UuidParam('keyId') id: string) {
    await this.keys.revoke(auth, id);
  }
}

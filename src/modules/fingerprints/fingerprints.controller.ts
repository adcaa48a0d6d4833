import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { UuidParam } from '../../core/http/validation';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { CreateFingerprintDto, FingerprintDto, FingerprintWithRawKeyDto } from './dto/fingerprint.dto';
import { FingerprintsService } from './fingerprints.service';
import { RevealsSecret } from '../../core/idempotency/idempotency';

@ApiTags('Account')
@Controller('account/fingerprints')
export class FingerprintsController {
  constructor(private readonly fingerprints: FingerprintsService) {}

  @Get()
  @ApiOperation({ summary: "The account's fingerprints, newest first" })
  @ApiPage('fingerprints', FingerprintDto)
  list(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto) {
    return this.fingerprints.list(auth, query);
  }

  @Post()
  @RevealsSecret()
  @ApiOperation({ summary: 'Create a temporary sign-in key for a third party; raw_key is shown only here' })
  @ApiEnvelope(FingerprintWithRawKeyDto, { status: HttpStatus.CREATED })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateFingerprintDto) {
    return this.fingerprints.create(auth, body);
  }

  @Post(':fingerprintId/deactivate')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Deactivate a fingerprint (irreversible); its sessions end at once' })
  @ApiEnvelope(FingerprintDto)
  deactivate(@CurrentAuth() auth: AuthContext, @UuidParam('fingerprintId') id: string) {
    return this.fingerprints.deactivate(auth, id);
  }
}

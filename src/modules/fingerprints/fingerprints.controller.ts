import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { UuidParam } from '../../core/http/validation';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import {
  CreateFingerprintDto,
  FingerprintDto,
  FingerprintQueryDto,
  FingerprintWithKeyDto,
} from './dto/fingerprint.dto';
import { FingerprintsService } from './fingerprints.service';
import { RevealsSecret } from '../../core/idempotency/idempotency';

@ApiTags('Account')
@Controller('account/fingerprints')
export class FingerprintsController {
  constructor(private readonly fingerprints: FingerprintsService) {}

  @Get()
  @ApiOperation({ summary: "The account's fingerprints, newest first; filter by status and search" })
  @ApiPage('fingerprints', FingerprintDto)
  list(@CurrentAuth() auth: AuthContext, @Query() query: FingerprintQueryDto) {
    return this.fingerprints.list(auth, query);
  }

  @Post()
  @RevealsSecret()
  @ApiOperation({ summary: 'Create a sign-in key for a third party; `key` is shown only here' })
  @ApiEnvelope(FingerprintWithKeyDto, { status: HttpStatus.CREATED })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateFingerprintDto) {
    return this.fingerprints.create(auth, body);
  }

  @Post(':fingerprintId/revoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Revoke a fingerprint (irreversible); its sessions end at once' })
  @ApiEnvelope(FingerprintDto)
  revoke(@CurrentAuth() auth: AuthContext, @UuidParam('fingerprintId') id: string) {
    return this.fingerprints.revoke(auth, id);
  }
}

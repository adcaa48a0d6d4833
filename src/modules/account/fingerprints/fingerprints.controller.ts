import { Body, Controller, Get, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { Post } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { UuidParam } from '../../../core/http/validation';
import {
  CreateFingerprintDto,
  FingerprintDto,
  FingerprintQueryDto,
  FingerprintWithKeyDto,
} from './dto/fingerprint.dto';
import { FingerprintsService } from './fingerprints.service';
import { RevealsSecret } from '../../../core/idempotency/idempotency';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Account')
@Controller('account/fingerprints')
export class FingerprintsController {
  constructor(private readonly fingerprints: FingerprintsService) {}

  /** The account's fingerprints, newest first; filter by status and search */
  @Get()
  @Endpoint({ page: ['fingerprints', FingerprintDto] })
  list(@CurrentAuth() auth: AuthContext, @Query() query: FingerprintQueryDto) {
    return this.fingerprints.list(auth, query);
  }

  /** Create a sign-in key for a third party; `key` is shown only here */
  @Post()
  @RevealsSecret()
  @Endpoint({ credential: 'password', answer: FingerprintWithKeyDto, status: HttpStatus.CREATED })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateFingerprintDto) {
    return this.fingerprints.create(auth, body);
  }

  /** Revoke a fingerprint (irreversible); its sessions end at once */
  @Post(':fingerprintId/revoke')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ credential: 'password', answer: FingerprintDto })
  revoke(@CurrentAuth() auth: AuthContext, @UuidParam('fingerprintId') id: string) {
    return this.fingerprints.revoke(auth, id);
  }
}

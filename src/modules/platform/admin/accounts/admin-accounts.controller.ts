import { Body, Controller, Get, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { AuthContext, CurrentAuth } from '../../../../core/auth/auth-context';
import { UuidParam } from '../../../../core/http/validation';
import { Post } from '../../../../core/http/verbs';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { AccountDto } from '../../../account/accounts/accounts.face';
import { AdminAccountsService } from './admin-accounts.service';
import { AccountStatsDto, AdminAccountDto, PromoteAdminDto, SearchPageQueryDto } from './dto/admin-account.dto';

@ApiTags('Admin')
@Controller('admin/accounts')
export class AdminAccountsController {
  constructor(private readonly accounts: AdminAccountsService) {}

  /** Every account, newest first; search matches the e-mail or the name */
  @Get()
  @AdminRoute(2)
  @Endpoint({ page: ['accounts', AccountDto] })
  list(@Query() query: SearchPageQueryDto) {
    return this.accounts.list(query);
  }

  /** Accounts by status and type */
  @Get('stats')
  @AdminRoute(2)
  @Endpoint({ answer: AccountStatsDto })
  stats() {
    return this.accounts.stats();
  }

  /** An account and the companies it belongs to */
  @Get(':accountId')
  @AdminRoute(2)
  @Endpoint({ answer: AdminAccountDto })
  get(@UuidParam('accountId') accountId: string) {
    return this.accounts.get(accountId);
  }

  /** Make the account an administrator of a level below the caller's own */
  @Post(':accountId/promote-admin')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(5, { critical: true, action: 'accounts.promote_admin' })
  @Endpoint({
    answer: AdminAccountDto,
    errors: {
      forbidden:
        "the level is not below the caller's, the account is the caller or an administrator of an equal or higher level",
    },
  })
  promote(@CurrentAuth() auth: AuthContext, @UuidParam('accountId') accountId: string, @Body() body: PromoteAdminDto) {
    return this.accounts.promote(auth, accountId, body.level);
  }

  /** Take the administrator level away from an administrator below the caller's level */
  @Post(':accountId/demote-admin')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(5, { critical: true, action: 'accounts.demote_admin' })
  @Endpoint({
    answer: AdminAccountDto,
    errors: {
      forbidden: 'the account is the caller or an administrator of an equal or higher level',
      conflict: 'the account is not an administrator',
    },
  })
  demote(@CurrentAuth() auth: AuthContext, @UuidParam('accountId') accountId: string) {
    return this.accounts.demote(auth, accountId);
  }
}

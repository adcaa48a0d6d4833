import { Body, Controller, Get } from '@nestjs/common';
import { Patch } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { AccountsService } from './accounts.service';
import { AccountDto, AccountSummaryDto } from './dto/account.dto';
import { NotificationsDto, UpdateNotificationsDto } from './dto/notifications.dto';
import { UpdateAccountDto } from './dto/update-account.dto';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Account')
@Controller('account')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  /** The calling account */
  @Get()
  @Endpoint({ answer: AccountDto })
  getMyAccount(@CurrentAuth() auth: AuthContext<AccountDto>) {
    return this.accounts.me(auth);
  }

  /** Change name, description, type or mail language (`locale`); only the fields sent change */
  @Patch()
  @Endpoint({ answer: AccountDto })
  update(@CurrentAuth() auth: AuthContext, @Body() body: UpdateAccountDto) {
    return this.accounts.update(auth, body);
  }

  /** The messages the account lets through (the others are always sent) */
  @Get('notifications')
  @Endpoint({ answer: NotificationsDto })
  getNotifications(@CurrentAuth() auth: AuthContext) {
    return this.accounts.notifications(auth);
  }

  /** Switch messages off or on; answers the whole new setting */
  @Patch('notifications')
  @Endpoint({ answer: NotificationsDto })
  updateNotifications(@CurrentAuth() auth: AuthContext, @Body() body: UpdateNotificationsDto) {
    return this.accounts.setNotifications(auth, body);
  }

  /** Counts of companies, waiting invitations and active fingerprints */
  @Get('summary')
  @Endpoint({ answer: AccountSummaryDto })
  getAccountSummary(@CurrentAuth() auth: AuthContext<AccountDto>) {
    return this.accounts.summary(auth);
  }
}

import { Injectable } from '@nestjs/common';
import { AuthContext } from '../../../core/auth/auth-context';
import { found } from '../../../core/http/app.exception';
import { AccountSummaryCounts } from './account-summary';
import { AccountsRepository } from './accounts.repository';
import { AccountDto, AccountSummaryDto } from './dto/account.dto';
import { NotificationsDto, UpdateNotificationsDto } from './dto/notifications.dto';
import { UpdateAccountDto } from './dto/update-account.dto';

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly summaryCounts: AccountSummaryCounts,
  ) {}

  /** The caller's whole account, as answers show it: the guard's credential lookup loaded it. */
  me(auth: AuthContext<AccountDto>): AccountDto {
    return auth.account;
  }

  async update(auth: AuthContext, changes: UpdateAccountDto): Promise<AccountDto> {
    return found(await this.accounts.update(auth.account.id, changes), 'Account');
  }

  notifications(auth: AuthContext): Promise<NotificationsDto> {
    return this.accounts.notifications(auth.account.id);
  }

  async setNotifications(auth: AuthContext, changes: UpdateNotificationsDto): Promise<NotificationsDto> {
    return found(await this.accounts.setNotifications(auth.account.id, changes), 'Account');
  }

  summary(auth: AuthContext<AccountDto>): Promise<AccountSummaryDto> {
    return this.summaryCounts.summary(auth.account);
  }
}

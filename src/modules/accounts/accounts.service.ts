import { Injectable } from '@nestjs/common';
import { AuthContext, AccountView } from '../../core/auth/auth-context';
import { AppException } from '../../core/http/app.exception';
import { AccountsRepository } from './accounts.repository';
import { AccountSummaryDto } from './dto/account.dto';
import { UpdateAccountDto } from './dto/update-account.dto';

@Injectable()
export class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  /** The guard already loaded the caller's account in its credential lookup. */
  me(auth: AuthContext): AccountView {
    return auth.account;
  }

  async update(auth: AuthContext, changes: UpdateAccountDto): Promise<AccountView> {
    const account = await this.accounts.update(auth.account.id, changes);
    if (!account) throw AppException.notFound('Account');
    return account;
  }

  summary(auth: AuthContext): Promise<AccountSummaryDto> {
    return this.accounts.summary(auth.account);
  }
}

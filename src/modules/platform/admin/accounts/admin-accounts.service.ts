import { Injectable } from '@nestjs/common';
import { servedAdminLevel } from '../../../../core/access/admin-route.decorators';
import type { AuthContext } from '../../../../core/auth/auth-context';
import { AppException } from '../../../../core/http/app.exception';
import type { Page } from '../../../../core/pagination/page';
import { AccountDirectory, AccountDto } from '../../../account/accounts/accounts.face';
import { CompanyDirectory } from '../../../companies/companies/companies.face';
import { SystemFigures } from '../system/system-figures';
import type { AccountStatsDto, AdminAccountDto, SearchPageQueryDto } from './dto/admin-account.dto';

/**
 * The console's accounts (CONTRACT 21). Administrator levels follow Kroncl's rule: an
 * administrator grants only levels below their own, changes only administrators below their own
 * level, and never their own; each refusal is 403.
 */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly companies: CompanyDirectory,
    private readonly figures: SystemFigures,
  ) {}

  list(query: SearchPageQueryDto): Promise<Page<AccountDto>> {
    return this.accounts.list(query.search, query);
  }

  stats(): Promise<AccountStatsDto> {
    return this.figures.accountStats();
  }

  async get(accountId: string): Promise<AdminAccountDto> {
    const [account, companies] = await Promise.all([
      this.accounts.find(accountId),
      this.companies.ofAccount(accountId),
    ]);
    if (!account) throw AppException.notFound('Account');
    return { ...account, companies };
  }

  /** In the console's change transaction (AdminTrailInterceptor): the target is held while its level is decided. */
  async promote(auth: AuthContext, accountId: string, level: number): Promise<AdminAccountDto> {
    const own = this.changeableBy(auth, accountId);
    const target = await this.accounts.holdForLevelChange(accountId);
    if (!target) throw AppException.notFound('Account');
    if (level >= own) {
      throw AppException.forbidden(`An administrator of level ${own} grants only levels below ${own}`);
    }
    this.refuseEqualOrHigher(own, target);
    await this.accounts.setAdminLevel(accountId, level);
    return this.get(accountId);
  }

  async demote(auth: AuthContext, accountId: string): Promise<AdminAccountDto> {
    const own = this.changeableBy(auth, accountId);
    const target = await this.accounts.holdForLevelChange(accountId);
    if (!target) throw AppException.notFound('Account');
    if (!target.is_admin) throw AppException.conflict('The account is not an administrator');
    this.refuseEqualOrHigher(own, target);
    await this.accounts.setAdminLevel(accountId, null);
    return this.get(accountId);
  }

  /** The caller's level; 403 when the caller would change their own. */
  private changeableBy(auth: AuthContext, accountId: string): number {
    if (auth.account.id === accountId) throw AppException.forbidden('An administrator never changes their own level');
    return servedAdminLevel(auth.account.admin_level)!;
  }

  private refuseEqualOrHigher(own: number, target: Pick<AccountDto, 'is_admin' | 'admin_level'>): void {
    const level = target.is_admin ? (servedAdminLevel(target.admin_level) ?? 0) : 0;
    if (level >= own) {
      throw AppException.forbidden(`The account is an administrator of level ${level}, not below the caller's ${own}`);
    }
  }
}

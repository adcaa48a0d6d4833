import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../../../core/auth/auth-context';
import { AppException } from '../../../../core/http/app.exception';
import { AccountDirectory } from '../../../account/accounts/accounts.face';
import { DeskTicketDto, SupportDesk } from '../../../companies/modules/support/support.face';

/** The desk's rules beyond the support module's: who a ticket may be assigned to. */
@Injectable()
export class AdminDeskService {
  constructor(
    private readonly desk: SupportDesk,
    private readonly accounts: AccountDirectory,
  ) {}

  /** To the caller, or to another administrator (400 naming `admin_id` otherwise). */
  async assign(auth: AuthContext, ticketId: string, adminId: string | undefined): Promise<DeskTicketDto> {
    if (adminId !== undefined && adminId !== auth.account.id && !(await this.accounts.find(adminId))?.is_admin) {
      throw AppException.validation([{ field: 'admin_id', message: 'must be a platform administrator' }]);
    }
    return this.desk.assign(ticketId, adminId ?? auth.account.id);
  }
}

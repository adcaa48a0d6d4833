import { Module } from '@nestjs/common';
import { AccountsModule, AccountSummaryCounts } from '../../account/accounts/accounts.face';
import { MembersModule } from '../members/members.face';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

/**
 * Invitations, the company's side: under the members' `/companies/{id}/accounts` path, so this
 * module is imported before MembersModule (app.module.ts) and `/accounts/invitations` is matched
 * before `/accounts/{accountId}`. The account's side is AccountInvitationsModule.
 */
@Module({
  imports: [MembersModule, AccountsModule],
  controllers: [InvitationsController],
  providers: [InvitationsService, InvitationsRepository],
  exports: [InvitationsService],
})
export class InvitationsModule {
  constructor(summary: AccountSummaryCounts, invitations: InvitationsRepository) {
    summary.register('invitations_count', (account) => invitations.waitingCount(account.email));
  }
}

import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.face';
import { AccountInvitationsController } from './account-invitations.controller';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

/**
 * Invitations, the company's side (InvitationsController, under the members' `/accounts` path:
 * this module is imported before MembersModule, so `/accounts/invitations` is matched before
 * `/accounts/{accountId}`) and the account's side.
 */
@Module({
  imports: [MembersModule],
  controllers: [InvitationsController, AccountInvitationsController],
  providers: [InvitationsService, InvitationsRepository],
})
export class InvitationsModule {}

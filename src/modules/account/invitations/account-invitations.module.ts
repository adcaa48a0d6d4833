import { Module } from '@nestjs/common';
import { AccountInvitationsController } from './account-invitations.controller';
import { InvitationsModule } from '../../companies/invitations/invitations.face';

/** Invitations, the account's side: the invitations an account received, accepted or declined. */
@Module({
  imports: [InvitationsModule],
  controllers: [AccountInvitationsController],
})
export class AccountInvitationsModule {}

import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { AccountInvitationsController } from './account-invitations.controller';

/**
 * The account's side of invitations. The company's side (InvitationsController) and the
 * service live in the members module, whose routes share its `/accounts` path.
 */
@Module({
  imports: [MembersModule],
  controllers: [AccountInvitationsController],
})
export class InvitationsModule {}

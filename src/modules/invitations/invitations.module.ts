import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { AccountInvitationsController } from './account-invitations.controller';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

@Module({
  imports: [MembersModule],
  controllers: [InvitationsController, AccountInvitationsController],
  providers: [InvitationsService, InvitationsRepository],
})
export class InvitationsModule {}

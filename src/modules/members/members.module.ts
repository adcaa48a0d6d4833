import { forwardRef, Module } from '@nestjs/common';
import { HrmModule } from '../hrm/hrm.module';
import { InvitationsController } from '../invitations/invitations.controller';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { InvitationsService } from '../invitations/invitations.service';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/**
 * Members and the company's side of invitations, which share the `/companies/{id}/accounts`
 * paths: controllers register in this order, so `/accounts/invitations` is matched before
 * `/accounts/{accountId}`.
 */
@Module({
  imports: [forwardRef(() => HrmModule)],
  controllers: [InvitationsController, MembersController],
  providers: [MembersService, MembersRepository, InvitationsService, InvitationsRepository],
  exports: [MembersRepository, InvitationsService],
})
export class MembersModule {}

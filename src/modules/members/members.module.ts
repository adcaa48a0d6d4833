import { Module } from '@nestjs/common';
import { MemberRemovals, Memberships } from './member-ports';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/**
 * Company members. The company's side of invitations shares the `/companies/{id}/accounts`
 * paths; InvitationsModule is imported before this module (app.module.ts), so
 * `/accounts/invitations` is matched before `/accounts/{accountId}`.
 */
@Module({
  controllers: [MembersController],
  providers: [
    MembersService,
    MembersRepository,
    MemberRemovals,
    { provide: Memberships, useExisting: MembersRepository },
  ],
  exports: [Memberships, MemberRemovals],
})
export class MembersModule {}

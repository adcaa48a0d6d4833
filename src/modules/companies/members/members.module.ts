import { Global, Module } from '@nestjs/common';
import { MemberRemovals, Memberships } from './member-ports';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/**
 * Company members. Global because the companies module makes a new company's owner its first
 * member (Memberships) without importing this module, which would register these routes before
 * the company's invitations (InvitationsModule, imported first in app.module.ts, so that
 * `/accounts/invitations` is matched before `/accounts/{accountId}`).
 */
@Global()
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

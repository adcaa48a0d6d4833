import { Injectable } from '@nestjs/common';
import type { MembersRepository } from './members.repository';

/**
 * What other modules may do with memberships: a new company's owner becomes its first member,
 * HRM holds one while it links an employee card, invitations add one when an invitation is
 * accepted. Provided by MembersRepository.
 */
export abstract class Memberships {}
export interface Memberships extends Pick<MembersRepository, 'addOwner' | 'holdMembership' | 'add'> {}

type RemovalListener = (companyId: string, accountId: string) => Promise<void>;

/**
 * What other modules do when a member is removed, in the removal's transaction (HRM unlinks the
 * member's employee card). The module that reacts registers its listener at start-up, so members
 * never imports it.
 */
@Injectable()
export class MemberRemovals {
  private readonly listeners: RemovalListener[] = [];

  onRemoval(listener: RemovalListener): void {
    this.listeners.push(listener);
  }

  async removed(companyId: string, accountId: string): Promise<void> {
    for (const listener of this.listeners) await listener(companyId, accountId);
  }
}

import { Injectable } from '@nestjs/common';

/**
 * Where the company guard's standing reads the codes a member's employee card grants: a
 * relation (company_id, account_id, codes) its owner registers at start-up. HRM registers its
 * hrm_member_permissions view; HRM imports companies, so companies does not import HRM's face.
 */
@Injectable()
export class MemberGrants {
  private registered?: string;

  readFrom(relation: string): void {
    this.registered = relation;
  }

  get relation(): string {
    if (this.registered === undefined) throw new Error('No module registers the codes a member is granted');
    return this.registered;
  }
}

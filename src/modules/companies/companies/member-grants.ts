import { Injectable } from '@nestjs/common';
import { RegisteredRelation } from '../../../database/registered-relation';

/**
 * Where the company guard's standing reads the codes a member's employee card grants: a
 * relation (company_id, account_id, codes) its owner registers at start-up. HRM registers its
 * hrm_member_permissions view; HRM imports companies, so companies does not import HRM's face.
 * Unregistered, a standing without grants would deny members: reading it then throws.
 */
@Injectable()
export class MemberGrants extends RegisteredRelation {
  constructor() {
    super('No module registers the codes a member is granted');
  }
}

import { OneOf, SearchTerm } from '../../../../core/http/validators';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { INVITATION_STATUSES } from '../invitation.entity';

/** Filters of the account's own invitation list. */
export class AccountInvitationQueryDto extends PageQueryDto {
  @OneOf(INVITATION_STATUSES, { optional: true })
  status?: (typeof INVITATION_STATUSES)[number];

  /** Part of the inviting company's name, case-insensitive. */
  @SearchTerm()
  search?: string;
}

import { OneOf } from '../../../../../core/http/validators';
import { PARTNER_STATUSES } from '../../../partners/partners.face';
import { SearchPageQueryDto } from '../../accounts/dto/admin-account.dto';

type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export class ListPartnersQueryDto extends SearchPageQueryDto {
  @OneOf(PARTNER_STATUSES, { optional: true })
  status?: PartnerStatus;
}

export class UpdatePartnerDto {
  /** `waiting`, `success` (approved) or `banned`. */
  @OneOf(PARTNER_STATUSES)
  status: PartnerStatus;
}

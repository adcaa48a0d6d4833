import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { SearchTerm } from '../../../core/http/validators';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { INVITATION_STATUSES } from '../invitation.entity';

/** Filters of the account's own invitation list. */
export class AccountInvitationQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: INVITATION_STATUSES })
  @IsOptional()
  @IsIn(INVITATION_STATUSES)
  status?: (typeof INVITATION_STATUSES)[number];

  /** Part of the inviting company's name, case-insensitive. */
  @SearchTerm()
  search?: string;
}

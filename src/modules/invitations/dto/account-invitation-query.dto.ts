import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { INVITATION_STATUSES } from '../invitation.entity';

/** Filters of the account's own invitation list. */
export class AccountInvitationQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: INVITATION_STATUSES })
  @IsOptional()
  @IsIn(INVITATION_STATUSES)
  status?: (typeof INVITATION_STATUSES)[number];

  /** Part of the inviting company's name, case-insensitive. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

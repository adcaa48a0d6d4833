import { ApiProperty } from '@nestjs/swagger';
import { MEMBER_ROLES } from '../company-member.entity';

export class MemberDto {
  account_id: string;
  /** The account's display name. */
  name: string;
  email: string;
  @ApiProperty({ enum: MEMBER_ROLES })
  role: string;
  joined_at: Date;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { NormalisedEmail, OneOf, TrimmedName } from '../../../../core/http/validators';
import { PARTNER_STATUSES, PARTNER_TYPES } from '../partner-application.entity';

/** The platform's partner form. */
export class BecomePartnerDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'Acme Consulting' })
  name: string;

  /** `public`: a company; `private`: a person. */
  @OneOf(PARTNER_TYPES)
  type: (typeof PARTNER_TYPES)[number];

  @NormalisedEmail()
  email: string;

  /** What the applicant offers. */
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  @ApiProperty({ example: 'We implement accounting systems for retail chains.', nullable: true, required: false })
  text?: string | null;
}

export class PartnerRequestReceivedDto {
  success: boolean;
}

export class PartnerApplicationDto {
  id: string;
  name: string;
  @ApiProperty({ enum: PARTNER_TYPES })
  type: string;
  email: string;
  text: string | null;
  @ApiProperty({ enum: PARTNER_STATUSES })
  status: string;
  /** The sender's address. */
  client_ip: string;
  created_at: Date;
  updated_at: Date;
}

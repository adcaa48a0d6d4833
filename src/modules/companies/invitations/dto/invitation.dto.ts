import { ApiProperty } from '@nestjs/swagger';
import { NormalisedEmail } from '../../../../core/http/validators';
import { INVITATION_STATUSES } from '../invitation.entity';

export class CreateInvitationDto {
  /** The address to invite; compared case-insensitively. */
  @NormalisedEmail()
  email: string;
}

/** An invitation as accept and reject return it (spec 4.2: without `company_name`). */
export class InvitationAnswerDto {
  id: string;
  /** The address the invitation was sent to, lower-cased. */
  email: string;
  company_id: string;
  @ApiProperty({ enum: INVITATION_STATUSES, description: 'Clients must tolerate other strings (e.g. pending)' })
  status: string;
  created_at: Date;
  updated_at: Date;
}

export class InvitationDto extends InvitationAnswerDto {
  company_name: string;
}

/** The platform's answer to revoking an invitation (it is deleted). */
export class RevokedInvitationDto {
  company_id: string;
  invitation_id: string;
  revoked: boolean;
}

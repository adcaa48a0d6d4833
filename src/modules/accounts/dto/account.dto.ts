import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, AUTH_TYPES } from '../account.entity';

export class AccountDto {
  id: string;
  email: string;
  /** Display name. */
  name: string;
  avatar_url: string | null;
  @ApiProperty({ enum: AUTH_TYPES })
  auth_type: string;
  @ApiProperty({ enum: ACCOUNT_STATUSES })
  status: string;
  /** Status text of the account ("" when unset). */
  description: string;
  @ApiProperty({
    description: `One of ${ACCOUNT_TYPES.join(', ')}; clients must tolerate other strings`,
    example: 'owner',
  })
  type: string;
  /** Platform administrator (technical support). */
  is_admin: boolean;
  /** Administrative access level; null for non-administrators. */
  admin_level: number | null;
  created_at: Date;
  updated_at: Date;
}

export class AccountSummaryDto {
  /** Companies the account belongs to. */
  organizations_count: number;
  /** Invitations waiting for an answer. */
  invitations_count: number;
  /** Active fingerprint keys. */
  fingerprints_count: number;
}

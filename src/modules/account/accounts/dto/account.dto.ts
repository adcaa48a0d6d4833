import { OmitType } from '@nestjs/swagger';
import { AccountEntity } from '../account.entity';

/** The account as the API shows it (spec section 2, Account): every column but the secrets and the search's copy of the name. */
export class AccountDto extends OmitType(AccountEntity, ['password_hash', 'name_lowered'] as const) {}

export class AccountSummaryDto {
  /** Companies the account belongs to. */
  organizations_count: number;
  /** Invitations waiting for an answer. */
  invitations_count: number;
  /** Active fingerprint keys. */
  fingerprints_count: number;
}

import { Injectable } from '@nestjs/common';
import type { AccountDto, AccountSummaryDto } from './dto/account.dto';

type SummaryCount = (account: Pick<AccountDto, 'id' | 'email'>) => Promise<number>;

/** The summary's fields, in the answer's order. */
const FIELDS = ['organizations_count', 'invitations_count', 'fingerprints_count'] as const;

/**
 * An account's summary, counted by the modules that own what it counts: companies the
 * account's companies, invitations the waiting invitations, fingerprints the usable keys. Each
 * registers its count at start-up, so accounts names none of their tables; the counts run side
 * by side.
 */
@Injectable()
export class AccountSummaryCounts {
  private readonly counts = new Map<keyof AccountSummaryDto, SummaryCount>();

  register(field: keyof AccountSummaryDto, count: SummaryCount): void {
    this.counts.set(field, count);
  }

  async summary(account: Pick<AccountDto, 'id' | 'email'>): Promise<AccountSummaryDto> {
    const values = await Promise.all(
      FIELDS.map((field) => {
        const count = this.counts.get(field);
        if (!count) throw new Error(`No module counts the account summary's ${field}`);
        return count(account);
      }),
    );
    return Object.fromEntries(FIELDS.map((field, i) => [field, values[i]])) as unknown as AccountSummaryDto;
  }
}

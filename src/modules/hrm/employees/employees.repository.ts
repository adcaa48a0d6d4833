import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

@Injectable()
export class EmployeesRepository {
  constructor(private readonly db: Db) {}

  /** Unlinks the account from its employee card in the company, so the card's permissions stop applying. */
  async unlinkAccount(companyId: string, accountId: string): Promise<void> {
    await this.db.affected(
      sql`UPDATE employees SET account_id = NULL, linked_at = NULL, updated_at = now()
          WHERE company_id = ${companyId} AND account_id = ${accountId}`,
    );
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's account search by an address (a term with an `@`, as an operator pastes it). The
 * term's `@` must be the address's: the part before it ends the address's local part, the part
 * after it starts the domain. So the local part reversed is a prefix the first index finds in a
 * few pages, where the trigram index reads the long posting lists of trigrams every address
 * shares (18 ms at a million accounts, against 0.2 ms). An address with more than one `@` (a
 * quoted local part) is matched by its whole text, and the second index, empty in practice,
 * finds those. The migration analyses the table (half a second at a million accounts).
 */
export class AccountAddressSearch1797942600000 implements MigrationInterface {
  name = 'AccountAddressSearch1797942600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX accounts_email_local_reversed_idx ON accounts (reverse(split_part(email, '@', 1)) text_pattern_ops)`,
    );
    await queryRunner.query(`CREATE INDEX accounts_email_many_at_idx ON accounts (id) WHERE email LIKE '%@%@%'`);
    // The planner knows how the reversed local parts are spread only once the table is analysed;
    // until then it takes an address for a common term and walks the accounts in list order.
    await queryRunner.query(`ANALYZE accounts`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX accounts_email_many_at_idx`);
    await queryRunner.query(`DROP INDEX accounts_email_local_reversed_idx`);
  }
}

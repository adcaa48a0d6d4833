import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';

/** The e-mail confirmation code an account was last sent (one at a time), as its SHA-256. */
@Entity('confirmation_codes')
export class ConfirmationCodeEntity {
  @PrimaryColumn({ type: 'uuid' })
  account_id: string;

  @OneToOne('accounts', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: unknown;

  @Column({ type: 'char', length: 64 })
  code_hash: string;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  /** Tries so far, right or wrong; the code is void after MAX_CODE_ATTEMPTS wrong ones. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When it was mailed: the next one may go a minute later. */
  @Column({ type: 'timestamptz' })
  sent_at: Date;
}

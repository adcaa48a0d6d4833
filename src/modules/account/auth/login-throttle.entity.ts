import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Sign-in attempts per e-mail in a fixed window, shared by every instance, so a password
 * cannot be guessed at speed. A successful sign-in deletes the row.
 */
@Entity('login_throttles')
export class LoginThrottleEntity {
  @PrimaryColumn({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'int' })
  attempts: number;

  @Column({ type: 'timestamptz' })
  window_started_at: Date;
}

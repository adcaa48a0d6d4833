import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import * as bcrypt from 'bcrypt';
import type { Environment } from '../../../config/environment';

/** bcrypt, at the configured cost. Only sign-in pays for it: requests use hashed tokens. */
@Injectable()
export class PasswordHasher {
  private readonly rounds: number;
  /** Compared against when the e-mail is unknown, so both failures take the same time. */
  private readonly decoy: Promise<string>;

  constructor(config: ConfigService<Environment, true>) {
    this.rounds = config.get('BCRYPT_ROUNDS', { infer: true });
    this.decoy = bcrypt.hash('decoy-password-for-timing', this.rounds);
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.rounds);
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    return bcrypt.compare(password, hash ?? (await this.decoy));
  }
}

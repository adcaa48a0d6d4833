import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../../config/environment';
import { Db } from '../../../database/db';
import { ensureAdministrator } from '../accounts/accounts.face';

/** Creates (or brings up to date) the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD at start-up. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Administrators');

  constructor(
    private readonly db: Db,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const email = this.config.get('ADMIN_EMAIL', { infer: true });
    const password = this.config.get('ADMIN_PASSWORD', { infer: true });
    if (!email || !password) return;
    const outcome = await ensureAdministrator(
      this.db,
      { email, password },
      this.config.get('BCRYPT_ROUNDS', { infer: true }),
    );
    this.logger.log(`Administrator ${email}: ${outcome}`);
  }
}

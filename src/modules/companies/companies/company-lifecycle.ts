import { Injectable } from '@nestjs/common';

export type CompanyCreatedHook = (companyId: string) => Promise<void>;

/**
 * Lets a module add rows every new company starts with (e.g. the CRM system source) without
 * the companies module knowing about it. Hooks run in the creating transaction.
 */
@Injectable()
export class CompanyLifecycle {
  private readonly createdHooks: CompanyCreatedHook[] = [];

  onCompanyCreated(hook: CompanyCreatedHook): void {
    this.createdHooks.push(hook);
  }

  async companyCreated(companyId: string): Promise<void> {
    for (const hook of this.createdHooks) await hook(companyId);
  }
}

/**
 * What other modules may use of accounts (docs/architecture.md, "Module faces").
 */
export { AccountDirectory } from './account-directory';
export { AccountRecords, AccountSessions } from './account-ports';
export { ACCOUNT_PROFILES } from './account-profiles';
export { AccountSummaryCounts } from './account-summary';
export { AccountSecretEntity } from './account-secret.entity';
export { ACCOUNT_STATUSES, ACCOUNT_TYPES } from './account.entity';
export { AccountsModule } from './accounts.module';
export { accountAnswer } from './accounts.repository';
export { ensureAdministrator } from './administrators';
export { AccountDto } from './dto/account.dto';
export { SessionFingerprints } from './session-fingerprints';

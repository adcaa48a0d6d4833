import type { CallerAccount } from './auth-context';

export interface ApiKeyCaller {
  apiKeyId: string;
  dailyRequests: number;
  /** Requests counted today (UTC), this one included. */
  used: number;
  account: CallerAccount;
}

export interface SessionCaller {
  sessionId: string;
  account: CallerAccount;
}

/**
 * The auth guard's lookups, one indexed query each on the credential's SHA-256. Core declares
 * them; the modules that own the tables implement them (api-keys, accounts), so core reads no
 * module's table.
 */
export abstract class ApiKeyLookup {
  /**
   * The usable key's caller, this request counted against the key's quota for the current UTC
   * day in the same statement. Null when the key is unknown, revoked or expired.
   */
  abstract resolve(keyHash: string): Promise<ApiKeyCaller | null>;
}

export abstract class SessionLookup {
  /** A session that is neither revoked nor expired (nor opened by a fingerprint that ended). */
  abstract resolve(tokenHash: string): Promise<SessionCaller | null>;
}

import type { Sql } from '../../database/sql';
import type { CallerAccount, SessionKind } from './auth-context';

export interface ApiKeyCaller {
  apiKeyId: string;
  dailyRequests: number;
  /** Requests counted today (UTC), this one included. */
  used: number;
  account: CallerAccount;
  /** The companion statement's row (see ApiKeyLookup.resolve), null when it found none. */
  companion?: Record<string, unknown> | null;
}

/**
 * A statement answering at most one row about the caller's account, given as the SQL that names
 * the account's id: asked with the key's lookup so that it costs no round trip of its own. The
 * combined statement is prepared under `name`, so one name always builds the same text.
 */
export interface CallerCompanion {
  name: string;
  statement(accountId: Sql): Sql;
}

export interface SessionCaller {
  sessionId: string;
  kind: SessionKind;
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
   * day in the same statement. Null when the key is unknown, revoked or expired. A `companion`
   * is answered in the same statement too (the company guard's standing on a company route).
   */
  abstract resolve(keyHash: string, companion?: CallerCompanion): Promise<ApiKeyCaller | null>;
}

export abstract class SessionLookup {
  /** A session that is neither revoked nor expired (nor opened by a fingerprint that ended). */
  abstract resolve(tokenHash: string): Promise<SessionCaller | null>;
}

import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { expectSuccess } from './expectations';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  token: string;
  /** `{ Authorization: 'Bearer <session token>' }`, for `.set(...)`. */
  auth: Record<string, string>;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.test`;
}

/** Registers and signs in a fresh account. */
export async function newAccount(http: TestAgent, label = 'user', name = 'Test User'): Promise<TestAccount> {
  const email = uniqueEmail(label);
  const password = 'correct horse battery';
  const account = expectSuccess(await http.post('/api/v1/auth/register').send({ email, password, name }), 201);
  const session = expectSuccess(await http.post('/api/v1/auth/login').send({ email, password }));
  return { id: account.id, email, password, token: session.access_token, auth: bearer(session.access_token) };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Creates an API key for the account and returns the creation response (with raw_key). */
export async function newApiKey(
  http: TestAgent,
  owner: TestAccount,
  body: Record<string, unknown> = {},
): Promise<{ id: string; raw_key: string; key_prefix: string; daily_requests: number; expires_at: string | null }> {
  return expectSuccess(
    await http
      .post('/api/v1/account/api-keys')
      .set(owner.auth)
      .send({ name: 'test key', ...body }),
    201,
  );
}

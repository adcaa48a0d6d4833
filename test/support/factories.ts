import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import type { DataSource } from 'typeorm';
import { Db } from '../../src/database/db';
import { ensureAdministrator } from '../../src/modules/admins/administrators';
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

/** Creates a company owned by `owner` (on the trial of the richest plan). */
export async function newCompany(
  http: TestAgent,
  owner: TestAccount,
  body: Record<string, unknown> = {},
): Promise<any> {
  return expectSuccess(
    await http
      .post('/api/v1/companies')
      .set(owner.auth)
      .send({ name: `Company ${randomUUID().slice(0, 8)}`, ...body }),
    201,
  );
}

/**
 * Makes `member` a member of the company holding exactly `codes`, the way the HRM module will:
 * membership, an active employee card linked to the account, and a position with the codes.
 * Seeded in the database until the HRM endpoints exist.
 */
export async function addMember(
  db: DataSource,
  companyId: string,
  member: TestAccount,
  codes: string[] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO company_members (company_id, account_id, role) VALUES ($1, $2, 'member')`, [
      companyId,
      member.id,
    ]);
    const [{ id: employeeId }] = await tx.query(
      `INSERT INTO employees (company_id, first_name, account_id, linked_at) VALUES ($1, 'Member', $2, now()) RETURNING id`,
      [companyId, member.id],
    );
    const [{ id: positionId }] = await tx.query(
      `INSERT INTO positions (company_id, name, permissions) VALUES ($1, 'Role', $2) RETURNING id`,
      [companyId, codes],
    );
    await tx.query(`INSERT INTO employee_positions (employee_id, position_id, company_id) VALUES ($1, $2, $3)`, [
      employeeId,
      positionId,
      companyId,
    ]);
  });
}

/** Sets the company's plan directly (as an administrator's PUT /plan would). */
export async function setPlan(db: DataSource, companyId: string, code: string, expiresAt: Date): Promise<void> {
  await db.query(`UPDATE companies SET plan_code = $2, plan_expires_at = $3 WHERE id = $1`, [
    companyId,
    code,
    expiresAt,
  ]);
}

/** A platform administrator, created as the CLI and ADMIN_EMAIL do, then signed in. */
export async function newAdmin(http: TestAgent, db: DataSource): Promise<TestAccount> {
  const email = uniqueEmail('admin');
  const password = 'administrator-password';
  await ensureAdministrator(Db.of(db), { email, password }, 4);
  const session = expectSuccess(await http.post('/api/v1/auth/login').send({ email, password }));
  return { id: session.account.id, email, password, token: session.access_token, auth: bearer(session.access_token) };
}

/** Invites `invitee` to the company as `inviter` and returns the invitation (status waiting). */
export async function invite(http: TestAgent, inviter: TestAccount, companyId: string, email: string): Promise<any> {
  return expectSuccess(
    await http.post(`/api/v1/companies/${companyId}/invitations`).set(inviter.auth).send({ email }),
    201,
  );
}

/** Makes `invitee` a plain member (no employee card, so no permissions) through an accepted invitation. */
export async function joinByInvitation(
  http: TestAgent,
  inviter: TestAccount,
  companyId: string,
  invitee: TestAccount,
): Promise<void> {
  const invitation = await invite(http, inviter, companyId, invitee.email);
  expectSuccess(await http.post(`/api/v1/account/invitations/${invitation.id}/accept`).set(invitee.auth));
}

/** The company's audit records (of one key, when given), oldest first. */
export function auditRecords(db: DataSource, companyId: string, key?: string): Promise<any[]> {
  return db.query(
    `SELECT key, status, account_id, metadata FROM audit_logs
     WHERE company_id = $1 AND ($2::text IS NULL OR key = $2) ORDER BY created_at, id`,
    [companyId, key ?? null],
  );
}

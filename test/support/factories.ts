import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import type { DataSource } from 'typeorm';
import { Db } from '../../src/database/db';
import { ensureAdministrator } from '../../src/modules/account/accounts/accounts.face';
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

/** Registers a fresh account, which signs it in. */
export async function newAccount(http: TestAgent, label = 'user', name = 'Test User'): Promise<TestAccount> {
  const email = uniqueEmail(label);
  const password = 'correct horse battery';
  const session = expectSuccess(await http.post('/api/v1/account/reg').send({ email, password, name }), 201);
  return { id: session.user_id, email, password, token: session.access_token, auth: bearer(session.access_token) };
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

/** Who created each company through newCompany, and through which agent: addMember acts as them. */
const companyOwners = new Map<string, { http: TestAgent; owner: TestAccount }>();

/** Creates a company owned by `owner` (on the trial of the richest plan). */
export async function newCompany(
  http: TestAgent,
  owner: TestAccount,
  body: Record<string, unknown> = {},
): Promise<any> {
  const company = expectSuccess(
    await http
      .post('/api/v1/companies')
      .set(owner.auth)
      .send({ name: `Company ${randomUUID().slice(0, 8)}`, ...body }),
    201,
  );
  companyOwners.set(company.id, { http, owner });
  return company;
}

/**
 * Makes `member` a member of the company holding exactly `codes`, through the API as the
 * company's owner: an accepted invitation, an employee card linked to the account, and a
 * position with the codes given to the card. The company must come from newCompany. `_db` is
 * no longer used; the signature stays for the suites that call it.
 */
export async function addMember(
  _db: DataSource,
  companyId: string,
  member: TestAccount,
  codes: string[] = [],
): Promise<{ employeeId: string; positionId: string }> {
  const known = companyOwners.get(companyId);
  if (!known) throw new Error(`addMember: company ${companyId} was not created by newCompany`);
  const { http, owner } = known;
  await joinByInvitation(http, owner, companyId, member);
  const hrm = `/api/v1/companies/${companyId}/modules/hrm`;
  const employee = expectSuccess(
    await http.post(`${hrm}/employees`).set(owner.auth).send({ first_name: 'Member', email: member.email }),
    201,
  );
  const position = expectSuccess(
    await http.post(`${hrm}/positions`).set(owner.auth).send({ name: 'Role', permissions: codes }),
    201,
  );
  expectSuccess(
    await http.post(`${hrm}/employees/${employee.id}/link-position`).set(owner.auth).send({ position_id: position.id }),
  );
  expectSuccess(
    await http.post(`${hrm}/employees/${employee.id}/link-account`).set(owner.auth).send({ account_id: member.id }),
  );
  return { employeeId: employee.id, positionId: position.id };
}

/** Sets the company's plan directly (as an administrator's PUT /plan would). */
export async function setPlan(db: DataSource, companyId: string, code: string, expiresAt: Date): Promise<void> {
  await db.query(`UPDATE companies SET plan_code = $2, plan_expires_at = $3 WHERE id = $1`, [
    companyId,
    code,
    expiresAt,
  ]);
}

/** A platform administrator, created as the CLI and ADMIN_EMAIL do (level 5 unless `level` says), then signed in. */
export async function newAdmin(http: TestAgent, db: DataSource, level?: number): Promise<TestAccount> {
  const email = uniqueEmail('admin');
  const password = 'administrator-password';
  await ensureAdministrator(Db.of(db), { email, password, level }, 4);
  const session = expectSuccess(await http.post('/api/v1/account/auth').send({ email, password }));
  return { id: session.user.id, email, password, token: session.access_token, auth: bearer(session.access_token) };
}

/** Invites `invitee` to the company as `inviter` and returns the invitation (status waiting). */
export async function invite(http: TestAgent, inviter: TestAccount, companyId: string, email: string): Promise<any> {
  return expectSuccess(
    await http.post(`/api/v1/companies/${companyId}/accounts/invitations`).set(inviter.auth).send({ email }),
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

/** @shared-app */
import { DataSource } from 'typeorm';
import { expectSuccess } from '../support/expectations';
import { newAccount, newCompany } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';

/** With FAULT_FIGURES=1 the test prints what it measured. */
function figure(name: string, value: number): void {
  if (process.env.FAULT_FIGURES) process.stdout.write(`FIGURE ${name} ${Math.round(value)}\n`);
}

/**
 * Issue 28: concurrent changes of a company's unique slug, and a slug change racing the
 * company's deletion, end in 200, 404 or 409, never in a deadlock's 500.
 */
describe('concurrent company changes', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  it('50 concurrent slug changes of one company: no 500, the last committed slug stands', async () => {
    const owner = await newAccount(t.http, 'slugs');
    const company = await newCompany(t.http, owner);
    const tag = company.id.slice(0, 8);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.http
          .patch(`/api/v1/companies/${company.id}`)
          .set(owner.auth)
          .send({ slug: `s-${tag}-${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    figure('slug_patch_500s', statuses.filter((s) => s === 500).length);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const [row] = await db.query(`SELECT slug FROM companies WHERE id = $1`, [company.id]);
    expect(row.slug).toMatch(new RegExp(`^s-${tag}-\\d+$`));
    expect(expectSuccess(await t.http.get(`/api/v1/companies/${company.id}`).set(owner.auth)).slug).toBe(row.slug);
  }, 60_000);

  it('a slug change racing the deletion of its company: 200 or 404, never 500 (20 rounds)', async () => {
    const owner = await newAccount(t.http, 'slugdel');
    const companies = await Promise.all(Array.from({ length: 20 }, () => newCompany(t.http, owner)));
    const answers = await Promise.all(
      companies.flatMap((company) => [
        t.http
          .patch(`/api/v1/companies/${company.id}`)
          .set(owner.auth)
          .send({ slug: `gone-${company.id.slice(0, 13)}` }),
        t.http
          .patch(`/api/v1/companies/${company.id}`)
          .set(owner.auth)
          .send({ slug: `gone2-${company.id.slice(0, 12)}` }),
        t.http.delete(`/api/v1/companies/${company.id}`).set(owner.auth),
      ]),
    );
    const statuses = answers.map((res) => res.status);
    figure('slug_delete_500s', statuses.filter((s) => s === 500).length);
    expect(statuses.filter((s) => ![200, 404, 409].includes(s))).toEqual([]);
    for (let i = 2; i < answers.length; i += 3) expect(answers[i].status).toBe(200);
  }, 60_000);
});

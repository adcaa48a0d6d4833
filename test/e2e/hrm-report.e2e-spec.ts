/** @shared-app */
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { pdfText } from '../support/docs';
import { downloadFile } from '../support/downloads';
import { expectError, expectSuccess } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { hrm } from '../support/urls';

/** The HRM roster report (CONTRACT 9): the company's employees with their positions, as PDF or XLSX. */
describe('HRM roster report', () => {
  let t: SharedTestApp;
  let owner: TestAccount;
  let companyId: string;
  let otherCompanyId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    owner = await newAccount(t.http, 'roster');
    companyId = (await newCompany(t.http, owner)).id;
    otherCompanyId = (await newCompany(t.http, owner)).id;

    const position = async (name: string) =>
      expectSuccess(
        await t.http
          .post(`${hrm(companyId)}/positions`)
          .set(owner.auth)
          .send({ name }),
        201,
      ).id;
    const employee = async (id: string, body: Record<string, string>) =>
      expectSuccess(
        await t.http
          .post(`${hrm(id)}/employees`)
          .set(owner.auth)
          .send(body),
        201,
      ).id;

    const accountant = await position('Бухгалтер');
    const manager = await position('Менеджер');
    const ivanova = await employee(companyId, {
      first_name: 'Мария',
      last_name: 'Иванова',
      email: 'maria@example.test',
      phone: '+7 495 123-45-67',
    });
    const petrov = await employee(companyId, { first_name: 'Пётр', last_name: 'Петров' });
    await employee(companyId, { first_name: 'Alice', last_name: 'Abbott' });
    await employee(otherCompanyId, { first_name: 'Чужой', last_name: 'Сотрудник' });
    for (const positionId of [accountant, manager]) {
      expectSuccess(
        await t.http
          .post(`${hrm(companyId)}/employees/${ivanova}/link-position`)
          .set(owner.auth)
          .send({ position_id: positionId }),
      );
    }
    expectSuccess(await t.http.post(`${hrm(companyId)}/employees/${petrov}/deactivate`).set(owner.auth));
  });
  afterAll(() => t.close());

  const reportOf = (id: string) => `${hrm(id)}/report`;

  it('XLSX: a header row and one row per employee by name, positions joined, in a real workbook', async () => {
    const doc = expectSuccess(
      await t.http.post(reportOf(companyId)).set(owner.auth).send({ format: 'xlsx', comment: 'Квартальный' }),
      201,
    );
    expect(doc).toMatchObject({ module: 'hrm', type: 'report', comment: 'Квартальный' });
    expect(doc.object_path).toMatch(/^hrm\/report\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.xlsx$/);

    const file = await downloadFile(t.http, owner.auth, companyId, doc.object_path);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Список сотрудников');
    const rows = [];
    // Rows 2-4: the company, the generation time, the comment. An empty string is written as
    // an empty cell, which reads back as undefined.
    for (let r = 5; r <= sheet.rowCount; r++) {
      rows.push(Array.from({ length: 6 }, (_, c) => sheet.getRow(r).getCell(c + 1).value ?? ''));
    }
    expect(rows).toEqual([
      ['№', 'Сотрудник', 'E-mail', 'Телефон', 'Должности', 'Статус'],
      [1, 'Abbott Alice', '', '', '', 'Активен'],
      [2, 'Иванова Мария', 'maria@example.test', '+7 495 123-45-67', 'Бухгалтер, Менеджер', 'Активен'],
      [3, 'Петров Пётр', '', '', '', 'Неактивен'],
    ]);

    const records = await auditRecords(t.db, companyId, 'hrm.report');
    expect(records).toEqual([expect.objectContaining({ status: 'success', account_id: owner.id })]);
    expect(records[0].metadata.result_id).toBe(doc.id);
  });

  it('PDF (the default): the Cyrillic names come back out of the file', async () => {
    const doc = expectSuccess(await t.http.post(reportOf(companyId)).set(owner.auth).send({}), 201);
    expect(doc.object_path).toMatch(/\.pdf$/);
    const file = await downloadFile(t.http, owner.auth, companyId, doc.object_path);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = pdfText(file.body);
    if (text !== null) {
      expect(text).toContain('Список сотрудников');
      expect(text).toContain('Иванова Мария');
      expect(text).toContain('Бухгалтер, Менеджер');
      expect(text).not.toContain('Чужой');
    }
  });

  it('400 for an unknown format or an empty comment, and 403 without hrm.report', async () => {
    for (const body of [{ format: 'docx' }, { comment: '   ' }, { rows: 5 }]) {
      expectError(await t.http.post(reportOf(companyId)).set(owner.auth).send(body), 400, 'validation_failed');
    }
    const member = await newAccount(t.http, 'roster-member');
    await addMember(t.db, companyId, member, ['hrm.employees']);
    expectError(await t.http.post(reportOf(companyId)).set(member.auth).send({}), 403, 'forbidden');
  });
});

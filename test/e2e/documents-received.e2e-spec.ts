import ExcelJS from 'exceljs';
import { pdfText } from '../support/docs';
import { downloadFile } from '../support/downloads';
import { expectSuccess } from '../support/expectations';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { newTransaction } from '../support/finance';
import { createTestApp, TestApp } from '../support/test-app';
import { fm, moduleOf, wm } from '../support/urls';

/** The company's name, Cyrillic and with quotes, as generated documents must print it. */
const COMPANY_NAME = 'ООО «Северное сияние»';
/** A 60-character roster name (last name, then first name), Cyrillic. */
const LAST_NAME = 'Преображенская-Водопьянова';
const FIRST_NAME = 'Анастасия-Александра Вениаминовна';
const LONG_NAME = `${LAST_NAME} ${FIRST_NAME}`;
/** A comment far wider than its column: every word must reach the page. */
const LONG_COMMENT = Array.from({ length: 40 }, (_, i) => `слово${i + 1}`).join(' ');

/**
 * What a person receiving a generated document gets (docs/documents.md, "What the reader gets"):
 * a readable file name, the company and the request's comment on the page, and cells that wrap
 * instead of being cut.
 */
describe('Generated documents as received', () => {
  let t: TestApp;
  let owner: TestAccount;
  let companyId: string;
  const today = new Date().toISOString().slice(0, 10);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await newAccount(t.http, 'received');
    companyId = (await newCompany(t.http, owner, { name: COMPANY_NAME })).id;
    expect(LONG_NAME).toHaveLength(60);
    expectSuccess(
      await t.http
        .post(`/api/v1/companies/${companyId}/modules/hrm/employees`)
        .set(owner.auth)
        .send({ first_name: FIRST_NAME, last_name: LAST_NAME, email: 'a.preobrazhenskaya@example.test' }),
      201,
    );
    await newTransaction(t.http, owner, companyId, { comment: LONG_COMMENT });
  });
  afterAll(() => t.close());

  const generate = async (path: string, body: Record<string, unknown>) => {
    const doc = expectSuccess(await t.http.post(moduleOf(companyId, path)).set(owner.auth).send(body), 201);
    const file = await downloadFile(t.http, owner.auth, companyId, doc.object_path);
    expect(file.status).toBe(200);
    return file;
  };
  const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${name}`;

  it('the roster PDF: roster-<day>.pdf, the company and the comment under the title, a long name whole', async () => {
    const file = await generate('hrm/report', { format: 'pdf', comment: 'Для сверки отпусков' });
    expect(file.headers['content-disposition']).toBe(attachment(`roster-${today}.pdf`));
    const text = pdfText(file.body);
    if (text !== null) {
      expect(text).toContain(COMPANY_NAME);
      expect(text).toContain('Комментарий: Для сверки отпусков');
      expect(text).toContain(LONG_NAME);
      expect(text).not.toContain('…');
    }
  });

  it('the finance report PDF: named by its period; a comment wider than its column wraps, every word kept', async () => {
    const file = await generate('fm/report', {
      format: 'pdf',
      types: ['transactions'],
      start_date: '2000-01-01T00:00:00Z',
      end_date: '2100-12-31T23:59:59+03:00',
    });
    expect(file.headers['content-disposition']).toBe(attachment('finance-report-2000-01-01_2100-12-31.pdf'));
    const text = pdfText(file.body);
    if (text !== null) {
      expect(text).toContain(COMPANY_NAME);
      const words = new Set(text.split(/\s+/));
      expect(LONG_COMMENT.split(' ').filter((word) => !words.has(word))).toEqual([]);
      expect(text).not.toContain('…');
    }
  });

  it('an XLSX report: the company and the comment above the table; warehouse-report-from-<day>.xlsx', async () => {
    const file = await generate('wm/report', { comment: 'Инвентаризация', start_date: '2026-11-01T00:00:00Z' });
    expect(file.headers['content-disposition']).toBe(attachment('warehouse-report-from-2026-11-01.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const lines = [1, 2, 3, 4, 5].map((row) => workbook.worksheets[0].getRow(row).getCell(1).value);
    expect(lines).toEqual([
      'Склад',
      COMPANY_NAME,
      expect.stringMatching(/^Сформирован /),
      'Партии и позиции с 2026-11-01T00:00:00Z',
      'Комментарий: Инвентаризация',
    ]);
    expect((await generate('fm/report', { types: ['categories'] })).headers['content-disposition']).toBe(
      attachment(`finance-report-${today}.xlsx`),
    );
  });
});

import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { StorageService } from '../../src/core/storage/storage.service';
import { DocsRepository } from '../../src/modules/companies/modules/docs/docs.repository';
import { MediaService } from '../../src/modules/companies/storage/media.service';
import { CYRILLIC_NAME, GeneratedReportModule, pdfText } from '../support/docs';
import { downloadFile } from '../support/downloads';
import { companyOf, crm, mediaFileOf, moduleOf } from '../support/urls';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, setPlan, TestAccount } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

const SETTINGS_FIELDS = [
  'legal_name',
  'legal_address',
  'inn',
  'ogrn',
  'bank_name',
  'bank_bic',
  'bank_account',
  'director_name',
  'accountant_name',
  'warranty_terms',
  'additional_terms',
];
const DOC_KEYS = ['comment', 'created_at', 'id', 'module', 'object_path', 'type', 'updated_at'];
/** Sberbank's published requisites. */
const SBER = {
  legal_name: 'ПАО Сбербанк',
  inn: '7707083893',
  ogrn: '1027700132195',
  bank_name: 'ПАО Сбербанк',
  bank_bic: '044525225',
  bank_account: '30101810400000000225',
};

describe('Docs and media', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp([], [GeneratedReportModule]);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const settingsOf = (companyId: string) => `${moduleOf(companyId, 'docs')}/settings`;

  async function company(): Promise<{ owner: TestAccount; id: string }> {
    const owner = await newAccount(t.http, 'docs-owner');
    return { owner, id: (await newCompany(t.http, owner)).id };
  }

  async function report(c: { owner: TestAccount; id: string }, body: Record<string, unknown> = {}) {
    return expectSuccess(
      await t.http
        .post(`${companyOf(c.id)}/test-only/generated-report`)
        .set(c.owner.auth)
        .send(body),
      201,
    );
  }

  async function download(c: { owner: TestAccount; id: string }, path: string, headers: Record<string, string> = {}) {
    return downloadFile(t.http, c.owner.auth, c.id, path).set(headers);
  }

  describe('settings', () => {
    it('start with every field null and both timestamps', async () => {
      const c = await company();
      const settings = expectSuccess(await t.http.get(settingsOf(c.id)).set(c.owner.auth));
      expect(Object.keys(settings).sort()).toEqual([...SETTINGS_FIELDS, 'created_at', 'updated_at'].sort());
      for (const field of SETTINGS_FIELDS) expect(settings[field]).toBeNull();
      expect(settings.created_at).toMatch(TIMESTAMP);
      expect(settings.updated_at).toMatch(TIMESTAMP);
    });

    it('change only the fields sent, null clears, and each change is audited', async () => {
      const c = await company();
      const changed = expectSuccess(await t.http.patch(settingsOf(c.id)).set(c.owner.auth).send(SBER));
      expect(changed).toMatchObject(SBER);
      expect(changed.director_name).toBeNull();

      const next = expectSuccess(
        await t.http.patch(settingsOf(c.id)).set(c.owner.auth).send({ director_name: 'Греф Г. О.', legal_name: null }),
      );
      expect(next).toMatchObject({ ...SBER, director_name: 'Греф Г. О.', legal_name: null });
      expect(expectSuccess(await t.http.get(settingsOf(c.id)).set(c.owner.auth))).toEqual(next);

      const records = await auditRecords(db, c.id, 'docs.settings.update');
      expect(records.map((r) => r.status)).toEqual(['success', 'success']);
      expect(records[1].metadata).toMatchObject({ changes: { director_name: 'Греф Г. О.', legal_name: null } });
    });

    it('refuse bad requisites with one detail per field, changing nothing', async () => {
      const c = await company();
      const before = expectSuccess(await t.http.patch(settingsOf(c.id)).set(c.owner.auth).send(SBER));
      const res = await t.http
        .patch(settingsOf(c.id))
        .set(c.owner.auth)
        .send({
          legal_name: 'Другое имя',
          inn: '7707083894',
          ogrn: '1027700132196',
          bank_bic: '04452522',
          bank_account: '3010181040000000022',
          director_name: 'x'.repeat(201),
        });
      const body = expectError(res, 400, 'validation_failed');
      expect(body.error.details.map((d: any) => d.field).sort()).toEqual(
        ['bank_account', 'bank_bic', 'director_name', 'inn', 'ogrn'].sort(),
      );
      expect(expectSuccess(await t.http.get(settingsOf(c.id)).set(c.owner.auth))).toEqual(before);
    });

    it.each([
      ['inn', '500100732259', '500100732258'],
      ['inn', '7736207543', '773620754'],
      ['ogrn', '304500116000157', '304500116000158'],
      ['ogrn', '1027739642281', '10277396422810'],
      ['bank_bic', '044525974', '04452597X'],
    ])('checks %s: %s passes, %s is 400', async (field, valid, invalid) => {
      const c = await company();
      expect(
        expectSuccess(
          await t.http
            .patch(settingsOf(c.id))
            .set(c.owner.auth)
            .send({ [field]: valid }),
        )[field],
      ).toBe(valid);
      const body = expectError(
        await t.http
          .patch(settingsOf(c.id))
          .set(c.owner.auth)
          .send({ [field]: invalid }),
        400,
        'validation_failed',
      );
      expect(body.error.details).toEqual([{ field, message: expect.any(String) }]);
    });

    it('check the account against the BIC sent with it, or the stored one', async () => {
      const c = await company();
      const patch = (body: object) => t.http.patch(settingsOf(c.id)).set(c.owner.auth).send(body);
      // With a BIC in the same body: TBank's correspondent account fits TBank's BIC only.
      expectSuccess(await patch({ bank_bic: '044525974', bank_account: '30101810145250000974' }));
      const mismatch = expectError(
        await patch({ bank_bic: '044525974', bank_account: '40702810938000000001' }),
        400,
        'validation_failed',
      );
      expect(mismatch.error.details).toEqual([
        { field: 'bank_account', message: 'control key does not match bank_bic' },
      ]);
      // Against the stored BIC (TBank's).
      expectError(await patch({ bank_account: '40702810938000000001' }), 400, 'validation_failed');
      expectSuccess(await patch({ bank_bic: '044525225', bank_account: '40702810938000000001' }));
      expectSuccess(await patch({ bank_account: '30101810400000000225' }));
      // A new BIC (Sberbank's in St Petersburg) that no longer fits the stored account is refused, naming the BIC.
      const stale = expectError(await patch({ bank_bic: '044030653' }), 400, 'validation_failed');
      expect(stale.error.details).toEqual([{ field: 'bank_bic', message: expect.stringContaining('bank_account') }]);
      // An account with no BIC anywhere cannot be checked.
      const bare = await company();
      expectError(
        await t.http.patch(settingsOf(bare.id)).set(bare.owner.auth).send({ bank_account: '30101810400000000225' }),
        400,
        'validation_failed',
      );
      expect((await auditRecords(db, c.id, 'docs.settings.update')).map((r) => r.status)).toEqual([
        'success',
        'success',
        'success',
      ]);
    });

    it('refuse over-long text, blank text and non-strings', async () => {
      const c = await company();
      for (const [field, value] of [
        ['legal_name', 'x'.repeat(301)],
        ['legal_address', 'x'.repeat(501)],
        ['warranty_terms', 'x'.repeat(5001)],
        ['bank_name', '   '],
        ['inn', 7707083893],
      ] as const) {
        const body = expectError(
          await t.http
            .patch(settingsOf(c.id))
            .set(c.owner.auth)
            .send({ [field]: value }),
          400,
          'validation_failed',
        );
        expect(body.error.details.map((d: any) => d.field)).toEqual([field]);
      }
      expect(
        expectSuccess(
          await t.http
            .patch(settingsOf(c.id))
            .set(c.owner.auth)
            .send({ warranty_terms: 'x'.repeat(5000) }),
        ).warranty_terms,
      ).toHaveLength(5000);
    });
  });

  describe('generated documents', () => {
    it('a PDF report with Cyrillic text: 201 Doc, listed, downloadable byte for byte, audited', async () => {
      const c = await company();
      const doc = await report(c, { format: 'pdf', comment: 'Квартальный отчёт' });
      expect(Object.keys(doc).sort()).toEqual(DOC_KEYS);
      expect(doc).toMatchObject({
        id: expect.stringMatching(UUID),
        module: 'hrm',
        type: 'report',
        comment: 'Квартальный отчёт',
      });
      const now = new Date();
      const month = String(now.getUTCMonth() + 1).padStart(2, '0');
      expect(doc.object_path).toMatch(new RegExp(`^hrm/report/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}\\.pdf$`));

      expect(expectSuccess(await t.http.get(`${moduleOf(c.id, 'docs')}/${doc.id}`).set(c.owner.auth))).toEqual(doc);
      const { items } = expectPage(await t.http.get(`${moduleOf(c.id, 'docs')}`).set(c.owner.auth), 'docs');
      expect(items).toEqual([doc]);

      const res = await download(c, doc.object_path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      // Named by its kind and day, not by its object path (docs/documents.md, "File names").
      const name = `roster-${now.toISOString().slice(0, 10)}.pdf`;
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      const pdf: Buffer = res.body;
      expect(res.headers['content-length']).toBe(String(pdf.length));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // The font is embedded (a DejaVu subset) with a ToUnicode map, so the text can be extracted.
      expect(pdf.includes('DejaVuSans')).toBe(true);
      expect(pdf.includes('/ToUnicode')).toBe(true);

      const stored = await t.app.get(StorageService).getObject(c.id, doc.object_path);
      const chunks: Buffer[] = [];
      for await (const chunk of stored) chunks.push(chunk);
      expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

      const text = pdfText(pdf);
      if (text !== null) {
        expect(text).toContain('Список сотрудников');
        expect(text).toContain(CYRILLIC_NAME);
      }

      const records = await auditRecords(db, c.id, 'hrm.report');
      expect(records).toEqual([expect.objectContaining({ status: 'success', account_id: c.owner.id })]);
      expect(records[0].metadata).toMatchObject({ result_id: doc.id });
      expect(expectSuccess(await t.http.get(`${companyOf(c.id)}/storage/media`).set(c.owner.auth))).toEqual({
        name: `company-${c.id}`,
        creation_date: expect.stringMatching(TIMESTAMP),
        size_mb: 1,
        object_count: 1,
      });
    });

    it('an XLSX report reads back as a workbook with the Cyrillic rows', async () => {
      const c = await company();
      const doc = await report(c, { format: 'xlsx', rows: 50 });
      expect(doc.object_path).toMatch(/\.xlsx$/);
      const res = await download(c, doc.object_path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.body);
      const sheet = workbook.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('Список сотрудников');
      expect(sheet.getRow(3).values).toEqual([undefined, '№', 'ФИО', 'Должность', 'Статус']);
      expect(sheet.getRow(4).getCell(2).value).toBe(CYRILLIC_NAME);
      expect(sheet.rowCount).toBe(3 + 50);
    });

    it('a report of several tables: one worksheet each in XLSX, one headed table after another in PDF', async () => {
      const c = await company();
      const xlsx = await download(c, (await report(c, { format: 'xlsx', rows: 2, sheets: 3 })).object_path);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.body);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Список сотрудников', 'Итоги 2', 'Итоги 3']);
      const totals = workbook.worksheets[2];
      expect(totals.getRow(1).getCell(1).value).toBe('Список сотрудников');
      expect(totals.getRow(3).values).toEqual([undefined, 'Показатель', 'Значение']);
      expect(totals.getRow(4).values).toEqual([undefined, 'Итог 3', 300]);
      expect(totals.getRow(5).values).toEqual([undefined, 'Минимум', 0.00000001]);

      const pdf = await download(c, (await report(c, { format: 'pdf', rows: 2, sheets: 3 })).object_path);
      const text = pdfText(pdf.body);
      if (text !== null) {
        const order = ['Список сотрудников', CYRILLIC_NAME, 'Итоги 2', 'Итог 2', 'Итоги 3', 'Итог 3'].map((line) =>
          text.indexOf(line),
        );
        expect(order.every((at) => at >= 0)).toBe(true);
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        // Numbers in plain decimal notation, never 1e-8.
        expect(text).toContain('0.00000001');
      }
    });

    it('list: newest first, filtered by module, type and search over comment and path, paged', async () => {
      const c = await company();
      const repo = t.app.get(DocsRepository);
      const a = await report(c, { format: 'xlsx', rows: 1, comment: 'Первый' });
      const b = await report(c, { format: 'xlsx', rows: 1, comment: 'Второй 100%' });
      const invoice = await repo.create(c.id, {
        object_path: 'dm/invoice/2026/11/x.pdf',
        module: 'dm',
        type: 'invoice',
      });
      const list = async (query: string) =>
        expectPage(await t.http.get(`${moduleOf(c.id, 'docs')}?${query}`).set(c.owner.auth), 'docs');

      expect((await list('')).items.map((d) => d.id)).toEqual([invoice.id, b.id, a.id]);
      expect((await list('module=hrm')).items.map((d) => d.id)).toEqual([b.id, a.id]);
      expect((await list('type=invoice')).items.map((d) => d.id)).toEqual([invoice.id]);
      expect((await list('search=второй')).items.map((d) => d.id)).toEqual([b.id]);
      expect((await list('search=100%25')).items.map((d) => d.id)).toEqual([b.id]);
      expect((await list('search=dm/invoice')).items.map((d) => d.id)).toEqual([invoice.id]);
      const page = await list('limit=2&page=2');
      expect(page.items.map((d) => d.id)).toEqual([a.id]);
      expect(page.pagination).toEqual({ total: 3, page: 2, limit: 2, pages: 2, total_exact: true });
      for (const bad of ['module=xx', 'type=Bad Type', 'limit=101', 'page=0']) {
        expectError(await t.http.get(`${moduleOf(c.id, 'docs')}?${bad}`).set(c.owner.auth), 400, 'validation_failed');
      }
    });

    it("another company's document and file are 404", async () => {
      const mine = await company();
      const theirs = await company();
      const doc = await report(theirs, { format: 'xlsx', rows: 1 });
      expectError(await t.http.get(`${moduleOf(mine.id, 'docs')}/${doc.id}`).set(mine.owner.auth), 404, 'not_found');
      const res = await download(mine, doc.object_path);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({ status: false, error: { code: 'not_found' } });
      expectError(await t.http.get(`${moduleOf(mine.id, 'docs')}/${doc.id}`).set(theirs.owner.auth), 404, 'not_found');
    });

    it('a failed upload leaves no row, no object and no count; a failed row write removes its object', async () => {
      const c = await company();
      const storage = t.app.get(StorageService);
      const put = jest.spyOn(storage, 'putObject').mockRejectedValueOnce(new Error('store down'));
      expectError(
        await t.http
          .post(`${companyOf(c.id)}/test-only/generated-report`)
          .set(c.owner.auth)
          .send({}),
        503,
        'service_unavailable',
      );
      put.mockRestore();

      const repo = t.app.get(DocsRepository);
      const create = jest.spyOn(repo, 'create').mockRejectedValueOnce(new Error('row refused'));
      const remove = jest.spyOn(storage, 'removeLater');
      expectError(
        await t.http
          .post(`${companyOf(c.id)}/test-only/generated-report`)
          .set(c.owner.auth)
          .send({}),
        500,
        'internal_error',
      );
      create.mockRestore();
      expect(remove).toHaveBeenCalledTimes(1);
      const removedPath = remove.mock.calls[0][1];
      remove.mockRestore();
      // Removed in the background: the failed request did not wait for it.
      for (let i = 0; i < 50 && (await storage.statObject(c.id, removedPath)) !== null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await storage.statObject(c.id, removedPath)).toBeNull();

      expect(await db.query(`SELECT 1 FROM docs WHERE company_id = $1`, [c.id])).toEqual([]);
      expect(expectSuccess(await t.http.get(`${companyOf(c.id)}/storage/media`).set(c.owner.auth))).toMatchObject({
        size_mb: 0,
        object_count: 0,
      });
      expect((await auditRecords(db, c.id, 'hrm.report')).filter((r) => r.status === 'success')).toEqual([]);
    });
  });

  describe('download', () => {
    it('refuses hostile paths with 400 in the envelope, and a missing object with 404', async () => {
      const c = await company();
      const hostile = [
        '',
        '../x',
        'a/../../b',
        '/etc/passwd',
        'a\\b',
        'a\u0000b',
        'a\nb',
        'a\u007fb',
        'x'.repeat(1025),
      ];
      for (const path of hostile) {
        const res = await t.http.get(mediaFileOf(c.id, path)).set(c.owner.auth);
        expectError(res, 400, 'validation_failed');
        expect(res.body.error.details).toEqual([{ field: 'path', message: expect.any(String) }]);
      }
      expectError(
        await t.http.get(`${companyOf(c.id)}/storage/media/file`).set(c.owner.auth),
        400,
        'validation_failed',
      );
      expectError(
        await t.http.get(`${companyOf(c.id)}/storage/media/file?path=a&path=b`).set(c.owner.auth),
        400,
        'validation_failed',
      );
      expectError(await t.http.get(mediaFileOf(c.id, 'hrm/report/none.pdf')).set(c.owner.auth), 404, 'not_found');
    });

    it('serves a byte range, names non-ASCII files per RFC 5987, and needs storage.media', async () => {
      const c = await company();
      const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
      const path = 'uploads/Отчёт "итог".bin';
      await t.app.get(MediaService).store(c.id, path, () => bytes, bytes.length, 'application/octet-stream');

      const whole = await download(c, path);
      expect(whole.status).toBe(200);
      expect(whole.body.equals(bytes)).toBe(true);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-disposition']).toBe(
        `attachment; filename="_____ ______.bin"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%20%22%D0%B8%D1%82%D0%BE%D0%B3%22.bin`,
      );

      const part = await download(c, path, { Range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/1000');
      expect(part.headers['content-length']).toBe('100');
      expect(part.body.equals(bytes.subarray(100, 200))).toBe(true);

      const member = await newAccount(t.http, 'docs-member');
      await addMember(db, c.id, member, ['docs']);
      expectError(await t.http.get(mediaFileOf(c.id, path)).set(member.auth), 403, 'forbidden');
      expectError(await t.http.get(`${companyOf(c.id)}/storage/media`).set(member.auth), 403, 'forbidden');
    });
  });

  describe('plan limits', () => {
    it('limit_objects_count holds exactly under 20 concurrent writes, and a refusal is audited', async () => {
      const c = await company();
      // The trial plan allows 100,000 files: start the company 5 short of that.
      await db.query(`UPDATE companies SET objects_count = 100000 - 5 WHERE id = $1`, [c.id]);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.http
            .post(`${companyOf(c.id)}/test-only/generated-report`)
            .set(c.owner.auth)
            .send({ format: 'xlsx', rows: 1 }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      for (const res of results.filter((r) => r.status === 409)) expectError(res, 409, 'limit_exceeded');
      const [{ objects_count }] = await db.query(`SELECT objects_count FROM companies WHERE id = $1`, [c.id]);
      expect(objects_count).toBe(100000);
      expect(await db.query(`SELECT 1 FROM docs WHERE company_id = $1`, [c.id])).toHaveLength(5);
      const records = await auditRecords(db, c.id, 'hrm.report');
      expect(records.filter((r) => r.status === 'error')).toHaveLength(15);
      expect(records.filter((r) => r.status === 'error')[0].metadata).toMatchObject({
        error: { code: 'limit_exceeded' },
      });
    });

    it('limit_objects_mb refuses a file that would not fit, and counts bytes exactly', async () => {
      const c = await company();
      const media = t.app.get(MediaService);
      // The trial plan allows 102,400 MiB: leave room for 1,500 bytes.
      await db.query(`UPDATE companies SET objects_bytes = 102400::bigint * 1048576 - 1500 WHERE id = $1`, [c.id]);
      await media.store(c.id, 'a.bin', () => Buffer.alloc(1000), 1000, 'application/octet-stream');
      await expect(
        media.store(c.id, 'b.bin', () => Buffer.alloc(1000), 1000, 'application/octet-stream'),
      ).rejects.toMatchObject({
        code: 'limit_exceeded',
      });
      await media.store(c.id, 'c.bin', () => Buffer.alloc(500), 500, 'application/octet-stream');
      const status = expectSuccess(await t.http.get(`${companyOf(c.id)}/storage/status`).set(c.owner.auth));
      expect(status).toMatchObject({ objects_mb: 102400, objects_count: 2 });
      expect(await t.app.get(StorageService).statObject(c.id, 'b.bin')).toBeNull();
    });

    it('limit_db_mb: a create route in a company over its database limit is 409, after the body check', async () => {
      const c = await company();
      await setPlan(db, c.id, 'business', new Date(Date.now() + 86400_000));
      const sources = `${crm(c.id)}/sources`;
      // Only this test uses the business plan; its limit is restored before the test ends.
      await db.query(`UPDATE pricing_plans SET limit_db_mb = 0 WHERE code = 'business'`);
      try {
        expectError(await t.http.post(sources).set(c.owner.auth).send({ name: 42 }), 400, 'validation_failed');
        expectError(
          await t.http.post(sources).set(c.owner.auth).send({ name: 'Over', type: 'website' }),
          409,
          'limit_exceeded',
        );
        expect(await db.query(`SELECT 1 FROM crm_sources WHERE company_id = $1 AND name = 'Over'`, [c.id])).toEqual([]);
        const refusals = (await auditRecords(db, c.id, 'crm.sources.create')).filter((r) => r.status === 'error');
        expect(refusals).toHaveLength(1);
        // Reads and changes that create nothing are not limited.
        expectSuccess(await t.http.get(sources).set(c.owner.auth));
        expectSuccess(await t.http.patch(settingsOf(c.id)).set(c.owner.auth).send({ legal_name: 'ООО' }));
      } finally {
        await db.query(`UPDATE pricing_plans SET limit_db_mb = 2048 WHERE code = 'business'`);
      }
      expectSuccess(await t.http.post(sources).set(c.owner.auth).send({ name: 'Fits', type: 'website' }), 201);
    });
  });
});

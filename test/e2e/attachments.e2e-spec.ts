/** @shared-app */
import { DataSource } from 'typeorm';
import { expectError, expectPage, expectSuccess } from '../support/expectations';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { companyOf, crm, dm, fm, mediaFileOf, supportOf } from '../support/urls';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface Company {
  owner: TestAccount;
  id: string;
}

/** One kind of record that takes attachments: where it lives and how one is made and changed. */
interface RecordKind {
  name: string;
  /** The collection's path. */
  base: (companyId: string) => string;
  /** The list's key. */
  key: string;
  /** A valid create body of the company. */
  body: (c: Company) => Promise<Record<string, unknown>>;
  /** A PATCH that changes something else (none: the record never changes). */
  change?: Record<string, unknown>;
}

/** CONTRACT 22: files that CRM clients, deals, support tickets and finance transactions name. */
describe('Attachments on records', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t?.close());

  async function company(label = 'attach'): Promise<Company> {
    const owner = await newAccount(t.http, label);
    return { owner, id: (await newCompany(t.http, owner)).id };
  }

  /** Uploads a file (with tag attachments unless another is given) and answers it. */
  async function upload(c: Company, file = PNG, name = 'photo.png', tag: string | null = 'attachments') {
    const req = t.http.post(`${companyOf(c.id)}/storage/media/upload`).set(c.owner.auth);
    if (tag !== null) req.field('tag', tag);
    const type = name.endsWith('.pdf') ? 'application/pdf' : 'image/png';
    const stored = expectSuccess(await req.attach('file', file, { filename: name, contentType: type }), 201);
    return { path: stored.path as string, size: stored.size as number, content_type: stored.content_type as string };
  }

  const objectCount = async (c: Company) =>
    expectSuccess(await t.http.get(`${companyOf(c.id)}/storage/media`).set(c.owner.auth)).object_count;

  const KINDS: RecordKind[] = [
    {
      name: 'CRM client',
      base: (id) => `${crm(id)}/clients`,
      key: 'clients',
      body: async (c) => {
        const sources = expectPage(await t.http.get(`${crm(c.id)}/sources`).set(c.owner.auth), 'sources').items;
        return { first_name: 'Ольга', type: 'individual', source_id: sources[0].id };
      },
      change: { comment: 'Called back' },
    },
    {
      name: 'deal',
      base: (id) => `${dm(id)}/deals`,
      key: 'deals',
      body: async () => ({ comment: 'Поставка' }),
      change: { comment: 'Поставка и монтаж' },
    },
    {
      name: 'support ticket',
      base: (id) => `${supportOf(id)}/tickets`,
      key: 'tickets',
      body: async () => ({ theme: 'technical_issue', text: 'The report does not open; screenshots attached' }),
      change: { status: 'pending' },
    },
    {
      name: 'finance transaction',
      base: (id) => `${fm(id)}/transactions`,
      key: 'transactions',
      body: async () => ({ base_amount: 1500, currency: 'RUB', direction: 'expense' }),
    },
  ];

  describe.each(KINDS)('$name', (kind) => {
    const create = async (c: Company, extra: Record<string, unknown>) =>
      t.http
        .post(kind.base(c.id))
        .set(c.owner.auth)
        .send({ ...(await kind.body(c)), ...extra });
    const read = async (c: Company, id: string) =>
      expectSuccess(await t.http.get(`${kind.base(c.id)}/${id}`).set(c.owner.auth));
    const listed = async (c: Company, id: string) =>
      expectPage(await t.http.get(kind.base(c.id)).set(c.owner.auth), kind.key).items.find((item) => item.id === id);

    it('is created with its files, in the order sent, and shows them in one and in the list', async () => {
      const c = await company();
      const photo = await upload(c);
      const scan = await upload(c, PDF, 'scan.pdf');
      expect(scan.content_type).toBe('application/pdf');
      const record = expectSuccess(await create(c, { attachments: [scan.path, photo.path] }), 201);
      expect(record.attachments).toEqual([scan, photo]);
      expect((await read(c, record.id)).attachments).toEqual([scan, photo]);
      expect((await listed(c, record.id)).attachments).toEqual([scan, photo]);

      const plain = expectSuccess(await create(c, {}), 201);
      expect(plain.attachments).toEqual([]);
      expect((await read(c, plain.id)).attachments).toEqual([]);
      expect((await listed(c, plain.id)).attachments).toEqual([]);
    });

    if (kind.change) {
      it('keeps its files through a PATCH without attachments; one with attachments replaces them, [] detaches all', async () => {
        const c = await company();
        const [a, b, d] = [await upload(c), await upload(c, PDF, 'b.pdf'), await upload(c)];
        const record = expectSuccess(await create(c, { attachments: [a.path, b.path] }), 201);
        const patch = (body: Record<string, unknown>) =>
          t.http
            .patch(`${kind.base(c.id)}/${record.id}`)
            .set(c.owner.auth)
            .send(body);

        expect(expectSuccess(await patch(kind.change!)).attachments).toEqual([a, b]);
        expect((await read(c, record.id)).attachments).toEqual([a, b]);

        expect(expectSuccess(await patch({ attachments: [d.path, a.path] })).attachments).toEqual([d, a]);
        expect((await read(c, record.id)).attachments).toEqual([d, a]);
        expect((await listed(c, record.id)).attachments).toEqual([d, a]);

        expect(expectSuccess(await patch({ attachments: [] })).attachments).toEqual([]);
        expect((await read(c, record.id)).attachments).toEqual([]);

        // A refused change leaves the list as it was.
        const refused = expectError(
          await patch({ attachments: [a.path, 'attachments/none.png'] }),
          400,
          'validation_failed',
        );
        expect(refused.error.details).toEqual([
          { field: 'attachments.1', message: expect.stringContaining('names no file') },
        ]);
        expectError(await patch({ attachments: null }), 400, 'validation_failed');
        expect((await read(c, record.id)).attachments).toEqual([]);
      });
    }

    it('refuses more than 20 files, a path outside attachments/, a file that is not there and another company’s file: 400', async () => {
      const c = await company();
      const other = await company('attach-other');
      const own = await upload(c);
      const untagged = await upload(c, PNG, 'loose.png', null);
      const theirs = await upload(other);

      const tooMany = Array.from({ length: 21 }, (_, i) => `attachments/file-${i}.png`);
      const many = expectError(await create(c, { attachments: tooMany }), 400, 'validation_failed');
      expect(many.error.details).toEqual([{ field: 'attachments', message: expect.stringContaining('at most 20') }]);

      for (const outside of [untagged.path, 'invoices/a.pdf', 'attachments/../secrets.png']) {
        const refused = expectError(await create(c, { attachments: [own.path, outside] }), 400, 'validation_failed');
        expect(refused.error.details).toEqual([{ field: 'attachments', message: expect.stringContaining('item 1') }]);
      }
      expectError(await create(c, { attachments: [own.path, own.path] }), 400, 'validation_failed');
      expectError(await create(c, { attachments: own.path }), 400, 'validation_failed');

      const missing = expectError(
        await create(c, { attachments: ['attachments/00000000-0000-4000-8000-000000000000.png', own.path] }),
        400,
        'validation_failed',
      );
      expect(missing.error.details).toEqual([
        { field: 'attachments.0', message: expect.stringContaining('names no file') },
      ]);

      // The other company's file is a path in its bucket: in this one it names nothing.
      const foreign = expectError(await create(c, { attachments: [theirs.path] }), 400, 'validation_failed');
      expect(foreign.error.details).toEqual([
        { field: 'attachments.0', message: expect.stringContaining('names no file') },
      ]);

      // Nothing was written by a refusal.
      const all = expectPage(await t.http.get(kind.base(c.id)).set(c.owner.auth), kind.key).items;
      expect(all).toEqual([]);
    });

    it('drops a file that is deleted from every record that names it', async () => {
      const c = await company();
      const [kept, gone] = [await upload(c), await upload(c, PDF, 'gone.pdf')];
      const first = expectSuccess(await create(c, { attachments: [gone.path, kept.path] }), 201);
      const second = expectSuccess(await create(c, { attachments: [gone.path] }), 201);
      expectSuccess(await t.http.delete(`${companyOf(c.id)}/storage/media/file?path=${gone.path}`).set(c.owner.auth));
      expect((await read(c, first.id)).attachments).toEqual([kept]);
      expect((await read(c, second.id)).attachments).toEqual([]);
      expect((await listed(c, first.id)).attachments).toEqual([kept]);
    });
  });

  it('a deleted deal leaves its files, counted until they are deleted', async () => {
    const c = await company();
    const file = await upload(c, PDF, 'contract.pdf');
    const deal = expectSuccess(
      await t.http
        .post(`${dm(c.id)}/deals`)
        .set(c.owner.auth)
        .send({ attachments: [file.path] }),
      201,
    );
    expect(await objectCount(c)).toBe(1);
    expectSuccess(await t.http.delete(`${dm(c.id)}/deals/${deal.id}`).set(c.owner.auth));
    expect(await objectCount(c)).toBe(1);
    const download = await t.http.get(mediaFileOf(c.id, file.path)).set(c.owner.auth);
    expect(download.status).toBe(200);
    // The deal's rows of record_attachments went with it.
    expect(await db.query(`SELECT 1 FROM record_attachments WHERE record_id = $1`, [deal.id])).toEqual([]);
    expectSuccess(await t.http.delete(`${companyOf(c.id)}/storage/media/file?path=${file.path}`).set(c.owner.auth));
    expect(await objectCount(c)).toBe(0);
  });

  it("a deal's client carries the client's files, as GET of the client shows them", async () => {
    const c = await company();
    const file = await upload(c);
    const sources = expectPage(await t.http.get(`${crm(c.id)}/sources`).set(c.owner.auth), 'sources').items;
    const client = expectSuccess(
      await t.http
        .post(`${crm(c.id)}/clients`)
        .set(c.owner.auth)
        .send({ first_name: 'Пётр', type: 'legal', source_id: sources[0].id, attachments: [file.path] }),
      201,
    );
    const deal = expectSuccess(
      await t.http
        .post(`${dm(c.id)}/deals`)
        .set(c.owner.auth)
        .send({ client_id: client.id }),
      201,
    );
    const shown = expectSuccess(await t.http.get(`${crm(c.id)}/clients/${client.id}`).set(c.owner.auth));
    expect(deal.client).toEqual(shown);
    expect(deal.client.attachments).toEqual([file]);
  });

  it("a deal's transaction takes attachments as a finance transaction does", async () => {
    const c = await company();
    const file = await upload(c, PDF, 'receipt.pdf');
    const deal = expectSuccess(
      await t.http
        .post(`${dm(c.id)}/deals`)
        .set(c.owner.auth)
        .send({}),
      201,
    );
    const recorded = expectSuccess(
      await t.http
        .post(`${dm(c.id)}/deals/${deal.id}/transactions`)
        .set(c.owner.auth)
        .send({ base_amount: 10, currency: 'RUB', direction: 'income', attachments: [file.path] }),
      201,
    );
    expect(recorded.attachments).toEqual([file]);
    const listed = expectPage(
      await t.http.get(`${dm(c.id)}/deals/${deal.id}/transactions`).set(c.owner.auth),
      'transactions',
    ).items;
    expect(listed.map((item) => item.attachments)).toEqual([[file]]);
    expectError(
      await t.http
        .post(`${dm(c.id)}/deals/${deal.id}/transactions`)
        .set(c.owner.auth)
        .send({ base_amount: 10, currency: 'RUB', direction: 'income', attachments: ['attachments/none.pdf'] }),
      400,
      'validation_failed',
    );
  });

  it("a closed ticket's files are final (409); closing it in the change that sets them is allowed", async () => {
    const c = await company();
    const file = await upload(c);
    const tickets = `${supportOf(c.id)}/tickets`;
    const open = async () =>
      expectSuccess(await t.http.post(tickets).set(c.owner.auth).send({ theme: 'technical_issue', text: 'Help' }), 201);
    const closing = await open();
    const closed = expectSuccess(
      await t.http
        .patch(`${tickets}/${closing.id}`)
        .set(c.owner.auth)
        .send({ status: 'closed', attachments: [file.path] }),
    );
    expect(closed).toMatchObject({ status: 'closed', attachments: [file] });
    expectError(
      await t.http.patch(`${tickets}/${closing.id}`).set(c.owner.auth).send({ attachments: [] }),
      409,
      'conflict',
    );
    expect(expectSuccess(await t.http.get(`${tickets}/${closing.id}`).set(c.owner.auth)).attachments).toEqual([file]);
  });
});

import type { Response } from 'supertest';

const RFC3339_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TIMESTAMP = RFC3339_MS_UTC;

/** Asserts the envelope of spec section 1 and returns `data`. */
export function expectSuccess(res: Response, status = 200): any {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  expect(res.body).toEqual({
    status: true,
    message: expect.any(String),
    data: expect.anything(),
    meta: expect.any(Object),
  });
  expectMeta(res);
  return res.body.data;
}

/** Asserts the error envelope of CONTRACT section 1 with the given code; returns the body. */
export function expectError(res: Response, status: number, code: string): any {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  expect(res.body).toMatchObject({ status: false, message: expect.any(String), data: {}, error: { code } });
  expectMeta(res);
  return res.body;
}

function expectMeta(res: Response): void {
  const { meta } = res.body;
  expect(meta).toEqual({
    timestamp: expect.stringMatching(RFC3339_MS_UTC),
    request_id: res.headers['x-request-id'],
    path: expect.stringMatching(/^\/api\//),
    method: (res as unknown as { req: { method: string } }).req.method,
  });
}

/** Asserts a `{<key>: [...], pagination}` list and returns it. */
export function expectPage(res: Response, key: string): { items: any[]; pagination: any } {
  const data = expectSuccess(res);
  expect(Object.keys(data).sort()).toEqual([key, 'pagination'].sort());
  expect(data.pagination).toEqual({
    total: expect.any(Number),
    page: expect.any(Number),
    limit: expect.any(Number),
    pages: Math.ceil(data.pagination.total / data.pagination.limit),
    total_exact: expect.any(Boolean),
  });
  return { items: data[key], pagination: data.pagination };
}

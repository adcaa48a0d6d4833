import { Logger } from '@nestjs/common';
import { CLS_REQ, type ClsService } from 'nestjs-cls';
import type { Db } from '../../database/db';
import type { Sql } from '../../database/sql';
import { SecurityEvents } from './security-events';

describe('SecurityEvents.record', () => {
  const written: Sql[] = [];
  const db = { affected: async (statement: Sql) => (written.push(statement), 1) } as unknown as Db;
  const request = { ip: '::ffff:203.0.113.7', headers: { 'user-agent': `Agent\u0000/${'x'.repeat(600)}` } };
  const cls = {
    isActive: () => true,
    get: (key: unknown) => (key === CLS_REQ ? request : undefined),
    getId: () => 'request-1',
  } as unknown as ClsService;

  afterEach(() => jest.restoreAllMocks());

  it('writes one log line with the fields of CONTRACT 20 and the same row, its user agent bounded and safe', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new SecurityEvents(db, cls).record('sign_in', 'failure', 'a0000000-0000-4000-8000-000000000001');
    const agent = `Agent\ufffd/${'x'.repeat(505)}`;
    expect(log.mock.calls).toEqual([
      [
        {
          event: 'sign_in',
          outcome: 'failure',
          account_id: 'a0000000-0000-4000-8000-000000000001',
          ip: '::ffff:203.0.113.7',
          user_agent: agent,
        },
        'Security event',
      ],
    ]);
    expect(written).toHaveLength(1);
    expect(written[0].render().values).toEqual(
      expect.arrayContaining(['sign_in', 'failure', '::ffff:203.0.113.7', agent, 'request-1']),
    );
  });

  it('keeps no address that is not one (free text from a proxy header)', async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    request.ip = 'not an address';
    await new SecurityEvents(db, cls).record('fingerprint.sign_in', 'failure', null);
    expect(written.at(-1)!.render().values).not.toContain('not an address');
  });
});

import { RECORDED_BODY, recordableBody } from './audit-trail';

describe('recordableBody', () => {
  it('blanks secret-looking fields at any depth and keeps the rest', () => {
    expect(
      recordableBody({ name: 'A', password: 'p', nested: { access_token: 't', list: [{ api_key: 'k', ok: 1 }] } }),
    ).toEqual({
      name: 'A',
      password: '[redacted]',
      nested: { access_token: '[redacted]', list: [{ api_key: '[redacted]', ok: 1 }] },
    });
  });

  it('replaces text jsonb cannot hold, in keys and values', () => {
    expect(recordableBody({ 'k\u0000': 'a\u0000b', half: 'x\ud800', pair: '😀' })).toEqual({
      'k\ufffd': 'a\ufffdb',
      half: 'x\ufffd',
      pair: '😀',
    });
  });

  it('keeps a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const copy = recordableBody({ deep });
    expect(JSON.stringify(copy)).toContain('[nested too deep]');
  });

  it('bounds long strings, many entries and the total size', () => {
    const long = recordableBody({ text: 'x'.repeat(5000) }) as { text: string };
    expect(long.text).toHaveLength(RECORDED_BODY.stringLength + 1);
    const many = recordableBody({ list: Array.from({ length: 1000 }, (_, i) => i) }) as { list: number[] };
    expect(many.list).toHaveLength(RECORDED_BODY.entries);
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'y'.repeat(1000)]));
    expect(recordableBody(wide)).toEqual({ omitted: 'too large to record', bytes: expect.any(Number) });
  });
});

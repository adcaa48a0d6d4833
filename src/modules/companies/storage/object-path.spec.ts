import { attachmentDisposition, byteRange } from './object-path';

describe('object paths', () => {
  it('names the file for old and new clients (RFC 6266 / 5987)', () => {
    expect(attachmentDisposition('hrm/report/2026/11/a.pdf')).toBe(
      `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`,
    );
    expect(attachmentDisposition('x/Отчёт "1";(2).pdf')).toBe(
      `attachment; filename="_____ _1__(2).pdf"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%20%221%22%3B%282%29.pdf`,
    );
  });

  it('reads one byte range, and ignores what it cannot serve', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ offset: 0, length: 10 });
    expect(byteRange('bytes=90-', 100)).toEqual({ offset: 90, length: 10 });
    expect(byteRange('bytes=-5', 100)).toEqual({ offset: 95, length: 5 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ offset: 50, length: 50 });
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=100-', 100)).toBeNull();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange('items=0-1', 100)).toBeNull();
  });
});

import { attachmentDisposition, byteRange, objectPathError } from './object-path';

describe('object paths', () => {
  it('accepts a generated path and refuses the hostile ones', () => {
    expect(objectPathError('hrm/report/2026/11/4b1f.pdf')).toBeNull();
    expect(objectPathError('отчёт/файл.pdf')).toBeNull();
    expect(objectPathError('')).toBe('must not be empty');
    expect(objectPathError('/etc/passwd')).toBe('must not start with /');
    expect(objectPathError('a\\b')).toBe('must not contain a backslash');
    expect(objectPathError('a/../b')).toBe('must not contain ..');
    expect(objectPathError('a\u0000b')).toBe('must not contain control characters');
    expect(objectPathError('a\nb')).toBe('must not contain control characters');
    expect(objectPathError('a'.repeat(1025))).toBe('must be at most 1024 bytes');
    expect(objectPathError('я'.repeat(513))).toBe('must be at most 1024 bytes');
    expect(objectPathError('a\ud800b')).toBe('must be valid text');
  });

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

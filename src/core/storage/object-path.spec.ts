import { objectPathError } from './object-path';

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
});

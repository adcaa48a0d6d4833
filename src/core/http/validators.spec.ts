import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { isRfc3339Time, Metadata, METADATA_MAX_BYTES, OneOf, Phone, PHONE_PATTERN } from './validators';

class Probe {
  @IsOptional()
  @Phone()
  phone?: unknown;

  @Metadata()
  metadata?: unknown;
}

const errorsOf = (plain: Record<string, unknown>) =>
  validateSync(plainToInstance(Probe, plain)).map((error) => error.property);

describe('PHONE_PATTERN', () => {
  it.each([
    '+7 (495) 123-45-67',
    '8 800 555 35 35',
    '12345',
    '+44 20 7946 0958',
    '(812)1234567',
    '+12345678901234567890',
  ])('accepts %s', (phone) => expect(PHONE_PATTERN.test(phone)).toBe(true));

  it.each(['1234', '+123456789012345678901', '7+4951234567', '++7 495', '+7 495 CALL', '8.800.555', '', '+', '---'])(
    'refuses %s',
    (phone) => expect(PHONE_PATTERN.test(phone)).toBe(false),
  );
});

describe('Phone()', () => {
  it('trims, then checks the pattern and the 32-character limit', () => {
    const probe = plainToInstance(Probe, { phone: '  +7 900 000-00-00 ' });
    expect(validateSync(probe)).toEqual([]);
    expect(probe.phone).toBe('+7 900 000-00-00');
    expect(errorsOf({ phone: '1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7' })).toEqual(['phone']);
    expect(errorsOf({ phone: 79001234567 })).toEqual(['phone']);
  });
});

describe('Metadata()', () => {
  it('takes an object, an array or null, and nothing else', () => {
    expect(errorsOf({ metadata: { a: [1, { b: null }] } })).toEqual([]);
    expect(errorsOf({ metadata: [] })).toEqual([]);
    expect(errorsOf({ metadata: null })).toEqual([]);
    expect(errorsOf({})).toEqual([]);
    for (const scalar of ['text', 0, false]) expect(errorsOf({ metadata: scalar })).toEqual(['metadata']);
  });

  it('measures the serialised size in UTF-8 bytes', () => {
    const exactly = { s: 'x'.repeat(METADATA_MAX_BYTES - '{"s":""}'.length) };
    expect(errorsOf({ metadata: exactly })).toEqual([]);
    expect(errorsOf({ metadata: { s: `${exactly.s}x` } })).toEqual(['metadata']);
    // Two bytes per character in UTF-8: half as many fit.
    expect(errorsOf({ metadata: { s: 'ж'.repeat(METADATA_MAX_BYTES / 2) } })).toEqual(['metadata']);
  });
});

describe('isRfc3339Time', () => {
  it.each([
    '2026-11-21T10:00:00Z',
    '2026-11-21T10:00:00.123Z',
    '2026-11-21t13:00:00.123456+03:00',
    '2024-02-29T23:59:59-01:30',
  ])('accepts %s', (value) => expect(isRfc3339Time(value)).toBe(true));

  it.each([
    '2026-11-21',
    '2026-11-21T10:00:00',
    '2026-11-21 10:00:00Z',
    '2026-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T25:00:00Z',
    '2026-11-21T10:00Z',
    '1700000000',
    '2026-11-21T10:00:00.1234567Z',
    '2026-11-21T10:00:00+25:00',
    'yesterday',
    42,
  ])('refuses %s', (value) => expect(isRfc3339Time(value)).toBe(false));
});

class OneOfProbe {
  @OneOf(['a', 'b'])
  required: string;

  @OneOf(['a', 'b'], { optional: true })
  optional?: string | null;

  @OneOf(['a', 'b'], { omittable: true, default: 'a' })
  omittable?: string;

  @OneOf(['a', 'b'], { optional: true, each: true, message: 'each must be a or b' })
  many?: string[];
}

describe('OneOf()', () => {
  const messagesOf = (plain: Record<string, unknown>) =>
    Object.fromEntries(
      validateSync(plainToInstance(OneOfProbe, { required: 'a', ...plain })).map((error) => [
        error.property,
        Object.values(error.constraints ?? {}),
      ]),
    );

  it('validates with @IsIn: its message, or the one given; optional lets null through, omittable only absence', () => {
    expect(messagesOf({})).toEqual({});
    expect(messagesOf({ required: 'c' })).toEqual({ required: ['required must be one of the following values: a, b'] });
    expect(messagesOf({ required: undefined })).toEqual({
      required: ['required must be one of the following values: a, b'],
    });
    expect(messagesOf({ optional: null, omittable: 'b', many: ['a', 'b'] })).toEqual({});
    expect(messagesOf({ omittable: null, many: ['a', 'c'] })).toEqual({
      omittable: ['omittable must be one of the following values: a, b'],
      many: ['each must be a or b'],
    });
  });

  it('documents the same values as the schema enum, optional ones as not required', () => {
    const documented = (field: string) =>
      Reflect.getMetadata('swagger/apiModelProperties', OneOfProbe.prototype, field) as Record<string, unknown>;
    expect(documented('required')).toMatchObject({ enum: ['a', 'b'] });
    expect(documented('required')).not.toHaveProperty('required');
    expect(documented('optional')).toMatchObject({ enum: ['a', 'b'], required: false });
    expect(documented('omittable')).toMatchObject({ enum: ['a', 'b'], required: false, default: 'a' });
    expect(documented('many')).toMatchObject({ type: 'array', items: { enum: ['a', 'b'] }, required: false });
  });
});

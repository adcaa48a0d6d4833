import { Type } from 'class-transformer';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import { applyBodyTolerances, FixedOnceCreated, ReadOnlyFields, refusedChanges } from './tolerances';

class LineDto {
  @IsString()
  name: string;

  @IsOptional()
  @IsString()
  comment?: string | null;
}

@ReadOnlyFields({ system: false })
class ThingDto {
  @IsString()
  name: string;

  @IsOptional()
  @IsString()
  note?: string | null;

  @ValidateNested({ each: true })
  @Type(() => LineDto)
  lines?: LineDto[];

  @IsOptional()
  @FixedOnceCreated()
  currency?: string;
}

describe('applyBodyTolerances', () => {
  it('drops a read-only field sent with its implied value; "" is null only in optional fields, nested too', () => {
    const sent = { name: '', note: '', system: false, lines: [{ name: '', comment: '' }, 'x'] };
    expect(applyBodyTolerances(sent, ThingDto)).toEqual({
      body: { name: '', note: null, lines: [{ name: '', comment: null }, 'x'] },
      errors: [],
    });
    // The body as sent stays for the audit record.
    expect(sent).toEqual({ name: '', note: '', system: false, lines: [{ name: '', comment: '' }, 'x'] });
  });

  it('names a read-only field sent with another value', () => {
    for (const system of [true, 'false', null, 0]) {
      expect(applyBodyTolerances({ name: 'a', system }, ThingDto).errors).toEqual([
        { field: 'system', message: 'is read-only: only false is accepted' },
      ]);
    }
  });

  it('leaves bodies of undeclared routes alone', () => {
    expect(applyBodyTolerances({ a: '' }, undefined)).toEqual({ body: { a: '' }, errors: [] });
  });
});

describe('refusedChanges', () => {
  it('is empty when the fixed field is absent or repeats the current value, else names it', () => {
    const dto = (currency?: string) => Object.assign(new ThingDto(), { name: 'a', currency });
    expect(refusedChanges(dto(), { currency: 'RUB' })).toEqual([]);
    expect(refusedChanges(dto('RUB'), { currency: 'RUB' })).toEqual([]);
    expect(refusedChanges(dto('USD'), { currency: 'RUB' })).toEqual([
      { field: 'currency', message: 'cannot be changed (it is "RUB"); send that value or leave it out' },
    ]);
  });
});

import { numericToJson } from '../../database/numeric';
import { decimalPlaces, significantDigits } from './decimal';

describe('decimal', () => {
  it.each([
    [12, 0],
    [0.1, 1],
    [100.25, 2],
    [1e-7, 7],
    [1.5e-7, 8],
    [123456.789, 3],
    [1e21, 0],
  ])('decimalPlaces(%p) = %p', (value, places) => {
    expect(decimalPlaces(value)).toBe(places);
  });

  it.each([
    [0, 1],
    [0.0012, 2],
    [1200, 2],
    [1200.5, 5],
    [123456789012345, 15],
    [1234567890123456, 16],
    [0.1 + 0.2, 17],
  ])('significantDigits(%p) = %p', (value, digits) => {
    expect(significantDigits(value)).toBe(digits);
  });

  it('writes numeric text as the JSON number with the same digits', () => {
    expect(JSON.stringify(numericToJson('100.00'))).toBe('100');
    expect(JSON.stringify(numericToJson('0.10000000'))).toBe('0.1');
    expect(JSON.stringify(numericToJson('-42.50'))).toBe('-42.5');
    expect(JSON.stringify(numericToJson('9999999999999.99'))).toBe('9999999999999.99');
    expect(JSON.stringify(numericToJson('0.00000001'))).toBe('1e-8');
  });
});

import { ValidationError } from 'class-validator';
import { fieldErrors } from './validation';

describe('fieldErrors', () => {
  it('names nested fields with dots and turns unknown fields into a plain message', () => {
    const nested = Object.assign(new ValidationError(), {
      property: 'email',
      constraints: { isEmail: 'email must be an email' },
    });
    const parent = Object.assign(new ValidationError(), { property: 'contact', children: [nested] });
    const unknown = Object.assign(new ValidationError(), {
      property: 'extra',
      constraints: { whitelistValidation: 'property extra should not exist' },
    });

    expect(fieldErrors([parent, unknown])).toEqual([
      { field: 'contact.email', message: 'must be an email' },
      { field: 'extra', message: 'is not an allowed field' },
    ]);
  });
});

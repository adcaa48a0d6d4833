import { JoinColumn, ManyToOne } from 'typeorm';
import type { OnDeleteType } from 'typeorm/metadata/types/OnDeleteType';

/**
 * A reference to a row of the same company: the property `x` is joined on `x_id`, and its
 * foreign key is `(company_id, x_id) → (company_id, id)`, so a row can never point into
 * another company (the referenced table has a unique `(company_id, id)` index). Deleting the
 * referenced row is refused (`NO ACTION`) unless `onDelete` says otherwise.
 */
export function CompanyReference<T>(target: () => new (...args: never[]) => T, onDelete: OnDeleteType = 'NO ACTION') {
  return (prototype: object, property: string) => {
    JoinColumn([
      { name: 'company_id', referencedColumnName: 'company_id' },
      { name: `${property}_id`, referencedColumnName: 'id' },
    ])(prototype, property);
    ManyToOne(target, { onDelete })(prototype, property);
  };
}

/**
 * A reference to another table's row by its id: the property `x` joined on `x_id` (or `column`),
 * with the foreign key's delete rule: `CASCADE` (the row goes with the one it belongs to),
 * `SET NULL` (the reference is cleared), `NO ACTION` (the delete is refused).
 */
export function Reference<T>(target: () => new (...args: never[]) => T, onDelete: OnDeleteType, column?: string) {
  return (prototype: object, property: string) => {
    JoinColumn({ name: column ?? `${property}_id` })(prototype, property);
    ManyToOne(target, { onDelete })(prototype, property);
  };
}

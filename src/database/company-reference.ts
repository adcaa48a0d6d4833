import { JoinColumn, ManyToOne } from 'typeorm';
import type { OnDeleteType } from 'typeorm/metadata/types/OnDeleteType';

/**
 * What a reference points at: an entity class of the same module, or another module's table by
 * its name (`'companies'`), so no entity is imported across modules (docs/architecture.md,
 * "Module faces").
 */
export type ReferenceTarget<T> = string | (() => new (...args: never[]) => T);

/**
 * A reference to a row of the same company: the property `x` is joined on `x_id`, and its
 * foreign key is `(company_id, x_id) → (company_id, id)`, so a row can never point into
 * another company (the referenced table has a unique `(company_id, id)` index). Deleting the
 * referenced row is refused (`NO ACTION`) unless `onDelete` says otherwise.
 */
export function CompanyReference<T>(target: ReferenceTarget<T>, onDelete: OnDeleteType = 'NO ACTION') {
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
export function Reference<T>(target: ReferenceTarget<T>, onDelete: OnDeleteType, column?: string) {
  return (prototype: object, property: string) => {
    JoinColumn({ name: column ?? `${property}_id` })(prototype, property);
    ManyToOne(target, { onDelete })(prototype, property);
  };
}

/**
 * The company a row belongs to, joined on its `company_id`: the row goes when the company goes
 * (ON DELETE CASCADE), so the purge is one DELETE of the company. `foreignKey`: the constraint's
 * name, where the migration named it. The target is the `companies` table by name, so no module
 * imports the companies module for it (docs/architecture.md, "Module faces").
 */
export function OwningCompany(foreignKey?: string) {
  return (prototype: object, property: string) => {
    JoinColumn(foreignKey ? { name: 'company_id', foreignKeyConstraintName: foreignKey } : { name: 'company_id' })(
      prototype,
      property,
    );
    ManyToOne('companies', { onDelete: 'CASCADE' })(prototype, property);
  };
}

import { Column, Entity, getMetadataArgsStorage, PrimaryColumn } from 'typeorm';
import { CompanyReference, OwningCompany, Reference } from './company-reference';

@Entity('probe_parents')
class ProbeParent {
  @PrimaryColumn('uuid')
  id: string;
}

@Entity('probe_children')
class ProbeChild {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  company_id: string;

  @Column('uuid')
  parent_id: string;

  @CompanyReference(() => ProbeParent, 'CASCADE')
  parent?: ProbeParent;

  @Reference(() => ProbeParent, 'SET NULL') owner?: ProbeParent;

  @Reference(() => ProbeParent, 'NO ACTION', 'reverse_to') original?: ProbeParent;

  /** Another module's tables, by name. */
  @CompanyReference('crm_clients') client?: unknown;

  @Reference('employees', 'CASCADE') employee?: unknown;

  @OwningCompany() company?: unknown;

  @OwningCompany('probe_named_company_fkey') named?: unknown;
}

const storage = getMetadataArgsStorage();
const relationOf = (property: string) =>
  storage.relations.find((r) => r.target === ProbeChild && r.propertyName === property)!;
const joinOf = (property: string) =>
  storage.joinColumns.filter((c) => c.target === ProbeChild && c.propertyName === property);

describe('CompanyReference()', () => {
  it('joins `x` on (company_id, x_id) → (company_id, id), with the delete rule given', () => {
    const storage = getMetadataArgsStorage();
    const join = storage.joinColumns.filter(
      (column) => column.target === ProbeChild && column.propertyName === 'parent',
    );
    expect(join.map(({ name, referencedColumnName }) => [name, referencedColumnName])).toEqual([
      ['company_id', 'company_id'],
      ['parent_id', 'id'],
    ]);
    const relation = storage.relations.find((r) => r.target === ProbeChild && r.propertyName === 'parent')!;
    expect(relation.relationType).toBe('many-to-one');
    expect((relation.type as () => unknown)()).toBe(ProbeParent);
    expect(relation.options.onDelete).toBe('CASCADE');
  });

  it('Reference: joins `x` on x_id, or the column given, with the delete rule given', () => {
    const storage = getMetadataArgsStorage();
    const joined = (property: string) =>
      storage.joinColumns.filter((c) => c.target === ProbeChild && c.propertyName === property).map((c) => c.name);
    expect(joined('owner')).toEqual(['owner_id']);
    expect(joined('original')).toEqual(['reverse_to']);
    const rule = (property: string) =>
      storage.relations.find((r) => r.target === ProbeChild && r.propertyName === property)!.options.onDelete;
    expect(rule('owner')).toBe('SET NULL');
    expect(rule('original')).toBe('NO ACTION');
  });
});

describe("a reference to another module's table", () => {
  it('names the table: CompanyReference and Reference take a table name as their target', () => {
    expect(relationOf('client').type).toBe('crm_clients');
    expect(joinOf('client').map(({ name, referencedColumnName }) => [name, referencedColumnName])).toEqual([
      ['company_id', 'company_id'],
      ['client_id', 'id'],
    ]);
    expect(relationOf('employee').type).toBe('employees');
    expect(relationOf('employee').options.onDelete).toBe('CASCADE');
    expect(joinOf('employee').map((c) => c.name)).toEqual(['employee_id']);
  });
});

describe('OwningCompany()', () => {
  it('joins the companies table on company_id, ON DELETE CASCADE, naming the constraint when told', () => {
    expect(joinOf('company').map(({ name, foreignKeyConstraintName }) => [name, foreignKeyConstraintName])).toEqual([
      ['company_id', undefined],
    ]);
    expect(joinOf('named').map(({ foreignKeyConstraintName }) => foreignKeyConstraintName)).toEqual([
      'probe_named_company_fkey',
    ]);
    expect(relationOf('company').relationType).toBe('many-to-one');
    expect(relationOf('company').type).toBe('companies');
    expect(relationOf('company').options.onDelete).toBe('CASCADE');
  });
});

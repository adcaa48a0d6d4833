import { Column, Entity, getMetadataArgsStorage, PrimaryColumn } from 'typeorm';
import { CompanyReference, Reference } from './company-reference';

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
}

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

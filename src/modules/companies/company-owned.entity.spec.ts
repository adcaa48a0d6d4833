import { Entity, getMetadataArgsStorage, PrimaryColumn } from 'typeorm';
import { OwningCompany } from './company-owned.entity';
import { CompanyEntity } from './company.entity';

@Entity('probe_owned')
class ProbeOwned {
  @PrimaryColumn('uuid')
  company_id: string;

  @OwningCompany() company?: CompanyEntity;

  @OwningCompany('probe_named_company_fkey') named?: CompanyEntity;
}

describe('OwningCompany()', () => {
  const storage = getMetadataArgsStorage();
  const joinOf = (property: string) =>
    storage.joinColumns.filter((c) => c.target === ProbeOwned && c.propertyName === property);

  it('joins the company on company_id, ON DELETE CASCADE, naming the constraint when told', () => {
    expect(joinOf('company').map(({ name, foreignKeyConstraintName }) => [name, foreignKeyConstraintName])).toEqual([
      ['company_id', undefined],
    ]);
    expect(joinOf('named').map(({ foreignKeyConstraintName }) => foreignKeyConstraintName)).toEqual([
      'probe_named_company_fkey',
    ]);
    const relation = storage.relations.find((r) => r.target === ProbeOwned && r.propertyName === 'company')!;
    expect(relation.relationType).toBe('many-to-one');
    expect((relation.type as () => unknown)()).toBe(CompanyEntity);
    expect(relation.options.onDelete).toBe('CASCADE');
  });
});

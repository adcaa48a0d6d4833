import { getMetadataArgsStorage } from 'typeorm';
import { EnumColumn, MetadataColumn } from './columns';

class Probe {
  @EnumColumn(['a', 'b'], { length: 16, default: 'a' })
  status: string;

  @EnumColumn(['x'], { length: 8, nullable: true })
  kind: string | null;

  @MetadataColumn()
  metadata: object | null;
}

const columnOf = (property: string) =>
  getMetadataArgsStorage().columns.find((c) => c.target === Probe && c.propertyName === property)!.options;
const documented = (property: string) =>
  Reflect.getMetadata('swagger/apiModelProperties', Probe.prototype, property) as Record<string, unknown>;

describe('EnumColumn() / MetadataColumn()', () => {
  it('store a varchar of the length given and document its values as the enum', () => {
    expect(columnOf('status')).toEqual({ type: 'varchar', length: 16, default: 'a' });
    expect(documented('status')).toMatchObject({ enum: ['a', 'b'] });
    expect(documented('status')).not.toHaveProperty('nullable');
    expect(columnOf('kind')).toEqual({ type: 'varchar', length: 8, nullable: true });
    expect(documented('kind')).toMatchObject({ enum: ['x'], nullable: true });
  });

  it('store metadata as nullable jsonb, documented as an object or array', () => {
    expect(columnOf('metadata')).toEqual({ type: 'jsonb', nullable: true });
    expect(documented('metadata')).toMatchObject({ nullable: true, oneOf: expect.any(Array) });
  });
});

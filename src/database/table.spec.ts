import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Table } from './table';

abstract class Owned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', update: false })
  owner_id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}

@Entity('widgets')
class WidgetEntity extends Owned {
  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'jsonb', nullable: true })
  metadata: object | null;

  @Column({ type: 'char', length: 64, select: false })
  secret_hash: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;

  owner?: unknown;
}

const widgets = new Table(WidgetEntity);

describe('Table', () => {
  it('takes its name and columns from the entity and its base class', () => {
    expect(widgets.name).toBe('widgets');
    expect(widgets.list()).toBe('id, owner_id, created_at, name, metadata, updated_at');
  });

  it('lists chosen columns, or all but some, qualified by an alias', () => {
    expect(widgets.list('w', ['id', 'name'])).toBe('w.id, w.name');
    expect(widgets.list('w', { except: ['owner_id', 'metadata'] })).toBe('w.id, w.created_at, w.name, w.updated_at');
  });

  it('answers timestamps as the RFC 3339 text JSON would write', () => {
    expect(widgets.answer('w', ['id', 'created_at'])).toBe(
      `w.id, to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
    );
    expect(widgets.answer('w', { except: ['owner_id', 'created_at', 'metadata'] })).toMatch(
      /^w\.id, w\.name, to_char\(w\.updated_at .*\) AS updated_at$/,
    );
  });

  it('inserts the insertable columns sent, JSON as text, and leaves the rest to their defaults', () => {
    const values = { name: 'a', metadata: [1, 2], owner_id: 'o', id: 'forged', created_at: new Date(0), stray: 1 };
    expect(widgets.insert(values as never).render()).toEqual({
      text: 'INSERT INTO widgets (name, metadata, owner_id) VALUES ($1, $2, $3)',
      values: ['a', '[1,2]', 'o'],
    });
  });

  it('sets only updatable columns that were sent, and keeps an explicit null', () => {
    const set = widgets.assignments({ name: 'b', metadata: null, owner_id: 'other', secret_hash: undefined });
    expect(set!.render()).toEqual({ text: 'name = $1, metadata = $2', values: ['b', null] });
    expect(widgets.assignments({ name: 'b', metadata: {} }, ['metadata'])!.render().text).toBe('metadata = $1');
  });

  it('has nothing to set when nothing updatable was sent', () => {
    expect(widgets.assignments({})).toBeNull();
    expect(widgets.assignments({ owner_id: 'x' })).toBeNull();
  });

  it('sets a status, moving updated_at only when it changes, on the company row only', () => {
    const update = widgets.setStatus('c1', 'w1', 'inactive').render();
    expect(update.text.replace(/\s+/g, ' ')).toBe(
      'UPDATE widgets SET status = $1, updated_at = CASE WHEN status = $2 THEN updated_at ELSE now() END WHERE id = $3 AND company_id = $4',
    );
    expect(update.values).toEqual(['inactive', 'inactive', 'w1', 'c1']);
  });

  it('refuses a class that is not an entity', () => {
    expect(() => new Table(class NotAnEntity {})).toThrow(/not an @Entity/);
  });
});

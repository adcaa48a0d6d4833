import { Column, CreateDateColumn, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns of a table whose rows stand for secret tokens: the row's id, the token's SHA-256
 * (hex, never the token; unique, index `<table>_token_hash_key`) and when it was issued. An
 * entity `extends HashedTokens('sessions')` and adds what its tokens are for.
 */
export function HashedTokens(table: string) {
  abstract class HashedTokenRow {
    @PrimaryGeneratedColumn('uuid')
    id: string;

    @Index(`${table}_token_hash_key`, { unique: true })
    @Column({ type: 'char', length: 64 })
    token_hash: string;

    @CreateDateColumn({ type: 'timestamptz' })
    created_at: Date;
  }
  return HashedTokenRow;
}

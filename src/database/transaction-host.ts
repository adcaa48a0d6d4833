import { Inject } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * What repositories query through: `db.tx` is the current transaction's EntityManager when
 * a caller opened one (so an audit record shares the change's transaction), the pool otherwise.
 */
export type Db = TransactionHost<TransactionalAdapterTypeOrm>;

/** Parameter decorator for a repository's `Db`: `constructor(@InjectDb() private readonly db: Db)`. */
export const InjectDb = () => Inject(TransactionHost);

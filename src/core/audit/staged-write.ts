import { SetMetadata } from '@nestjs/common';

export const UPLOADS_FIRST = 'audit:uploads_first';

/**
 * A change whose slow, non-database part (storing a file) is already done: `commit` writes its
 * rows, `abandon` undoes the non-database part when the commit fails. A route marked
 * `@UploadsFirst()` returns one; the AuditInterceptor runs `commit` and the audit record in one
 * transaction, so no transaction is ever open while the object store is called.
 */
export class StagedWrite<T> {
  constructor(
    readonly commit: () => Promise<T>,
    readonly abandon: () => Promise<void>,
  ) {}
}

/**
 * Marks an audited route whose handler runs outside any transaction (it uploads a file) and
 * returns a StagedWrite for the interceptor to commit with its audit record.
 */
export const UploadsFirst = () => SetMetadata(UPLOADS_FIRST, true);

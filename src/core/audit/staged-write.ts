import { SetMetadata } from '@nestjs/common';

export const PREPARES_FIRST = 'audit:prepares_first';

/**
 * A change whose slow, non-database part (storing a file, resolving a webhook's host) is already
 * done: `commit` writes its rows, `abandon` undoes the non-database part when the commit fails. A
 * route marked `@PreparesFirst()` returns one; the AuditInterceptor runs `commit` and the audit
 * record in one transaction, so no transaction is ever open while the object store or DNS is
 * waited on.
 */
export class StagedWrite<T> {
  constructor(
    readonly commit: () => Promise<T>,
    readonly abandon: () => Promise<void>,
  ) {}

  /** A change whose preparation (a check) left nothing to undo. */
  static of<T>(commit: () => Promise<T>): StagedWrite<T> {
    return new StagedWrite(commit, async () => {});
  }
}

/**
 * Marks an audited route whose handler runs outside any transaction (it uploads a file, or
 * resolves a host) and returns a StagedWrite for the interceptor to commit with its audit record.
 */
export const PreparesFirst = () => SetMetadata(PREPARES_FIRST, true);

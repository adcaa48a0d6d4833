import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';
import { StagedWrite } from '../audit/staged-write';
import { AppException } from '../http/app.exception';
import { StorageService, StorageUnavailableError } from '../storage/storage.service';
import type { AttachmentDto } from './attachment.dto';

/** A record as its module answers it: with the files it names. */
export interface AttachedRecord {
  id: string;
  attachments: AttachmentDto[];
}

/** The kinds of record: each the table its records are in (record_attachments.record_kind). */
const KIND = /^[a-z_]+$/;

/**
 * The `attachments` of the record of `alias` (a row of the table `kind`, with `id` and
 * `company_id`) as the JSON array the answer shows, in the order they were sent, `[]` when none:
 * one index probe per record, inside the statement that reads it, so a list's items are built
 * in SQL on either list path (docs/architecture.md, "Lists").
 */
export function attachmentsJson(kind: string, alias: string): string {
  if (!KIND.test(kind)) throw new Error(`Not a record kind: ${kind}`);
  return `coalesce((SELECT json_agg(json_build_object('path', a.path, 'size', a.size, 'content_type', a.content_type)
    ORDER BY a.position) FROM record_attachments a
    WHERE a.company_id = ${alias}.company_id AND a.record_kind = '${kind}' AND a.record_id = ${alias}.id), '[]')`;
}

/**
 * The files records name (CONTRACT 22), for every module whose records take `attachments`: the
 * paths sent are checked in the company's bucket before the record's transaction opens (no store
 * call inside a transaction), then written with the record. See docs/storage.md, "Attachments".
 */
@Injectable()
export class RecordAttachments {
  constructor(
    private readonly storage: StorageService,
    private readonly db: Db,
  ) {}

  /**
   * The write of a record that may change its files, staged for an `@PreparesFirst()` route: the
   * paths sent are checked in the store now ({@link check}); the commit runs `write` (the record's
   * own change, answering it) and, when paths were sent, replaces the record's files with them.
   */
  async staged<T extends AttachedRecord>(
    companyId: string,
    kind: string,
    paths: string[] | undefined,
    write: () => Promise<T>,
  ): Promise<StagedWrite<T>> {
    const files = await this.check(companyId, paths);
    return StagedWrite.of(async () => {
      const record = await write();
      if (files === undefined) return record;
      await this.replace(companyId, kind, record.id, files);
      return { ...record, attachments: files };
    });
  }

  /**
   * Each path an object of the company's bucket (another company's path names nothing in this
   * bucket): 400 naming `attachments.<i>` of each that is not, 503 when the store does not answer.
   * Undefined when no list was sent. Call it outside any database transaction.
   */
  async check(companyId: string, paths: string[] | undefined): Promise<AttachmentDto[] | undefined> {
    if (paths === undefined || paths.length === 0) return paths && [];
    this.storage.assertAvailable();
    const stats = await Promise.all(
      paths.map((path) =>
        this.storage.statObject(companyId, path).catch((error: unknown) => {
          throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError();
        }),
      ),
    );
    const missing = paths.flatMap((path, i) =>
      stats[i] ? [] : [{ field: `attachments.${i}`, message: `names no file of this company (${path})` }],
    );
    if (missing.length > 0) throw AppException.validation(missing);
    return paths.map((path, i) => ({ path, size: stats[i]!.size, content_type: stats[i]!.contentType }));
  }

  /** In the record's transaction: its files become `files`, in their order. */
  async replace(companyId: string, kind: string, recordId: string, files: AttachmentDto[]): Promise<void> {
    await this.detachAll(companyId, kind, recordId);
    if (files.length === 0) return;
    await this.db.affected(sql`INSERT INTO record_attachments
        (company_id, record_kind, record_id, path, position, size, content_type)
      SELECT ${companyId}, ${kind}, ${recordId}, f.path, f.position, f.size, f.content_type
      FROM jsonb_to_recordset(${JSON.stringify(files.map((file, position) => ({ ...file, position })))}::jsonb)
        AS f(path text, position smallint, size bigint, content_type text)`);
  }

  /** A record is deleted: it names no file any more (the files stay, and count, until deleted). */
  async detachAll(companyId: string, kind: string, recordId: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM record_attachments
      WHERE company_id = ${companyId} AND record_kind = ${kind} AND record_id = ${recordId}`);
  }

  /** A file is deleted (in the delete's transaction): no record names it any more. */
  async forgetFile(companyId: string, path: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM record_attachments WHERE company_id = ${companyId} AND path = ${path}`);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompanyAccess } from '../../../core/access/company-access';
import { AppException } from '../../../core/http/app.exception';
import { StorageService } from '../../../core/storage/storage.service';
import { CompanyObjectCounters } from '../companies/companies.face';
import type { MediaStatisticsDto } from './dto/media.dto';
import { attachmentDisposition, byteRange } from './object-path';

const MIB = 1024 * 1024;

/** What an object store failure (down, hanging, refusing) means to a client: 503, never a hang or a 500. */
function unavailable(error: unknown): AppException {
  return new AppException('service_unavailable', 'Object storage is unavailable; try again later', undefined, {
    'Retry-After': '5',
  });
}

/**
 * A company's files: stored within its plan's limits (reserve, upload, release on failure),
 * removed, counted and downloaded. The counts live in the database (the companies module's CompanyObjectCounters), so
 * nothing here lists a bucket. See docs/storage.md.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger('MediaService');

  constructor(
    private readonly storage: StorageService,
    private readonly usage: CompanyObjectCounters,
  ) {}

  /**
   * Stores `size` bytes as `path` in the company's bucket: 409 limit_exceeded when the file
   * would take the company past limit_objects_count or limit_objects_mb. Room is reserved
   * before the upload and given back when it fails, so concurrent writers never overshoot.
   * Call it outside any database transaction. A store known to be down fails it at once (503).
   * `fileName` is what its downloads are called (a generated document's readable name); the
   * path's last segment when absent.
   */
  async store(
    companyId: string,
    path: string,
    body: () => Readable | Buffer,
    size: number,
    contentType: string,
    fileName?: string,
  ) {
    this.storage.assertAvailable();
    if (!(await this.usage.reserveObject(companyId, size))) {
      throw new AppException('limit_exceeded', "The file would exceed the plan's file storage limits");
    }
    try {
      const disposition = fileName === undefined ? undefined : attachmentDisposition(fileName);
      await this.storage.putObject(companyId, path, body(), size, contentType, disposition);
    } catch (error) {
      this.logger.error({ err: error, company_id: companyId, path }, 'Upload failed; its reservation is released');
      await this.storage.removeLater(companyId, path);
      await this.usage.releaseObject(companyId, size);
      throw unavailable(error);
    }
  }

  /**
   * Gives a stored object's room back and removes it in the background (e.g. its Doc row could
   * not be written): the caller never waits on the store.
   */
  async remove(companyId: string, path: string, size: number): Promise<void> {
    await this.usage.releaseObject(companyId, size);
    await this.storage.removeLater(companyId, path);
  }

  async statistics(company: CompanyAccess): Promise<MediaStatisticsDto> {
    const usage = await this.usage.objectUsage(company.companyId);
    return {
      name: this.storage.bucketOf(company.companyId),
      creation_date: usage.createdAt,
      size_mb: Math.ceil(usage.bytes / MIB),
      object_count: usage.count,
    };
  }

  /** Streams the company's object (or one byte range of it) as an attachment; 404 when there is none. */
  async download(company: CompanyAccess, path: string, rangeHeader: string | undefined, res: Response) {
    const stat = await this.storage.statObject(company.companyId, path).catch((error) => {
      throw unavailable(error);
    });
    if (!stat) throw AppException.notFound('File');
    const range = byteRange(rangeHeader, stat.size);
    let body: Readable;
    try {
      body = await this.storage.getObject(company.companyId, path, range ?? undefined);
    } catch (error) {
      if ((error as { code?: string }).code === 'NoSuchKey') throw AppException.notFound('File');
      throw unavailable(error);
    }
    res.status(range ? 206 : 200);
    res.set({
      'Content-Type': stat.contentType,
      'Content-Length': String(range ? range.length : stat.size),
      'Content-Disposition': stat.contentDisposition ?? attachmentDisposition(path),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
      ...(range && { 'Content-Range': `bytes ${range.offset}-${range.offset + range.length - 1}/${stat.size}` }),
    });
    try {
      await pipeline(body, res);
    } catch (error) {
      // The status line is sent: the client sees a cut body (shorter than Content-Length).
      this.logger.warn({ err: error, company_id: company.companyId, path }, 'Download cut short');
    }
  }
}

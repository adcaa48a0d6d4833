import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompanyAccess } from '../../../core/access/company-access';
import { AppException } from '../../../core/http/app.exception';
import { StorageService } from '../../../core/storage/storage.service';
import { StagedWrite } from '../../../core/audit/staged-write';
import type { Environment } from '../../../config/environment';
import { CompanyObjectCounters } from '../companies/companies.face';
import { rendersAsPage } from './content-sniffing';
import type { DeletedFileDto, MediaStatisticsDto, PresignedUrlDto, UploadedFileDto } from './dto/media.dto';
import { ByteCounter, IncomingFile, MULTIPART_OVERHEAD_BYTES, readUpload } from './multipart-upload';
import { attachmentDisposition, byteRange } from './object-path';

const MIB = 1024 * 1024;
/** How much more room an upload reserves each time it streams past its reservation. */
const RESERVATION_STEP_BYTES = 8 * MIB;
/** How long an upload's `preview_url` works. */
const PREVIEW_SECONDS = 15 * 60;

/** Says whether an object of the company belongs to something else (a generated document's file). */
export type ObjectOwner = (companyId: string, path: string) => Promise<string | null>;
/** Told, in the delete's transaction, that an object of the company is gone (records drop it from their attachments). */
export type ObjectRemovedListener = (companyId: string, path: string) => Promise<void>;

/** An upload in flight: the room it holds, once its reservation (an object and its bytes) is had. */
interface Upload {
  companyId: string;
  path: string;
  had: boolean;
  reserved: number;
}

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
  private readonly maxUploadBytes: number;
  private readonly owners: ObjectOwner[] = [];
  private readonly removedListeners: ObjectRemovedListener[] = [];

  constructor(
    private readonly storage: StorageService,
    private readonly usage: CompanyObjectCounters,
    config: ConfigService<Environment, true>,
  ) {
    this.maxUploadBytes = config.get('UPLOAD_MAX_MB', { infer: true }) * MIB;
  }

  /** A module whose records own objects (documents) names them, so a plain delete refuses them. */
  registerOwner(owner: ObjectOwner): void {
    this.owners.push(owner);
  }

  /** A module whose records name objects (attachments) forgets them when they are deleted. */
  onObjectRemoved(listener: ObjectRemovedListener): void {
    this.removedListeners.push(listener);
  }

  /**
   * Streams the request's file part to the company's bucket (CONTRACT 22): room for it is
   * reserved first (the file's size as the body's framing tells it, else the declared length,
   * then more in steps while it streams), settled to its size in the audited commit when that
   * differs, and given back with the object removed when anything fails, the
   * client's going away included. Runs outside any transaction until that commit.
   */
  async upload(company: CompanyAccess, req: Request): Promise<StagedWrite<UploadedFileDto>> {
    this.storage.assertAvailable();
    const declared = Number(req.headers['content-length']);
    const declaredBytes = Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
    if (declaredBytes !== null && declaredBytes > this.maxUploadBytes + MULTIPART_OVERHEAD_BYTES) throw this.tooLarge();
    const companyId = company.companyId;
    const { file, reserved } = await readUpload(
      req,
      (incoming) => this.storeStream(companyId, incoming, declaredBytes),
      (stored) => this.remove(companyId, stored.file.path, stored.reserved),
    );
    return new StagedWrite(
      async () => {
        if (reserved > file.size) await this.usage.releaseBytes(companyId, reserved - file.size);
        return file;
      },
      () => this.remove(companyId, file.path, reserved),
    );
  }

  /**
   * Reserves room while the first bytes arrive (the store sees none of them before the room is
   * had: putStream waits for it), then streams the file to the store. Resolves to the file and
   * the room it holds, which the commit settles to its size.
   */
  private async storeStream(companyId: string, file: IncomingFile, declaredBytes: number | null) {
    // The file's own size when the body tells it, so the commit has nothing to settle.
    const initial = Math.min(file.expectedSize ?? declaredBytes ?? RESERVATION_STEP_BYTES, this.maxUploadBytes);
    const upload: Upload = { companyId, path: file.path, had: false, reserved: 0 };
    const reservation = this.usage.reserveObject(companyId, initial).then((reserved) => {
      if (!reserved) throw this.overLimit();
      upload.had = true;
      upload.reserved = initial;
    });
    const counter = new ByteCounter(initial, (bytes) => reservation.then(() => this.grow(upload, bytes)));
    reservation.catch((error: Error) => counter.destroy(error));
    file.body.on('error', (error) => counter.destroy(error));
    const disposition = rendersAsPage(file.contentType) ? attachmentDisposition(file.path) : undefined;
    // Signed while the store takes the file in (signing asks the store nothing).
    const preview = this.linkTo(companyId, file.path, file.contentType, PREVIEW_SECONDS);
    let size: number;
    try {
      size = await this.storage.putStream(companyId, file.path, file.body.pipe(counter), file.contentType, {
        contentDisposition: disposition,
        ready: reservation,
        expectedSize: file.expectedSize,
      });
    } catch (error) {
      // Nothing is stored: a failed upload is never completed (an unfinished multipart one is aborted).
      preview.catch(() => undefined);
      await reservation.catch(() => undefined);
      if (upload.had) await this.usage.releaseObject(companyId, upload.reserved);
      if (error instanceof AppException) throw error;
      if (counter.errored instanceof AppException) throw counter.errored;
      throw unavailable(error);
    }
    try {
      return {
        file: { path: file.path, size, content_type: file.contentType, preview_url: await preview },
        reserved: upload.reserved,
      };
    } catch (error) {
      await this.remove(companyId, file.path, upload.reserved);
      throw error;
    }
  }

  /** More room for an upload that streamed past its reservation: 413 past UPLOAD_MAX_MB, 409 past the plan. */
  private async grow(upload: Upload, bytes: number): Promise<number> {
    if (bytes > this.maxUploadBytes) throw this.tooLarge();
    const target = Math.min(Math.max(bytes, upload.reserved + RESERVATION_STEP_BYTES), this.maxUploadBytes);
    if (!(await this.usage.reserveMoreBytes(upload.companyId, target - upload.reserved))) {
      // The step may not fit where the exact bytes so far still do.
      if (!(await this.usage.reserveMoreBytes(upload.companyId, bytes - upload.reserved))) throw this.overLimit();
      upload.reserved = bytes;
      return bytes;
    }
    upload.reserved = target;
    return target;
  }

  /**
   * Deletes a file the company stored (CONTRACT 22): 404 when there is none, 409 when a record
   * owns it (a generated document: delete the document). Records that attach it drop it, and its
   * room is given back, in the delete's transaction; the object goes from the store first.
   */
  async deleteFile(company: CompanyAccess, path: string): Promise<StagedWrite<DeletedFileDto>> {
    const companyId = company.companyId;
    for (const owner of this.owners) {
      const what = await owner(companyId, path);
      if (what) throw AppException.conflict(`This file belongs to ${what}; delete that instead`);
    }
    const stat = await this.storage.statObject(companyId, path).catch((error) => {
      throw unavailable(error);
    });
    if (!stat) throw AppException.notFound('File');
    await this.storage.removeObject(companyId, path).catch((error) => {
      throw unavailable(error);
    });
    return StagedWrite.of(async () => {
      for (const listener of this.removedListeners) await listener(companyId, path);
      await this.usage.releaseObject(companyId, stat.size);
      return { path, deleted: true as const };
    });
  }

  /** A link to the company's object that works without a credential for `seconds`; 404 when there is none. */
  async presignedUrl(company: CompanyAccess, path: string, seconds: number): Promise<PresignedUrlDto> {
    const stat = await this.storage.statObject(company.companyId, path).catch((error) => {
      throw unavailable(error);
    });
    if (!stat) throw AppException.notFound('File');
    const url = await this.linkTo(company.companyId, path, stat.contentType, seconds);
    return { url, expires_at: new Date(Date.now() + seconds * 1000) };
  }

  /** A presigned GET; anything a browser would render as a page is forced to download. */
  private linkTo(companyId: string, path: string, contentType: string, seconds: number): Promise<string> {
    return this.storage.presignedGet(
      companyId,
      path,
      seconds,
      rendersAsPage(contentType) ? attachmentDisposition(path) : undefined,
    );
  }

  private tooLarge(): AppException {
    return new AppException(
      'payload_too_large',
      `A file may be at most ${this.maxUploadBytes / MIB} MiB (UPLOAD_MAX_MB)`,
    );
  }

  private overLimit(): AppException {
    return new AppException('limit_exceeded', "The file would exceed the plan's file storage limits");
  }

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
   * Gives a stored object's room back and removes it through the durable queue of store removals
   * (an upload refused mid-way or whose commit failed, a Doc row that could not be written): the
   * caller never waits on the store.
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

import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { isUUID } from 'class-validator';
import { BucketItem, Client } from 'minio';
import { CLS_REQ, ClsService } from 'nestjs-cls';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { TimeoutError, withTimeout } from '../../common/with-timeout';
import type { Environment } from '../../config/environment';
import { unreachableCode } from '../../common/unreachable';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';
import { claimDueRows, retryDelaySeconds } from '../outbox/due-rows';
import { PollingWorker } from '../outbox/polling-worker';
import type { StorageRemovalEntity } from './storage-removal.entity';
import { StreamedPut } from './streamed-put';
import { partsOf, Piece } from './upload-pieces';

export const MINIO_CLIENT = Symbol('MINIO_CLIENT');
/**
 * The client that sends files as they arrive: it signs no payload (UNSIGNED-PAYLOAD, as the
 * MinIO client does over TLS), since bytes still arriving cannot be hashed before they are sent,
 * and never sends a request twice (a streamed body cannot be).
 */
export const MINIO_STREAMING_CLIENT = Symbol('MINIO_STREAMING_CLIENT');
/** The client that signs presigned links, for MINIO_PUBLIC_ENDPOINT. */
export const MINIO_LINK_CLIENT = Symbol('MINIO_LINK_CLIENT');

/** An object's metadata as the download needs it. */
export interface StoredObject {
  size: number;
  contentType: string;
  /** The Content-Disposition stored with the object (a generated document's name), if any. */
  contentDisposition: string | null;
}

/** An upload gets its base bound plus this much per MiB (a floor of 1 MiB/s). */
const UPLOAD_MS_PER_MIB = 1000;
/** Completing a multipart upload gets its base bound plus this much per MiB of the object. */
const COMPLETE_MS_PER_MIB = 50;
/** How often each instance looks for due removals (a queued one is tried at once). */
const REMOVALS_POLL_MS = 5000;
/** Removals one round claims at a time. */
const REMOVALS_BATCH = 20;
/** Seconds before each retry of a removal the store refused; the last step repeats. */
const REMOVAL_RETRY_SECONDS = [5, 30, 300, 1800, 3600];
/**
 * A streamed upload's part: the one piece of it in memory at a time. S3's smallest part is 5 MiB;
 * a stream shorter than one part goes in one PUT.
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** Where a request keeps the instant its storage calls must be done by (one deadline per request). */
const DEADLINE = 'storage:deadline';

/** The store is known to be down (or did not answer within the request's deadline). */
export class StorageUnavailableError extends Error {
  constructor(message = 'Object storage is unavailable') {
    super(message);
    this.name = 'StorageUnavailableError';
  }
}

export type StorageState = 'up' | 'down';

/** How putStream stores a stream. */
export interface StreamOptions {
  /** The Content-Disposition its downloads carry. */
  contentDisposition?: string;
  /** Resolves when the store may see the stream's bytes (the caller's reservation); they are read meanwhile. */
  ready?: Promise<void>;
  /** The length the stream is expected to have, if known: under a part, it is sent as it arrives. */
  expectedSize?: number;
}

/**
 * Object storage through the MinIO client: one bucket per company. A request's storage calls
 * share one deadline, STORAGE_TIMEOUT_MS from its first call (an upload gets one more second
 * per MiB; a download's body is cut when it stalls that long). A call that finds the store
 * unreachable or silent marks it down: from then on every call fails at once with
 * StorageUnavailableError (503 to clients) instead of waiting, and a probe in the background
 * marks it up again when it answers. Never call it inside a database transaction: see
 * docs/storage.md.
 */
@Injectable()
export class StorageService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StorageService');
  private readonly bucketPrefix: string;
  private readonly timeoutMs: number;
  private current: StorageState = 'up';
  private probe?: NodeJS.Timeout;
  private readonly removals: PollingWorker;

  constructor(
    @Inject(MINIO_CLIENT) private readonly client: Client,
    @Inject(MINIO_LINK_CLIENT) private readonly linkClient: Client,
    @Inject(MINIO_STREAMING_CLIENT) private readonly streamingClient: Client,
    config: ConfigService<Environment, true>,
    private readonly cls: ClsService,
    private readonly db: Db,
  ) {
    this.bucketPrefix = config.get('MINIO_BUCKET_PREFIX', { infer: true });
    this.timeoutMs = config.get('STORAGE_TIMEOUT_MS', { infer: true }) ?? 5000;
    this.removals = new PollingWorker('StorageRemovals', cls, REMOVALS_POLL_MS, () => this.drainRemovals());
  }

  /** Removals queued before a restart (or by an instance that stopped) are taken up at once. */
  onApplicationBootstrap(): void {
    this.removals.start();
    this.removals.nudge();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.probe);
    await this.removals.stop();
  }

  /** What the last call (or probe) found: `down` from a failure to answer until an answer. */
  get state(): StorageState {
    return this.current;
  }

  /** Fails at once when the store is known to be down: for work that must not start without it. */
  assertAvailable(): void {
    if (this.current === 'down') throw new StorageUnavailableError();
  }

  bucketOf(companyId: string): string {
    return `${this.bucketPrefix}${companyId}`.toLowerCase();
  }

  /** What every company's bucket name starts with (bucketOf's prefix, lowercase). */
  get companyBucketPrefix(): string {
    return this.bucketOf('');
  }

  /** The company whose bucket `name` is (bucketOf's inverse); null when no company's bucket has that name. */
  companyOfBucket(name: string): string | null {
    const companyId = name.slice(this.companyBucketPrefix.length);
    return isUUID(companyId) && this.bucketOf(companyId) === name ? companyId : null;
  }

  /** Whether the company's bucket exists; null when the store does not answer (or is known down). */
  async bucketExists(companyId: string): Promise<boolean | null> {
    try {
      return await this.bounded(() => this.client.bucketExists(this.bucketOf(companyId)), 'bucketExists');
    } catch (error) {
      if (error instanceof StorageUnavailableError) return null;
      throw error;
    }
  }

  async ensureBucket(companyId: string): Promise<string> {
    const bucket = this.bucketOf(companyId);
    if (!(await this.bounded(() => this.client.bucketExists(bucket), 'bucketExists'))) {
      // Made concurrently (company creation makes it in the background) is made.
      await this.bounded(() => this.client.makeBucket(bucket), 'makeBucket').catch((error: unknown) => {
        const code = (error as { code?: unknown }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
      });
    }
    return bucket;
  }

  /**
   * Stores `size` bytes read from `body` (destroyed when the store does not finish in time), with
   * its type and, when given, the Content-Disposition its downloads carry.
   */
  async putObject(
    companyId: string,
    path: string,
    body: Readable | Buffer,
    size: number,
    contentType: string,
    contentDisposition?: string,
  ) {
    try {
      const bucket = await this.ensureBucket(companyId);
      const extra = Math.ceil(size / (1024 * 1024)) * UPLOAD_MS_PER_MIB;
      const headers = {
        'Content-Type': contentType,
        ...(contentDisposition && { 'Content-Disposition': contentDisposition }),
      };
      await this.bounded(() => this.client.putObject(bucket, path, body, size, headers), 'putObject', extra);
    } catch (error) {
      if (!Buffer.isBuffer(body)) body.destroy();
      throw error;
    }
  }

  /**
   * Stores a stream of unknown length in parts (memory holds two parts, whatever the file's
   * size: one being sent while the next fills): a short stream in one PUT, a longer one as a
   * multipart upload, aborted when the stream or the store fails. Nothing reaches the store
   * before `ready` (the caller's reservation) resolves; the stream is read meanwhile. A stream
   * expected to be shorter than a part goes in one PUT as it arrives (putAsItArrives). Each
   * store call has its own bound (STORAGE_TIMEOUT_MS plus a second per MiB), never the time the
   * client takes to send: a slow client does not make the store look down. Resolves to the
   * bytes stored; on failure, nothing is left stored.
   */
  async putStream(
    companyId: string,
    path: string,
    body: AsyncIterable<Buffer>,
    contentType: string,
    { contentDisposition, ready, expectedSize }: StreamOptions = {},
  ): Promise<number> {
    const bucket = this.bucketOf(companyId);
    const headers = {
      'Content-Type': contentType,
      ...(contentDisposition && { 'Content-Disposition': contentDisposition }),
    };
    if (expectedSize === undefined || expectedSize >= UPLOAD_PART_BYTES)
      return this.putInParts(companyId, bucket, path, headers, body, ready);
    const streamed = { opened: false };
    try {
      const stored = await this.putAsItArrives(companyId, bucket, path, headers, body, expectedSize, ready, streamed);
      return typeof stored === 'number'
        ? stored
        : await this.putInParts(companyId, bucket, path, headers, stored, ready);
    } catch (error) {
      // A PUT cut short leaves nothing in S3 or MinIO, but a partial file in the embedded store.
      if (streamed.opened) await this.removeObject(companyId, path).catch(() => this.removeLater(companyId, path));
      throw error;
    }
  }

  /**
   * A stream expected to be `expected` bytes, under a part, is sent as it arrives: once `ready`,
   * one PUT of that length is opened and fed each chunk (see StreamedPut). Its chunks are kept
   * meanwhile (under a part), so a stream that ends at another length is sent again whole, in one
   * PUT of its real length; one that reaches a part's length is handed back, from its first byte,
   * for putInParts.
   */
  private async putAsItArrives(
    companyId: string,
    bucket: string,
    path: string,
    headers: Record<string, string>,
    body: AsyncIterable<Buffer>,
    expected: number,
    ready: Promise<void> | undefined,
    streamed: { opened: boolean },
  ): Promise<number | AsyncIterable<Buffer>> {
    const chunks: Buffer[] = [];
    let received = 0;
    let ended = false;
    let put = null as StreamedPut | null;
    const opened = Promise.resolve(ready).then(() => {
      if (ended) return;
      put = this.openPut(bucket, path, headers, expected);
      streamed.opened = true;
      // What came before the room was had; offering stops at a chunk past the length.
      chunks.every((chunk) => put!.offer(chunk));
    });
    // A failed reservation fails the stream too: it is seen at the await below, or there.
    opened.catch(() => undefined);
    const iterator = body[Symbol.asyncIterator]();
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        chunks.push(next.value);
        received += next.value.length;
        if (received >= UPLOAD_PART_BYTES) {
          put?.abandon();
          return continued(chunks, iterator);
        }
        put?.offer(next.value);
      }
      ended = true;
      await opened;
    } catch (error) {
      put?.abandon();
      throw error;
    }
    const bound = Math.ceil(received / (1024 * 1024)) * UPLOAD_MS_PER_MIB;
    if (put?.finish()) {
      try {
        await this.bounded(() => put!.sent, 'putObject', bound, true);
        return received;
      } catch (error) {
        put.abandon();
        if ((error as { code?: string }).code !== 'NoSuchBucket') throw error;
      }
    }
    await this.inBucket(companyId, () => {
      const whole = this.openPut(bucket, path, headers, received);
      streamed.opened = true;
      for (const chunk of chunks) whole.offer(chunk);
      whole.finish();
      return this.bounded(() => whole.sent, 'putObject', bound, true).catch((error: unknown) => {
        whole.abandon();
        throw error;
      });
    });
    return received;
  }

  /** One PUT of `length` bytes, unsigned, its body fed through the StreamedPut. */
  private openPut(bucket: string, path: string, headers: Record<string, string>, length: number): StreamedPut {
    return new StreamedPut(length, async (body) => {
      const answer = await this.streamingClient.makeRequestStreamAsync(
        {
          method: 'PUT',
          bucketName: bucket,
          objectName: path,
          headers: { ...headers, 'Content-Length': String(length) },
        },
        body,
        '',
        [200],
        '',
      );
      await finished(answer.resume());
    });
  }

  /** putStream's way for a stream of unknown length: one PUT under a part, else a multipart upload. */
  private async putInParts(
    companyId: string,
    bucket: string,
    path: string,
    headers: Record<string, string>,
    body: AsyncIterable<Buffer>,
    ready: Promise<void> | undefined,
  ): Promise<number> {
    const parts = partsOf(body, UPLOAD_PART_BYTES, this.client.enableSHA256);
    // partsOf always yields a first piece (an empty one for an empty stream).
    const head = (await parts.next()).value as Piece;
    const second = await parts.next();
    await ready;
    if (second.done) {
      await this.inBucket(companyId, () =>
        this.bounded(
          () => this.send({ method: 'PUT', bucketName: bucket, objectName: path, headers }, head),
          'putObject',
          partBound(head),
          true,
        ),
      );
      return head.length;
    }
    const uploadId = await this.inBucket(companyId, () =>
      this.bounded(
        () => this.client.initiateNewMultipartUpload(bucket, path, headers),
        'initiateNewMultipartUpload',
        0,
        true,
      ),
    );
    try {
      let size = 0;
      const etags: Array<{ part: number; etag: string }> = [];
      const sendPart = async (part: Piece) => {
        const partNumber = etags.length + 1;
        const answer = await this.bounded(
          () =>
            this.send(
              {
                method: 'PUT',
                bucketName: bucket,
                objectName: path,
                query: `uploadId=${uploadId}&partNumber=${partNumber}`,
                headers: {},
              },
              part,
            ),
          'uploadPart',
          partBound(part),
          true,
        );
        etags.push({ part: partNumber, etag: String(answer.headers.etag ?? '').replace(/^"|"$/g, '') });
        size += part.length;
      };
      // The next part fills while the current one is sent (the other of partsOf's two buffers).
      // A failed send is seen at its await; until then it must not count as unhandled.
      const sent = (part: Piece) => sendPart(part).catch((error: unknown) => ({ error }));
      let sending = sent(head);
      let next: IteratorResult<Piece> = second;
      while (!next.done) {
        await settled(sending);
        sending = sent(next.value);
        next = await parts.next();
      }
      await settled(sending);
      // The store joins the parts: its bound grows with the object (a GiB on s3rver takes seconds).
      await this.bounded(
        () => this.client.completeMultipartUpload(bucket, path, uploadId, etags),
        'completeMultipartUpload',
        Math.ceil(size / (1024 * 1024)) * COMPLETE_MS_PER_MIB,
        true,
      );
      return size;
    } catch (error) {
      // Its parts would otherwise stay in the store, unseen and uncounted.
      await this.bounded(
        () => this.client.abortMultipartUpload(bucket, path, uploadId),
        'abortMultipartUpload',
        0,
        true,
      ).catch((failure: unknown) =>
        this.logger.warn({ err: failure, company_id: companyId, path }, 'Could not abort an unfinished upload'),
      );
      throw error;
    }
  }

  /**
   * One PUT of a piece, signed with the SHA-256 taken as its bytes arrived. The client's own
   * putObject would copy the piece and hash it twice more (MD5 too, unused over plain HTTP):
   * a third of an upload's processor time.
   */
  private async send(request: StoreRequest, piece: Piece): Promise<IncomingMessage> {
    const answer = await this.client.makeRequestStreamAsync(
      { ...request, headers: { ...request.headers, 'Content-Length': String(piece.length) } },
      piece.chunks.length === 1 ? piece.chunks[0] : Readable.from(piece.chunks, { objectMode: false }),
      piece.sha256,
      [200],
      '',
    );
    await finished(answer.resume());
    return answer;
  }

  /**
   * The first call of a write into the company's bucket, which exists from the company's creation:
   * no round trip asks first; a bucket found missing is made and the call made again.
   */
  private async inBucket<T>(companyId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if ((error as { code?: string }).code !== 'NoSuchBucket') throw error;
      await this.ensureBucket(companyId);
      return call();
    }
  }

  /**
   * Removes the object now (a delete the client waits for); a missing object is already gone.
   */
  async removeObject(companyId: string, path: string): Promise<void> {
    const bucket = this.bucketOf(companyId);
    try {
      await this.bounded(() => this.client.removeObject(bucket, path), 'removeObject');
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /**
   * A link that GETs the object without a credential for `seconds` (S3 query signature, made
   * offline for the address clients reach); `disposition` overrides the answer's
   * Content-Disposition.
   */
  presignedGet(companyId: string, path: string, seconds: number, disposition?: string): Promise<string> {
    return this.linkClient.presignedGetObject(
      this.bucketOf(companyId),
      path,
      seconds,
      disposition ? { 'response-content-disposition': disposition } : {},
    );
  }

  /** The object's size, type and stored Content-Disposition, or null when there is none (or no bucket). */
  async statObject(companyId: string, path: string): Promise<StoredObject | null> {
    try {
      const stat = await this.bounded(() => this.client.statObject(this.bucketOf(companyId), path), 'statObject');
      return {
        size: stat.size,
        contentType: (stat.metaData?.['content-type'] as string | undefined) ?? 'application/octet-stream',
        contentDisposition: (stat.metaData?.['content-disposition'] as string | undefined) ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The object's bytes, whole or from `offset` for `length` bytes; cut when it stalls. */
  async getObject(companyId: string, path: string, range?: { offset: number; length: number }): Promise<Readable> {
    const bucket = this.bucketOf(companyId);
    const body = await this.bounded(
      () =>
        range
          ? this.client.getPartialObject(bucket, path, range.offset, range.length)
          : this.client.getObject(bucket, path),
      'getObject',
    );
    (body as IncomingMessage).setTimeout?.(this.timeoutMs, () =>
      body.destroy(new Error(`Object storage stalled for ${this.timeoutMs} ms`)),
    );
    return body;
  }

  /**
   * Queues the object's removal in the database (in the caller's transaction, when it has one)
   * and removes it in the background, never holding up the caller: at once when the store is
   * up, else when it answers again. Any instance may do it; a crash or restart loses nothing.
   */
  async removeLater(companyId: string, path: string): Promise<void> {
    await this.db.affected(sql`INSERT INTO storage_removals (company_id, path) VALUES (${companyId}, ${path})`);
    this.removals.nudge();
  }

  /** Removes the company's bucket with every object in it; a missing bucket is already gone. */
  async removeBucket(companyId: string): Promise<void> {
    const bucket = this.bucketOf(companyId);
    if (!(await this.bounded(() => this.client.bucketExists(bucket), 'bucketExists'))) return;
    for (;;) {
      const names = await this.bounded(() => this.someNames(bucket, 1000), 'listObjectsV2');
      if (names.length === 0) break;
      await this.bounded(() => this.client.removeObjects(bucket, names), 'removeObjects');
    }
    await this.bounded(() => this.client.removeBucket(bucket), 'removeBucket');
  }

  /**
   * The call's result within what is left of the request's deadline (a call outside a request
   * gets a whole STORAGE_TIMEOUT_MS, plus `extraMs`; so does one with `ownBound`, a part of a
   * long upload). A store that does not answer in time, or
   * cannot be reached, is marked down; one that answers (even with an error) is up.
   */
  private async bounded<T>(work: () => Promise<T>, call: string, extraMs = 0, ownBound = false): Promise<T> {
    if (this.current === 'down') throw new StorageUnavailableError();
    const remaining = (ownBound ? this.timeoutMs : this.remainingMs()) + extraMs;
    if (remaining <= 0) throw new StorageUnavailableError('Object storage: the request ran out of time for it');
    try {
      const result = await withTimeout(work(), remaining, `Object storage (${call})`);
      this.markUp();
      return result;
    } catch (error) {
      if (error instanceof TimeoutError || unreachable(error)) {
        this.markDown(error);
        throw new StorageUnavailableError(error instanceof Error ? error.message : undefined);
      }
      this.markUp();
      throw error;
    }
  }

  /** What is left of the request's storage deadline, set by its first call; a whole bound outside requests. */
  private remainingMs(): number {
    if (!this.cls.isActive() || !this.cls.get(CLS_REQ)) return this.timeoutMs;
    let deadline = this.cls.get<number | undefined>(DEADLINE);
    if (deadline === undefined) {
      deadline = Date.now() + this.timeoutMs;
      this.cls.set(DEADLINE, deadline);
    }
    return deadline - Date.now();
  }

  private markDown(error: unknown): void {
    if (this.current === 'down') return;
    this.current = 'down';
    this.logger.error({ err: error }, 'Object storage marked down; storage calls fail at once until it answers');
    this.scheduleProbe();
  }

  private markUp(): void {
    if (this.current === 'up') return;
    this.current = 'up';
    clearTimeout(this.probe);
    this.logger.log('Object storage answers again');
    this.removals.nudge();
  }

  /**
   * Works through the due removals while the store answers. A removed (or already missing)
   * object's row goes; one the store refused is retried later; while the store is down, the
   * claimed rows wait out their lease.
   */
  private async drainRemovals(): Promise<void> {
    // A lease outlasts one bounded call: the batch's removals run side by side.
    const leaseSeconds = Math.ceil(this.timeoutMs / 1000) + 5;
    while (this.current === 'up') {
      const claimed = await claimDueRows<StorageRemovalEntity>(
        this.db,
        'storage_removals',
        REMOVALS_BATCH,
        leaseSeconds,
      );
      await Promise.all(claimed.map((removal) => this.removeQueued(removal)));
      if (claimed.length < REMOVALS_BATCH) return;
    }
  }

  private async removeQueued({ id, company_id: companyId, path, attempts }: StorageRemovalEntity): Promise<void> {
    try {
      await this.bounded(() => this.client.removeObject(this.bucketOf(companyId), path), 'removeObject');
    } catch (error) {
      if (error instanceof StorageUnavailableError) return;
      if (!isMissing(error)) {
        const retryIn = retryDelaySeconds(attempts, REMOVAL_RETRY_SECONDS);
        this.logger.error(
          { err: error, company_id: companyId, path },
          `Could not remove an object; retrying in ${retryIn} s`,
        );
        await this.db.affected(
          sql`UPDATE storage_removals SET next_attempt_at = now() + make_interval(secs => ${retryIn}) WHERE id = ${id}`,
        );
        return;
      }
    }
    await this.db.affected(sql`DELETE FROM storage_removals WHERE id = ${id}`);
  }

  /** While down: a bucket listing every STORAGE_TIMEOUT_MS (at least 1 s) until one answers. */
  private scheduleProbe(): void {
    clearTimeout(this.probe);
    this.probe = setTimeout(
      () =>
        void withTimeout(this.client.listBuckets(), this.timeoutMs, 'Object storage (listBuckets)').then(
          () => this.markUp(),
          () => this.current === 'down' && this.scheduleProbe(),
        ),
      Math.max(this.timeoutMs, 1000),
    );
    this.probe.unref();
  }

  /** Up to `max` object names of the bucket: the purge removes a bucket in batches, never listing it whole. */
  private someNames(bucket: string, max: number): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const names: string[] = [];
      const stream = this.client.listObjectsV2(bucket, '', true);
      const done = () => {
        stream.destroy();
        resolve(names);
      };
      stream.on('data', (item: BucketItem) => {
        if (item.name) names.push(item.name);
        if (names.length >= max) done();
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(names));
    });
  }
}

type StoreRequest = Parameters<Client['makeRequestStreamAsync']>[0];

/** The chunks already read, then the rest of the iterator's. */
async function* continued(chunks: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* chunks;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** Throws what a send caught (kept as a value so it never counts as an unhandled rejection meanwhile). */
async function settled(sending: Promise<void | { error: unknown }>): Promise<void> {
  const outcome = await sending;
  if (outcome) throw outcome.error;
}

/** A second per MiB of the part on top of the base bound. */
const partBound = (part: Piece) => Math.ceil(part.length / (1024 * 1024)) * UPLOAD_MS_PER_MIB;

function unreachable(error: unknown): boolean {
  return unreachableCode((error as { code?: unknown } | null)?.code);
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket';
}

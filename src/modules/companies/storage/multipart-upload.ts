import busboy from 'busboy';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable, Transform, TransformCallback } from 'node:stream';
import { AppException } from '../../../core/http/app.exception';
import { SNIFF_BYTES, sniffContentType } from './content-sniffing';

/** The `tag` values an upload may carry: the folder its object goes to (CONTRACT 22). */
export const UPLOAD_TAGS = ['invoices', 'avatars', 'attachments', 'reports'] as const;
export type UploadTag = (typeof UPLOAD_TAGS)[number];

/** Room a multipart body takes besides the file (boundaries, part headers, a tag). */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/**
 * How much a stage between the request and the store may hold before it waits for the next to
 * drain. At the streams' default (16 KiB, a quarter of one socket read) every chunk stops the
 * flow for a turn of the event loop.
 */
const FLOWING_BYTES = 256 * 1024;
/** How much of a body's start is kept to find where its file part's bytes begin. */
const FRAMING_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The file part as it starts streaming: where it goes, what it is, its bytes (the sniffed head first). */
export interface IncomingFile {
  path: string;
  contentType: string;
  body: Readable;
  /** Its size if the body ends as clients end one (see fileSizeFromFraming); unknown without a Content-Length. */
  expectedSize?: number;
}

/** The object's extension from the client's file name: 1 to 10 letters or digits, lower-cased; else `.bin`. */
export function extensionOf(fileName: string | undefined): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName ?? '');
  return match ? `.${match[1].toLowerCase()}` : '.bin';
}

/** `<tag>/<uuid><.ext>`, or `<uuid><.ext>` without a tag: never the client's own path. */
export function uploadPath(tag: UploadTag | undefined, fileName: string | undefined): string {
  const name = `${randomUUID()}${extensionOf(fileName)}`;
  return tag ? `${tag}/${name}` : name;
}

/**
 * The file part's size, told before its bytes arrive from the body's declared length and its
 * framing: the bytes before the file (`start`, the body's first bytes up to the file part's
 * headers and beyond) and the closing delimiter clients put after it (`\r\n--boundary--\r\n`).
 * `partsBefore` parts precede it. Undefined when the framing is not found in `start`. A guess
 * that a body ending otherwise makes wrong: its user must check it against the bytes that come.
 */
export function fileSizeFromFraming(
  start: Buffer,
  boundary: string,
  partsBefore: number,
  declaredLength: number,
): number | undefined {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body, with no line break before it.
  const framed = Buffer.concat([CRLF, start]);
  let at = -delimiter.length;
  for (let part = 0; part <= partsBefore; part++) {
    at = framed.indexOf(delimiter, at + delimiter.length);
    if (at < 0) return undefined;
  }
  const headersEnd = framed.indexOf(HEADERS_END, at + delimiter.length);
  if (headersEnd < 0) return undefined;
  const fileStart = headersEnd + HEADERS_END.length - CRLF.length;
  const size = declaredLength - fileStart - (delimiter.length + '--\r\n'.length);
  return size >= 0 ? size : undefined;
}

/** The boundary a multipart Content-Type names, quoted or not. */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const invalid = (field: string, message: string) =>
  AppException.validation([{ field, message }], `Invalid upload: ${field} ${message}`);

/**
 * Reads a `multipart/form-data` request as it arrives: an optional `tag` field, then one `file`
 * part, handed to `store` as a stream that starts with its sniffed first bytes. Whatever else the
 * body holds (another part, a second file, a tag after the file) is refused with 400 once the body
 * is read, and what `store` stored is handed to `discard`. Nothing is buffered beyond
 * SNIFF_BYTES and the streams' high-water marks (FLOWING_BYTES); the body's first FRAMING_BYTES
 * are looked at, until the file part starts, to tell its size.
 */
export function readUpload<T>(
  req: Request,
  store: (file: IncomingFile) => Promise<T>,
  discard: (stored: T) => Promise<void>,
): Promise<T> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw invalid('body', 'must be multipart/form-data');
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fieldSize: 256, fields: 2, files: 2, parts: 4 } });
    } catch {
      return reject(invalid('body', 'must be multipart/form-data with a boundary'));
    }
    let tag: UploadTag | undefined;
    let partsSeen = 0;
    let finished = false;
    let stored: Promise<T> | undefined;
    let refusal: AppException | undefined;
    const refuse = (error: AppException) => (refusal ??= error);

    parser.on('field', (name, value) => {
      partsSeen++;
      if (name !== 'tag') return refuse(invalid(name, 'is not a part of an upload (file, tag)'));
      if (stored) return refuse(invalid('tag', 'must come before the file part'));
      if (value !== '' && !(UPLOAD_TAGS as readonly string[]).includes(value))
        return refuse(invalid('tag', `must be one of ${UPLOAD_TAGS.join(', ')}, or empty`));
      tag = (value || undefined) as UploadTag | undefined;
    });
    parser.on('file', (name, stream, info) => {
      const partsBefore = partsSeen++;
      if (name !== 'file') {
        refuse(invalid(name, 'is not a part of an upload (file, tag)'));
        return stream.resume();
      }
      if (stored || refusal) {
        if (stored) refuse(invalid('file', 'must be one file'));
        return stream.resume();
      }
      const path = uploadPath(tag, info.filename);
      const expectedSize = framing.sizeOfFile(partsBefore);
      stored = sniffed(stream, info.mimeType, path).then((file) => store({ ...file, expectedSize }));
      // A failed store answers at once; the rest of the body is read and dropped so the connection stays usable.
      stored.catch((error: unknown) => {
        if (finished) return;
        finished = true;
        reject(error);
        req.unpipe(parser);
        stream.unpipe();
        stream.resume();
        req.resume();
      });
    });
    parser.on('partsLimit', () => refuse(invalid('body', 'has too many parts')));
    parser.on('filesLimit', () => refuse(invalid('file', 'must be one file')));
    parser.on('fieldsLimit', () => refuse(invalid('body', 'has too many fields')));
    parser.on('error', (error: Error) => {
      refuse(invalid('body', `is not a well-formed multipart body (${error.message})`));
      finish();
    });
    parser.on('close', () => finish());

    const finish = () => {
      if (finished) return;
      finished = true;
      if (!stored) return reject(refusal ?? invalid('file', 'is required'));
      stored.then(
        (result) => (refusal ? discard(result).finally(() => reject(refusal)) : resolve(result)),
        (error: unknown) => reject(refusal ?? error),
      );
    };
    req.on('aborted', () => parser.destroy(new Error('The client went away mid-upload')));
    // Sees each chunk before the parser does: the file part's headers are in it when the parser names the file.
    const framing = new BodyStart(req, type);
    req.pipe(parser);
  });
}

/** The body's first bytes as they arrive, kept (up to FRAMING_BYTES) until the file part's size is told from them. */
class BodyStart {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private readonly declaredLength: number;
  private readonly boundary: string | undefined;
  private readonly keep = (chunk: Buffer) => {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes > FRAMING_BYTES) this.stop();
  };

  constructor(
    private readonly req: Request,
    contentType: string,
  ) {
    this.declaredLength = Number(req.headers['content-length']);
    this.boundary = boundaryOf(contentType);
    if (Number.isSafeInteger(this.declaredLength) && this.boundary) req.on('data', this.keep);
  }

  /** The size of the file that is the body's part after `partsBefore` others (fileSizeFromFraming); undefined when unknown. */
  sizeOfFile(partsBefore: number): number | undefined {
    const start = this.chunks.length > 0 ? Buffer.concat(this.chunks) : null;
    this.stop();
    return start ? fileSizeFromFraming(start, this.boundary!, partsBefore, this.declaredLength) : undefined;
  }

  private stop(): void {
    this.req.off('data', this.keep);
    this.chunks = [];
  }
}

/** The part's stream, after its first bytes are read and its content type told from them. */
function sniffed(stream: Readable, claimed: string, path: string): Promise<IncomingFile> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const begin = () => {
      stream.off('data', onData);
      stream.off('end', begin);
      stream.off('error', reject);
      stream.pause();
      const head = Buffer.concat(chunks);
      const body = new PassThrough({ highWaterMark: FLOWING_BYTES });
      body.write(head);
      stream.on('error', (error) => body.destroy(error));
      stream.pipe(body);
      stream.resume();
      resolve({ path, contentType: sniffContentType(head, claimed, extensionOfPath(path)), body });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) begin();
    };
    stream.on('data', onData);
    stream.on('end', begin);
    stream.on('error', reject);
  });
}

const extensionOfPath = (path: string) => path.slice(path.lastIndexOf('.'));

/**
 * Counts the bytes passing through; `onGrow` is awaited (holding the stream back) each time the
 * count passes what was allowed so far, and says how far it may go now, or fails the stream.
 */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(
    private allowed: number,
    private readonly onGrow: (bytes: number, allowed: number) => Promise<number>,
  ) {
    super({ highWaterMark: FLOWING_BYTES });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes <= this.allowed) return done(null, chunk);
    this.onGrow(this.bytes, this.allowed).then(
      (allowed) => {
        this.allowed = allowed;
        done(null, chunk);
      },
      (error: Error) => done(error),
    );
  }
}

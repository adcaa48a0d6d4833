/** S3 allows 1024 bytes of key; generated paths are far shorter. */
export const MAX_OBJECT_PATH_BYTES = 1024;

/**
 * Why `path` cannot name an object of the company's bucket, or null when it can. The bucket
 * already confines a request to its company; these rules refuse what could mean something else
 * to a store, a proxy or a file system on the way (docs/storage.md).
 */
export function objectPathError(path: string): string | null {
  if (path.length === 0) return 'must not be empty';
  if (Buffer.byteLength(path, 'utf8') > MAX_OBJECT_PATH_BYTES) return `must be at most ${MAX_OBJECT_PATH_BYTES} bytes`;
  if (path.startsWith('/')) return 'must not start with /';
  if (path.includes('\\')) return 'must not contain a backslash';
  if (path.includes('..')) return 'must not contain ..';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(path)) return 'must not contain control characters';
  if (/[\ud800-\udfff]/.test(path.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) return 'must be valid text';
  return null;
}

/**
 * An attachment Content-Disposition for a file name (or an object path's last segment): an
 * ASCII `filename` for old clients (anything else becomes `_`) and the exact name as RFC 5987
 * `filename*` (RFC 6266 section 4.3).
 */
export function attachmentDisposition(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\;%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The one range of a `Range: bytes=…` header, or null to send the whole object (no header, a
 * multi-range or unsatisfiable one: RFC 9110 lets a server ignore Range).
 */
export function byteRange(header: string | undefined, size: number): { offset: number; length: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start > end || start >= size) return null;
  return { offset: start, length: end - start + 1 };
}

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

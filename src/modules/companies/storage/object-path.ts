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

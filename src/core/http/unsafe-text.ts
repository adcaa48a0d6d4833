/**
 * Text PostgreSQL cannot store: NUL (refused in text and jsonb) and half of a UTF-16 surrogate
 * pair (no UTF-8 encoding exists for it).
 */
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_TEXT_GLOBAL = new RegExp(UNSAFE_TEXT.source, 'g');

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL or unpaired surrogate characters';

export function hasUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/** The text with each unsafe character replaced by U+FFFD, for records that must always write. */
export function withSafeText(text: string): string {
  return text.replace(UNSAFE_TEXT_GLOBAL, '\ufffd');
}

/**
 * The dotted paths (`metadata.note.1`) of every string in a parsed JSON value or query object
 * holding unsafe text, in a key or a value (a bad key is reported at its parent). Iterative, so a
 * deep document cannot overflow the stack.
 */
export function unsafeTextFields(value: unknown): string[] {
  const fields = new Set<string>();
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (hasUnsafeText(node)) fields.add(path || 'body');
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (hasUnsafeText(key)) fields.add(path || 'body');
        else pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return [...fields].sort();
}

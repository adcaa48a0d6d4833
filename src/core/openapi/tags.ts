/**
 * The tags of the document and their descriptions, declared by the modules (`declareTag` in
 * each module's `<m>.vocabulary.ts`, loaded by src/vocabulary.ts); a tag used without one fails
 * the lint.
 */
const declared = new Map<string, string>();

/** Declares a tag of the document with its description, once. */
export function declareTag(name: string, description: string): void {
  if (declared.has(name)) throw new Error(`The OpenAPI tag '${name}' is declared twice`);
  declared.set(name, description);
}

export const tagDescription = (name: string): string | undefined => declared.get(name);

/**
 * The permission catalog (CONTRACT 6) as the modules declare it: each module lists its codes in
 * its `<m>.vocabulary.ts` with `declarePermissions`, src/vocabulary.ts merges them, and the
 * catalog in the database follows the merged declarations at start-up (PermissionCatalogSync).
 * Core names no code itself.
 */
export interface PermissionDeclaration {
  /** The lowest plan level (pricing_plans.lvl) that grants the code. */
  lvl: number;
  /** 1 (harmless) to 10 (destructive): the audit record's criticality. */
  criticality: number;
  /** Whether a company whose plan has expired may still use it. */
  allow_expired: boolean;
  description: string;
}

export type PermissionDeclarations = Readonly<Record<string, PermissionDeclaration>>;

/** A module's codes, kept literal so that PermissionCode knows each of them. */
export const declarePermissions = <const T extends PermissionDeclarations>(codes: T): T => codes;

/**
 * Every declared code as a key: src/vocabulary.ts extends this interface with the merged
 * declarations (declaration merging), so core knows the union without importing a module.
 */
export interface DeclaredPermissionCodes {}

/** A code of the catalog: a route declaring a code that no module declares fails to compile. */
export type PermissionCode = keyof DeclaredPermissionCodes & string;

export class PermissionDto {
  /** Dotted permission code, module first. */
  code: string;
  /** The cheapest plan level that has the permission: available on every plan whose lvl is at most this (1 is the richest plan). */
  lvl: number;
  /** Importance of the operation, 1 to 10. */
  criticality: number;
  /** Whether the permission still works after the company's plan has ended. */
  allow_expired: boolean;
}

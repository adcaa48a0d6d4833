export class PermissionDto {
  /** Dotted permission code, module first. */
  code: string;
  /** Minimum plan level at which the permission is available. */
  lvl: number;
  /** Importance of the operation, 1 to 10. */
  criticality: number;
  /** Whether the permission still works after the company's plan has ended. */
  allow_expired: boolean;
}

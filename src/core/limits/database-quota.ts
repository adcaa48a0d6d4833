/**
 * Whether a company is over its plan's `limit_db_mb`. Core declares it; the companies module,
 * which can measure a company's rows, implements it (docs/storage.md, "Database limit").
 */
export abstract class DatabaseQuota {
  abstract exceeded(companyId: string): Promise<boolean>;
}

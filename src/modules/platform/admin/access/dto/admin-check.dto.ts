/** What the console reads to decide what it shows (Kroncl's `GET /admin/check`). */
export class AdminCheckDto {
  is_admin: boolean;
  /** 1 to 5 (5 the highest). */
  admin_level: number;
  account_id: string;
}

export class AdminHealthDto {
  /** The administrator who asked. */
  account_id: string;
}

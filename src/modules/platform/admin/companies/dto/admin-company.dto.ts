import { ApiProperty } from '@nestjs/swagger';
/** A company as the console shows it: its own columns, none of its data (CONTRACT 5). */
export class AdminCompanyDto {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  avatar_url: string | null;
  is_public: boolean;
  email: string | null;
  region: string | null;
  site: string | null;
  owner_id: string;
  /** The current plan's code. */
  plan_code: string;
  plan_expires_at: Date;
  created_at: Date;
  updated_at: Date;
  /**
   * The company's storage, in the Kroncl values: always `active`, as the console lists no company
   * being deleted (its tables are the shared schema's, its bucket is made with it).
   */
  @ApiProperty({ enum: ['active'] })
  storage_status: string;
  /** True: the company can store (storage_status `active`). */
  storage_ready: boolean;
  /** `public`: every company lives in the one shared schema. */
  schema_name: string;
}

/** A member of the company, with the account's administrator standing (0: none). */
export class AdminCompanyAccountDto {
  account_id: string;
  name: string;
  email: string;
  status: string;
  avatar_url: string | null;
  /** owner, admin or guest. */
  role_code: string;
  joined_at: Date;
  is_admin: boolean;
  admin_level: number;
}

import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';
import type { PermissionDto } from './permission.dto';

@Injectable()
export class PermissionCatalogRepository {
  constructor(private readonly db: Db) {}

  listAll(): Promise<PermissionDto[]> {
    return this.db.rows(sql`SELECT code, lvl, criticality, allow_expired FROM permissions ORDER BY code`);
  }
}

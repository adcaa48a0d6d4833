import { Injectable } from '@nestjs/common';
import { Db, InjectDb } from '../../database/transaction-host';
import type { PermissionDto } from './permission.dto';

@Injectable()
export class PermissionCatalogRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  listAll(): Promise<PermissionDto[]> {
    return this.db.tx.query(`SELECT code, lvl, criticality, allow_expired FROM permissions ORDER BY code`);
  }
}

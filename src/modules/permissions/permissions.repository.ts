import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PermissionDto } from './dto/permission.dto';

@Injectable()
export class PermissionsRepository {
  constructor(private readonly db: DataSource) {}

  listAll(): Promise<PermissionDto[]> {
    return this.db.query(`SELECT code, lvl, criticality, allow_expired FROM permissions ORDER BY code`);
  }
}

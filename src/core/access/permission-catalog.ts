import { Injectable } from '@nestjs/common';
import { PermissionDto } from './dto/permission.dto';
import { PermissionsRepository } from './permissions.repository';

/**
 * The catalog changes only with a deploy (it is seeded by migrations), so it is read once
 * and kept in memory.
 */
@Injectable()
export class PermissionsService {
  private catalog?: Promise<PermissionDto[]>;

  constructor(private readonly permissions: PermissionsRepository) {}

  list(): Promise<PermissionDto[]> {
    this.catalog ??= this.permissions.listAll().catch((error: unknown) => {
      this.catalog = undefined;
      throw error;
    });
    return this.catalog;
  }
}

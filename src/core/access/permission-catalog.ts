import { Injectable } from '@nestjs/common';
import { PermissionCatalogRepository } from './permission-catalog.repository';
import { PermissionDto } from './permission.dto';

/**
 * The permission catalog (CONTRACT 6). It changes only with a deploy (migrations seed it),
 * so it is read once per process and every permission check is answered from memory.
 */
@Injectable()
export class PermissionCatalog {
  private loading?: Promise<Map<string, PermissionDto>>;

  constructor(private readonly repository: PermissionCatalogRepository) {}

  async list(): Promise<PermissionDto[]> {
    return [...(await this.byCode()).values()];
  }

  async get(code: string): Promise<PermissionDto | undefined> {
    return (await this.byCode()).get(code);
  }

  byCode(): Promise<Map<string, PermissionDto>> {
    this.loading ??= this.repository
      .listAll()
      .then((rows) => new Map(rows.map((row) => [row.code, row])))
      .catch((error: unknown) => {
        this.loading = undefined;
        throw error;
      });
    return this.loading;
  }
}

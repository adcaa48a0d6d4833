import { Injectable } from '@nestjs/common';
import { LoadedOnce } from '../cache/loaded-once';
import { PermissionCatalogRepository } from './permission-catalog.repository';
import { PermissionDto } from './permission.dto';

/**
 * The permission catalog (CONTRACT 6). It changes only with a deploy (migrations seed it),
 * so it is read once per process and every permission check is answered from memory.
 */
@Injectable()
export class PermissionCatalog {
  private readonly catalog: LoadedOnce<Map<string, PermissionDto>>;

  constructor(repository: PermissionCatalogRepository) {
    this.catalog = new LoadedOnce(async () => new Map((await repository.listAll()).map((row) => [row.code, row])));
  }

  async list(): Promise<PermissionDto[]> {
    return [...(await this.byCode()).values()];
  }

  async get(code: string): Promise<PermissionDto | undefined> {
    return (await this.byCode()).get(code);
  }

  byCode(): Promise<Map<string, PermissionDto>> {
    return this.catalog.get();
  }
}

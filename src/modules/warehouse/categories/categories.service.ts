import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../core/access/company-access';
import { AppException, conflictOnDuplicate, found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import { CategoriesRepository } from './categories.repository';
import { CatalogStatus } from './category.entity';
import { CategoryDto, CreateCategoryDto, ListCategoriesQueryDto, UpdateCategoryDto } from './dto/category.dto';

const DUPLICATE_NAME = { catalog_categories_company_id_name_key: 'A category with this name already exists' };

@Injectable()
export class CategoriesService {
  constructor(private readonly categories: CategoriesRepository) {}

  list(company: CompanyAccess, query: ListCategoriesQueryDto): Promise<Page<CategoryDto>> {
    return this.categories.list(company.companyId, query);
  }

  async get(company: CompanyAccess, id: string): Promise<CategoryDto> {
    return found(await this.categories.findOne(company.companyId, id), 'Category');
  }

  async create(company: CompanyAccess, dto: CreateCategoryDto): Promise<CategoryDto> {
    if (dto.parent_id) await this.requireParent(company.companyId, dto.parent_id);
    return conflictOnDuplicate(this.categories.create(company.companyId, dto), DUPLICATE_NAME);
  }

  async update(company: CompanyAccess, id: string, dto: UpdateCategoryDto): Promise<CategoryDto> {
    if (dto.parent_id) {
      await this.categories.lockTree(company.companyId);
      await this.requireParent(company.companyId, dto.parent_id);
      if (await this.categories.inSubtree(company.companyId, id, dto.parent_id)) {
        throw AppException.validation([
          { field: 'parent_id', message: 'must not be the category itself or one of its descendants' },
        ]);
      }
    }
    return found(
      await conflictOnDuplicate(this.categories.update(company.companyId, id, dto), DUPLICATE_NAME),
      'Category',
    );
  }

  async setStatus(company: CompanyAccess, id: string, status: CatalogStatus): Promise<CategoryDto> {
    return found(await this.categories.setStatus(company.companyId, id, status), 'Category');
  }

  /** 400 unless `parentId` is a category of the company (another company's reads as unknown). */
  private async requireParent(companyId: string, parentId: string): Promise<void> {
    if (!(await this.categories.exists(companyId, parentId))) {
      throw AppException.validation([{ field: 'parent_id', message: 'must be a category of this company' }]);
    }
  }
}

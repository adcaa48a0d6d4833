import { Injectable } from '@nestjs/common';
import { StatusCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, conflictOnDuplicate, found } from '../../../../../core/http/app.exception';
import { CatalogCategoriesRepository } from './categories.repository';
import {} from './category.entity';
import { CatalogCategoryDto, CreateCatalogCategoryDto, UpdateCatalogCategoryDto } from './dto/category.dto';

const DUPLICATE_NAME = { catalog_categories_company_id_name_key: 'A category with this name already exists' };

@Injectable()
export class CatalogCategoriesService extends StatusCompanyRecords<CatalogCategoriesRepository> {
  constructor(private readonly categories: CatalogCategoriesRepository) {
    super(categories, 'Category');
  }

  async create(company: CompanyAccess, dto: CreateCatalogCategoryDto): Promise<CatalogCategoryDto> {
    if (dto.parent_id) await this.requireParent(company.companyId, dto.parent_id);
    return conflictOnDuplicate(this.categories.create(company.companyId, dto), DUPLICATE_NAME);
  }

  async update(company: CompanyAccess, id: string, dto: UpdateCatalogCategoryDto): Promise<CatalogCategoryDto> {
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

  /** 400 unless `parentId` is a category of the company (another company's reads as unknown). */
  private async requireParent(companyId: string, parentId: string): Promise<void> {
    if (!(await this.categories.exists(companyId, parentId))) {
      throw AppException.validation([{ field: 'parent_id', message: 'must be a category of this company' }]);
    }
  }
}

import { Injectable } from '@nestjs/common';
import { EditableCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, found } from '../../../../../core/http/app.exception';
import { CategoriesRepository } from './categories.repository';
import { CategoryDeletedDto, CategoryDto, UpdateCategoryDto } from './dto/category.dto';

@Injectable()
export class CategoriesService extends EditableCompanyRecords<CategoriesRepository> {
  constructor(private readonly categories: CategoriesRepository) {
    super(categories, 'Category');
  }

  /** Runs in the company-creating transaction (CompanyLifecycle). */
  createSystemCategories(companyId: string): Promise<void> {
    return this.categories.createSystemCategories(companyId);
  }

  async getBySlug(company: CompanyAccess, slug: string): Promise<CategoryDto> {
    return found(await this.categories.findBySlug(company.companyId, slug), 'Category');
  }

  /**
   * System categories never change (409). A used category keeps its direction (409), so every
   * transaction's category stays of the transaction's direction.
   */
  async update(company: CompanyAccess, id: string, dto: UpdateCategoryDto): Promise<CategoryDto> {
    const category = await this.lockChangeable(company, id);
    if (
      dto.direction !== undefined &&
      dto.direction !== category.direction &&
      (await this.categories.isUsed(company.companyId, id))
    ) {
      throw AppException.conflict('A category used by transactions cannot change its direction');
    }
    return (await this.categories.update(company.companyId, id, dto))!;
  }

  /** System categories and categories used by any transaction cannot be deleted (409). */
  async delete(company: CompanyAccess, id: string): Promise<CategoryDeletedDto> {
    await this.lockChangeable(company, id);
    if (await this.categories.isUsed(company.companyId, id)) {
      throw AppException.conflict('A category used by transactions cannot be deleted');
    }
    await this.categories.delete(company.companyId, id);
    return { category_id: id, deleted: true };
  }

  /** The category, locked against transactions being written to it; 409 for a system one. */
  private async lockChangeable(company: CompanyAccess, id: string): Promise<CategoryDto> {
    const category = found(await this.categories.locked(company.companyId, id, 'update'), 'Category');
    if (category.system) throw AppException.conflict('System categories cannot be changed or deleted');
    return category;
  }
}

import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources, TextParams } from '../../../../../core/access/company-route.decorators';
import { RecordRoutes } from '../../../../../core/http/record-routes';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { CategoriesService } from './categories.service';
import { TransactionCategoryEntity } from './category.entity';
import {
  CategoryDeletedDto,
  CategoryDto,
  CreateCategoryDto,
  ListCategoriesQueryDto,
  UpdateCategoryDto,
} from './dto/category.dto';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/transactions/categories')
@CompanyResources({ categoryId: TransactionCategoryEntity })
export class TransactionCategoriesController extends RecordRoutes({
  service: CategoriesService,
  param: 'categoryId',
  permission: 'fm.transactions.categories',
  answer: CategoryDto,
  list: {
    key: 'categories',
    query: ListCategoriesQueryDto,
    summary: 'Transaction categories: system ones first, then by name',
  },
  create: { body: CreateCategoryDto, summary: 'Create a category; its slug is category-<id>' },
  get: { summary: 'One category' },
  update: {
    body: UpdateCategoryDto,
    summary: 'Change a category; system categories: 409; a used one cannot change direction (409)',
  },
  delete: { answer: CategoryDeletedDto, summary: 'Delete a category; system or used by a transaction: 409' },
}) {
  constructor(private readonly categories: CategoriesService) {
    super(categories);
  }

  /** The category with this slug (e.g. credit, dept, deal-income, deal-expense) */
  @Get('slug/:slug')
  @Endpoint({ permission: 'fm.transactions.categories', answer: CategoryDto })
  @TextParams('slug')
  getCategoryBySlug(@CurrentCompany() company: CompanyAccess, @Param('slug') slug: string) {
    return this.categories.getBySlug(company, slug);
  }
}

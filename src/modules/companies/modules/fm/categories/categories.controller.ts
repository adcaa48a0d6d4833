import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources, TextParams } from '../../../../../core/access/company-route.decorators';
import { CategoriesService } from './categories.service';
import { TransactionCategoryEntity } from './category.entity';
import {
  CategoryDeletedDto,
  CategoryDto,
  CreateCategoryDto,
  ListCategoriesQueryDto,
  UpdateCategoryDto,
} from './dto/category.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/transactions/categories')
@CompanyResources({ categoryId: TransactionCategoryEntity })
export class TransactionCategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** Transaction categories: system ones first, then by name */
  @Get()
  @Endpoint({ permission: 'fm.transactions.categories', page: ['categories', CategoryDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCategoriesQueryDto) {
    return this.categories.list(company, query);
  }

  /** The category with this slug (e.g. credit, dept, deal-income, deal-expense) */
  @Get('slug/:slug')
  @Endpoint({ permission: 'fm.transactions.categories', answer: CategoryDto })
  @TextParams('slug')
  getCategoryBySlug(@CurrentCompany() company: CompanyAccess, @Param('slug') slug: string) {
    return this.categories.getBySlug(company, slug);
  }

  @Post()
  @Endpoint({
    permission: 'fm.transactions.categories.create',
    summary: 'Create a category; its slug is category-<id>',
    answer: CategoryDto,
    status: HttpStatus.CREATED,
  })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCategoryDto) {
    return this.categories.create(company, body);
  }

  /** One category */
  @Get(':categoryId')
  @Endpoint({ permission: 'fm.transactions.categories', answer: CategoryDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.get(company, id);
  }

  /** Change a category; system categories: 409; a used one cannot change direction (409) */
  @Patch(':categoryId')
  @Endpoint({ permission: 'fm.transactions.categories.update', answer: CategoryDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string, @Body() body: UpdateCategoryDto) {
    return this.categories.update(company, id, body);
  }

  /** Delete a category; system or used by a transaction: 409 */
  @Delete(':categoryId')
  @Endpoint({ permission: 'fm.transactions.categories.delete', answer: CategoryDeletedDto })
  delete(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.delete(company, id);
  }
}

import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission, TextParams } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
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
export class TransactionCategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @RequirePermission('fm.transactions.categories')
  @ApiOperation({ summary: 'Transaction categories: system ones first, then by name' })
  @ApiPage('categories', CategoryDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCategoriesQueryDto) {
    return this.categories.list(company, query);
  }

  @Get('slug/:slug')
  @RequirePermission('fm.transactions.categories')
  @TextParams('slug')
  @ApiOperation({ summary: 'The category with this slug (e.g. credit, dept, deal-income, deal-expense)' })
  @ApiEnvelope(CategoryDto)
  getCategoryBySlug(@CurrentCompany() company: CompanyAccess, @Param('slug') slug: string) {
    return this.categories.getBySlug(company, slug);
  }

  @Post()
  @RequirePermission('fm.transactions.categories.create')
  @ApiOperation({ summary: 'Create a category; its slug is category-<id>' })
  @ApiEnvelope(CategoryDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCategoryDto) {
    return this.categories.create(company, body);
  }

  @Get(':categoryId')
  @RequirePermission('fm.transactions.categories')
  @ApiOperation({ summary: 'One category' })
  @ApiEnvelope(CategoryDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.get(company, id);
  }

  @Patch(':categoryId')
  @RequirePermission('fm.transactions.categories.update')
  @ApiOperation({
    summary: 'Change a category; system categories: 409; a used one cannot change direction (409)',
  })
  @ApiEnvelope(CategoryDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string, @Body() body: UpdateCategoryDto) {
    return this.categories.update(company, id, body);
  }

  @Delete(':categoryId')
  @RequirePermission('fm.transactions.categories.delete')
  @ApiOperation({ summary: 'Delete a category; system or used by a transaction: 409' })
  @ApiEnvelope(CategoryDeletedDto)
  delete(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.delete(company, id);
  }
}

import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { CategoriesService } from './categories.service';
import { CatalogCategoryEntity } from './category.entity';
import { CategoryDto, CreateCategoryDto, ListCategoriesQueryDto, UpdateCategoryDto } from './dto/category.dto';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/catalog/categories')
@CompanyResources({ categoryId: CatalogCategoryEntity })
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @RequirePermission('wm.catalog.categories')
  @ApiOperation({ summary: 'Catalog categories by name, filtered by status, parent and search' })
  @ApiPage('categories', CategoryDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCategoriesQueryDto) {
    return this.categories.list(company, query);
  }

  @Post()
  @RequirePermission('wm.catalog.categories.create')
  @ApiOperation({ summary: 'Create a category (name unique within the company: 409)' })
  @ApiEnvelope(CategoryDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCategoryDto) {
    return this.categories.create(company, body);
  }

  @Get(':categoryId')
  @RequirePermission('wm.catalog.categories')
  @ApiOperation({ summary: 'One category' })
  @ApiEnvelope(CategoryDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.get(company, id);
  }

  @Patch(':categoryId')
  @RequirePermission('wm.catalog.categories.update')
  @ApiOperation({
    summary: 'Change a category; a parent that is the category itself or one of its descendants is 400',
  })
  @ApiEnvelope(CategoryDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string, @Body() body: UpdateCategoryDto) {
    return this.categories.update(company, id, body);
  }

  @Post(':categoryId/activate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('wm.catalog.categories.update')
  @ApiOperation({ summary: 'Make the category active (no change if it already is)' })
  @ApiEnvelope(CategoryDto)
  activate(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.setStatus(company, id, 'active');
  }

  @Post(':categoryId/deactivate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('wm.catalog.categories.update')
  @ApiOperation({ summary: 'Make the category inactive (no change if it already is)' })
  @ApiEnvelope(CategoryDto)
  deactivate(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.setStatus(company, id, 'inactive');
  }
}

import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { CatalogCategoriesService } from './categories.service';
import { CatalogCategoryEntity } from './category.entity';
import {
  CatalogCategoryDto,
  CreateCatalogCategoryDto,
  ListCatalogCategoriesQueryDto,
  UpdateCatalogCategoryDto,
} from './dto/category.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { StatusRoutes } from '../../../../../core/http/status-routes';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/catalog/categories')
@CompanyResources({ categoryId: CatalogCategoryEntity })
export class CatalogCategoriesController extends StatusRoutes({
  param: 'categoryId',
  permission: 'wm.catalog.categories.update',
  answer: CatalogCategoryDto,
  routes: {
    activate: { status: 'active', summary: 'Make the category active (no change if it already is)' },
    deactivate: { status: 'inactive', summary: 'Make the category inactive (no change if it already is)' },
  },
}) {
  constructor(private readonly categories: CatalogCategoriesService) {
    super();
  }

  /** Catalog categories by name, filtered by status, parent and search */
  @Get()
  @Endpoint({ permission: 'wm.catalog.categories', page: ['categories', CatalogCategoryDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCatalogCategoriesQueryDto) {
    return this.categories.list(company, query);
  }

  /** Create a category (name unique within the company: 409) */
  @Post()
  @Endpoint({ permission: 'wm.catalog.categories.create', answer: CatalogCategoryDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCatalogCategoryDto) {
    return this.categories.create(company, body);
  }

  /** One category */
  @Get(':categoryId')
  @Endpoint({ permission: 'wm.catalog.categories', answer: CatalogCategoryDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('categoryId') id: string) {
    return this.categories.get(company, id);
  }

  /** Change a category; a parent that is the category itself or one of its descendants is 400 */
  @Patch(':categoryId')
  @Endpoint({ permission: 'wm.catalog.categories.update', answer: CatalogCategoryDto })
  update(
    @CurrentCompany() company: CompanyAccess,
    @Param('categoryId') id: string,
    @Body() body: UpdateCatalogCategoryDto,
  ) {
    return this.categories.update(company, id, body);
  }

  setStatus(company: CompanyAccess, id: string, status: Parameters<CatalogCategoriesService['setStatus']>[2]) {
    return this.categories.setStatus(company, id, status);
  }
}

import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { activation, RecordRoutes } from '../../../../../core/http/record-routes';
import { CatalogCategoriesService } from './categories.service';
import { CatalogCategoryEntity } from './category.entity';
import {
  CatalogCategoryDto,
  CreateCatalogCategoryDto,
  ListCatalogCategoriesQueryDto,
  UpdateCatalogCategoryDto,
} from './dto/category.dto';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/catalog/categories')
@CompanyResources({ categoryId: CatalogCategoryEntity })
export class CatalogCategoriesController extends RecordRoutes({
  service: CatalogCategoriesService,
  param: 'categoryId',
  permission: 'wm.catalog.categories',
  answer: CatalogCategoryDto,
  list: {
    key: 'categories',
    query: ListCatalogCategoriesQueryDto,
    summary: 'Catalog categories by name, filtered by status, parent and search',
  },
  create: { body: CreateCatalogCategoryDto, summary: 'Create a category (name unique within the company: 409)' },
  get: { summary: 'One category' },
  update: {
    body: UpdateCatalogCategoryDto,
    summary: 'Change a category; a parent that is the category itself or one of its descendants is 400',
  },
  transitions: activation('category'),
}) {}

import { Injectable } from '@nestjs/common';
import { StatusCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, found } from '../../../../../core/http/app.exception';
import { CatalogCategoriesRepository } from '../categories/categories.repository';
import {} from '../categories/category.entity';
import { CreateUnitDto, UnitDto, UpdateUnitDto } from './dto/unit.dto';
import { STOCK_SETTINGS, unitProblems, UnitSettings } from './unit-rules';
import { UnitsRepository } from './units.repository';

@Injectable()
export class UnitsService extends StatusCompanyRecords<UnitsRepository> {
  constructor(
    private readonly units: UnitsRepository,
    private readonly categories: CatalogCategoriesRepository,
  ) {
    super(units, 'Unit');
  }

  async create(company: CompanyAccess, dto: CreateUnitDto): Promise<UnitDto> {
    const unit = {
      tracking_detail: null,
      tracked_type: null,
      purchase_price: null,
      ...withoutUndefined(dto),
    } as CreateUnitDto & UnitSettings;
    await this.requireValid(company.companyId, unit, dto.category_id);
    return this.units.create(company.companyId, unit);
  }

  /**
   * Applies the change to the locked unit: the rules hold for the unit as it would be (400), and
   * its stock settings stay while it has stock (409). Stock batches lock the same row, so no
   * batch can add stock between the check and the change.
   */
  async update(company: CompanyAccess, id: string, dto: UpdateUnitDto): Promise<UnitDto> {
    const current = found(await this.units.findForUpdate(company.companyId, id), 'Unit');
    const changed = { ...current, ...withoutUndefined(dto) };
    await this.requireValid(company.companyId, changed, dto.category_id);
    const settingsChange = STOCK_SETTINGS.some((field) => changed[field] !== current[field]);
    if (settingsChange && (await this.units.hasStock(company.companyId, id))) {
      throw AppException.conflict('The stock settings cannot change while the unit has stock');
    }
    return this.units.update(company.companyId, id, dto);
  }

  private async requireValid(companyId: string, unit: UnitSettings, categoryId: string | undefined): Promise<void> {
    const problems = unitProblems(unit);
    if (categoryId !== undefined && !(await this.categories.exists(companyId, categoryId))) {
      problems.push({ field: 'category_id', message: 'must be a category of this company' });
    }
    if (problems.length > 0) throw AppException.validation(problems);
  }
}

/** The fields that were sent. */
function withoutUndefined<T extends object>(dto: T): Partial<T> {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined)) as Partial<T>;
}

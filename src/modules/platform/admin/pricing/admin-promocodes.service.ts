import { Injectable } from '@nestjs/common';
import { AppException } from '../../../../core/http/app.exception';
import { PlanCatalog, PromocodeAnswer, PromocodeFields, Promocodes } from '../../../companies/plans/plans.face';
import type { CreatePromocodeDto, UpdatePromocodeDto } from './dto/admin-promocode.dto';

/** The console's promocodes (CONTRACT 21): Kroncl's `plan_id` is the plan's code. */
@Injectable()
export class AdminPromocodesService {
  constructor(
    private readonly promocodes: Promocodes,
    private readonly plans: PlanCatalog,
  ) {}

  async create(dto: CreatePromocodeDto): Promise<PromocodeAnswer> {
    const fields = await this.fields(dto);
    return this.promocodes.create({
      ...fields,
      code: dto.code,
      plan_code: dto.plan_id,
      trial_period_days: dto.trial_period_days,
    });
  }

  async update(id: string, dto: UpdatePromocodeDto): Promise<PromocodeAnswer> {
    return this.promocodes.update(id, await this.fields(dto));
  }

  private async fields(dto: UpdatePromocodeDto): Promise<PromocodeFields> {
    if (dto.plan_id !== undefined && !(await this.plans.byCode(dto.plan_id))) {
      throw AppException.validation([{ field: 'plan_id', message: 'is not a plan code' }]);
    }
    if (dto.expires_at && new Date(dto.expires_at).getTime() <= Date.now()) {
      throw AppException.validation([{ field: 'expires_at', message: 'must be in the future' }]);
    }
    return {
      code: dto.code,
      plan_code: dto.plan_id,
      trial_period_days: dto.trial_period_days,
      max_uses: dto.max_uses,
      expires_at: dto.expires_at === undefined || dto.expires_at === null ? dto.expires_at : new Date(dto.expires_at),
      active: dto.active,
    };
  }
}

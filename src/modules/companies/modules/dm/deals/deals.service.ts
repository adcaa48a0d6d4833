import { Injectable } from '@nestjs/common';
import { RecordAttachments } from '../../../../../core/attachments/record-attachments';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, FieldError, found, invalidOnVanishedReference } from '../../../../../core/http/app.exception';
import { Page } from '../../../../../core/pagination/page';
import { ClientReferences } from '../../crm/crm.face';
import { EmployeeReferences } from '../../hrm/hrm.face';
import { WarehouseReferences } from '../../wm/warehouse.face';
import { DealStatusesRepository } from '../statuses/statuses.repository';
import { DealTypesRepository } from '../types/types.repository';
import { DEAL_RECORDS, DealsRepository } from './deals.repository';
import type {
  CreateDealDto,
  DealGroupDto,
  DealDto,
  DealPositionChangeDto,
  DealPositionInputDto,
  ListDealsQueryDto,
  UpdateDealDto,
} from './dto/deal.dto';

/** What a deal body may refer to: rows of the same company, else 400 naming the field (CONTRACT 12). */
type References = Pick<UpdateDealDto, 'type_id' | 'client_id' | 'status_id' | 'employees'> & {
  positions?: Array<{ unit_id?: string | null; position_id?: string | null }>;
};

/** What the check says of a reference the company does not have. */
const NOT_OF_COMPANY = {
  type_id: { field: 'type_id', message: 'must be a deal type of this company' },
  status_id: { field: 'status_id', message: 'must be a deal status of this company' },
  client_id: { field: 'client_id', message: 'must be a client of this company' },
} satisfies Record<string, FieldError>;

/** The check's answers, by the foreign key (migration Deals) that refuses the row once the reference is gone. */
export const VANISHED_REFERENCES: Record<string, FieldError> = {
  FK_9f4940b272094c747c51af9243b: NOT_OF_COMPANY.type_id,
  FK_d71dbeb8cad96add8094e8eef66: NOT_OF_COMPANY.status_id,
  FK_7a1770366da1de36b1efc628073: NOT_OF_COMPANY.client_id,
  FK_3ddb8a46aa56fb0d78756bb26fe: { field: 'employees', message: 'must be active employees of this company' },
};

/** SQLSTATE of a failed CHECK: here deal_positions_one_reference_check, after a change of one reference. */
const CHECK_VIOLATION = '23514';

@Injectable()
export class DealsService {
  constructor(
    private readonly deals: DealsRepository,
    private readonly types: DealTypesRepository,
    private readonly statuses: DealStatusesRepository,
    private readonly clients: ClientReferences,
    private readonly employees: EmployeeReferences,
    private readonly warehouse: WarehouseReferences,
    private readonly attachments: RecordAttachments,
  ) {}

  list(company: CompanyAccess, query: ListDealsQueryDto): Promise<Page<DealDto> | DealGroupDto[]> {
    return query.group_by === 'status'
      ? this.deals.board(company.companyId, query)
      : this.deals.list(company.companyId, query);
  }

  async get(company: CompanyAccess, id: string): Promise<DealDto> {
    return found(await this.deals.findOne(company.companyId, id), 'Deal');
  }

  /** Its attachments are checked in the store first, outside the transaction that writes the deal. */
  create(company: CompanyAccess, dto: CreateDealDto): Promise<StagedWrite<DealDto>> {
    return this.attachments.staged(company.companyId, DEAL_RECORDS, dto.attachments, () =>
      invalidOnVanishedReference(this.createChecked(company, dto), VANISHED_REFERENCES),
    );
  }

  update(company: CompanyAccess, id: string, dto: UpdateDealDto): Promise<StagedWrite<DealDto>> {
    return this.attachments.staged(company.companyId, DEAL_RECORDS, dto.attachments, () =>
      invalidOnVanishedReference(this.updateChecked(company, id, dto), VANISHED_REFERENCES),
    );
  }

  /** Deletes the deal with its lines, employees and its list of files (which stay); its transactions stay, without the deal. */
  async delete(company: CompanyAccess, id: string): Promise<void> {
    found((await this.deals.delete(company.companyId, id)) || null, 'Deal');
    await this.attachments.detachAll(company.companyId, DEAL_RECORDS, id);
  }

  private async createChecked(company: CompanyAccess, dto: CreateDealDto): Promise<DealDto> {
    const companyId = company.companyId;
    await this.checkReferences(companyId, dto);
    const id = await this.deals.create(companyId, {
      comment: dto.comment ?? null,
      type_id: dto.type_id ?? null,
      client_id: dto.client_id ?? null,
      status_id: dto.status_id ?? (await this.statuses.findDefault(companyId)).id,
    });
    if (dto.employees?.length) await this.deals.replaceEmployees(companyId, id, dto.employees);
    if (dto.positions?.length) {
      await this.deals.addPositions(companyId, id, dto.positions);
      await this.deals.refreshTotal(id);
    }
    return this.get(company, id);
  }

  private async updateChecked(company: CompanyAccess, id: string, dto: UpdateDealDto): Promise<DealDto> {
    const companyId = company.companyId;
    await this.checkReferences(companyId, dto);
    found((await this.deals.update(companyId, id, dto)) || null, 'Deal');
    if (dto.employees) await this.deals.replaceEmployees(companyId, id, dto.employees);
    if (dto.positions) await this.changePositions(companyId, id, dto.positions);
    return this.get(company, id);
  }

  /**
   * Applies a PATCH's line changes to this deal only: every `id` must be a line of this deal
   * (400 naming it otherwise, never touching another deal's lines), listed once; then removals,
   * changes and additions, and the total recomputed, all in the request's transaction.
   */
  private async changePositions(companyId: string, dealId: string, lines: DealPositionChangeDto[]): Promise<void> {
    const problems: FieldError[] = [];
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      if (line.delete && line.id === undefined) problems.push({ field: `positions.${i}.delete`, message: 'needs id' });
      if (line.id === undefined) return;
      if (seen.has(line.id)) problems.push({ field: `positions.${i}.id`, message: 'is listed more than once' });
      seen.add(line.id);
    });
    const own = await this.deals.positionsOf(dealId, [...seen]);
    lines.forEach((line, i) => {
      if (line.id !== undefined && !own.has(line.id)) {
        problems.push({ field: `positions.${i}.id`, message: 'must be a position of this deal' });
      }
    });
    if (problems.length > 0) throw AppException.validation(problems);

    await this.deals.deletePositions(
      dealId,
      lines.filter((line) => line.id !== undefined && line.delete).map((line) => line.id!),
    );
    for (const [i, line] of lines.entries()) {
      if (line.id === undefined || line.delete) continue;
      await this.deals.changePosition(dealId, line).catch((error: { code?: string }) => {
        if (error.code !== CHECK_VIOLATION) throw error;
        throw AppException.validation([
          {
            field: `positions.${i}.unit_id`,
            message: 'a line names a catalog unit or a stock position, not both: send the other as null',
          },
        ]);
      });
    }
    // The DTO requires name, price and quantity of a line without id.
    const added = lines.filter((line) => line.id === undefined) as DealPositionInputDto[];
    await this.deals.addPositions(companyId, dealId, added);
    await this.deals.refreshTotal(dealId);
  }

  /** 400 naming every field that refers to a row this company does not have (warehouse rows through WarehouseReferences). */
  private async checkReferences(companyId: string, dto: References): Promise<void> {
    const problems: FieldError[] = [];
    if (dto.type_id && !(await this.types.exists(companyId, dto.type_id))) {
      problems.push(NOT_OF_COMPANY.type_id);
    }
    if (dto.status_id && !(await this.statuses.findOne(companyId, dto.status_id))) {
      problems.push(NOT_OF_COMPANY.status_id);
    }
    if (dto.client_id && !(await this.clients.findOne(companyId, dto.client_id))) {
      problems.push(NOT_OF_COMPANY.client_id);
    }
    if (dto.employees?.length) {
      const active = await this.employees.activeAmong(companyId, dto.employees);
      dto.employees.forEach((id, i) => {
        if (!active.has(id))
          problems.push({ field: `employees.${i}`, message: 'must be an active employee of this company' });
      });
    }
    for (const [i, line] of (dto.positions ?? []).entries()) {
      if (line.unit_id && !(await this.warehouse.unitBelongs(companyId, line.unit_id))) {
        problems.push({ field: `positions.${i}.unit_id`, message: 'must be a catalog unit of this company' });
      }
      if (line.position_id && !(await this.warehouse.positionBelongs(companyId, line.position_id))) {
        problems.push({ field: `positions.${i}.position_id`, message: 'must be a stock position of this company' });
      }
    }
    if (problems.length > 0) throw AppException.validation(problems);
  }
}

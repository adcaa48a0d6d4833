import { IsOptional, IsUUID } from 'class-validator';
import { OneOf } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { TICKET_STATUSES, type TicketStatus } from '../../../../companies/modules/support/support.face';

export class ListDeskTicketsQueryDto extends PageQueryDto {
  @OneOf(TICKET_STATUSES, { optional: true })
  status?: TicketStatus;

  @IsOptional()
  @IsUUID()
  company_id?: string;

  /** The administrator answering the tickets. */
  @IsOptional()
  @IsUUID()
  assigned_admin_id?: string;
}

export class AssignTicketDto {
  /** The administrator to answer it; the caller when left out. */
  @IsOptional()
  @IsUUID()
  admin_id?: string;
}

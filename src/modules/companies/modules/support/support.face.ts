/**
 * What other modules may use of support (docs/architecture.md, "Module faces").
 */
export { CreateMessageDto, DeskMessageDto, DeskTicketDto, MessageDto } from './dto/support.dto';
export { SupportDesk } from './support-desk';
export { SupportModule } from './support.module';
export { TICKET_STATUSES, type TicketStatus } from './ticket.entity';

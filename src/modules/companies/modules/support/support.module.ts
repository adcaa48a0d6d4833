import { Module } from '@nestjs/common';
import { MessagesController } from './messages.controller';
import { SupportDesk } from './support-desk';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';
import { TicketsController } from './tickets.controller';

/** Support: tickets and messages, answered by administrators as technical support (spec 4.4, CONTRACT 8). See docs/support.md. */
@Module({
  controllers: [TicketsController, MessagesController],
  providers: [SupportService, SupportRepository, SupportDesk],
  exports: [SupportDesk],
})
export class SupportModule {}

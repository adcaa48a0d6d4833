import { Module } from '@nestjs/common';
import { AdminMailController } from './admin-mail.controller';

/** The console's view of the mail outbox (core's global MailOutbox). */
@Module({ controllers: [AdminMailController] })
export class AdminMailModule {}

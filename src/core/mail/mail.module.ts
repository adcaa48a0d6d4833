import { Global, Module } from '@nestjs/common';
import { MailOutbox } from './mail-outbox';
import { MailSender } from './mail-sender';
import { MailerService } from './mailer.service';

/** Global: any module queues mail in its change's transaction through MailOutbox. */
@Global()
@Module({ providers: [MailerService, MailOutbox, MailSender], exports: [MailOutbox] })
export class MailModule {}

import { Controller, Get, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { UuidParam } from '../../../../core/http/validation';
import { Post } from '../../../../core/http/verbs';
import { MailOutbox } from '../../../../core/mail/mail-outbox';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { ListMailQueryDto, MailMessageDto } from './dto/admin-mail.dto';

@ApiTags('Admin')
@Controller('admin/mail')
export class AdminMailController {
  constructor(private readonly outbox: MailOutbox) {}

  /** The mail outbox, newest first */
  @Get()
  @AdminRoute(4)
  @Endpoint({ page: ['messages', MailMessageDto] })
  list(@Query() query: ListMailQueryDto) {
    const { status, kind, recipient } = query;
    return this.outbox.list({ status, kind, recipient }, query);
  }

  /** Queue a failed message again, due at once; its attempts count on */
  @Post(':messageId/retry')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(4, { action: 'mail.retry' })
  @Endpoint({ answer: MailMessageDto, errors: { conflict: 'the message is pending or sent, not failed' } })
  retry(@UuidParam('messageId') messageId: string) {
    return this.outbox.retry(messageId);
  }
}

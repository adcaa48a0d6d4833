import { Global, Module } from '@nestjs/common';
import { RecordAttachments } from './record-attachments';

/** The files records name (CONTRACT 22): one mechanism for every module whose records take `attachments`. */
@Global()
@Module({
  providers: [RecordAttachments],
  exports: [RecordAttachments],
})
export class AttachmentsModule {}

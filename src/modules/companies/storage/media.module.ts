import { Module } from '@nestjs/common';
import { RecordAttachments } from '../../../core/attachments/record-attachments';
import { CompaniesModule } from '../companies/companies.face';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';

/** The company's files: statistics, download, and storing within plan limits (spec 4.9). See docs/storage.md. */
@Module({
  imports: [CompaniesModule],
  controllers: [MediaController],
  providers: [MediaService],
  exports: [MediaService],
})
export class MediaModule {
  constructor(media: MediaService, attachments: RecordAttachments) {
    // A deleted file leaves every record that named it, in the delete's transaction (CONTRACT 22).
    media.onObjectRemoved((companyId, path) => attachments.forgetFile(companyId, path));
  }
}

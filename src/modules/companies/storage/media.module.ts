import { Module } from '@nestjs/common';
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
export class MediaModule {}

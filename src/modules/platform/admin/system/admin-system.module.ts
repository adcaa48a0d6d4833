import { Module } from '@nestjs/common';
import { AccountsModule } from '../../../account/accounts/accounts.face';
import { LogsModule } from '../../../companies/modules/logs/logs.face';
import { AdminSystemController } from './admin-system.controller';
import { MediaBuckets } from './media-buckets';
import { Schemas } from './schemas';
import { Snapshots } from './snapshots';
import { SystemFigures } from './system-figures';

/** The console's db, server, media and clientele pages, and the snapshots behind their history. */
@Module({
  imports: [AccountsModule, LogsModule],
  controllers: [AdminSystemController],
  providers: [SystemFigures, Snapshots, Schemas, MediaBuckets],
  exports: [Snapshots, SystemFigures],
})
export class AdminSystemModule {}

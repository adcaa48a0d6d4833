import { Module } from '@nestjs/common';
import { AccountsModule } from '../../../account/accounts/accounts.face';
import { AdminSystemController } from './admin-system.controller';
import { Snapshots } from './snapshots';
import { SystemFigures } from './system-figures';

/** The console's db, server, media and clientele pages, and the snapshots behind their history. */
@Module({
  imports: [AccountsModule],
  controllers: [AdminSystemController],
  providers: [SystemFigures, Snapshots],
  exports: [Snapshots],
})
export class AdminSystemModule {}

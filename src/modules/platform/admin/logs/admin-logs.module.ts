import { Module } from '@nestjs/common';
import { AdminSystemModule } from '../system/admin-system.module';
import { AdminLogsController } from './admin-logs.controller';

/** The console's view of the platform audit trail (core's AdminTrail writes it). */
@Module({ imports: [AdminSystemModule], controllers: [AdminLogsController] })
export class AdminLogsModule {}

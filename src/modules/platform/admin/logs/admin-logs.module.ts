import { Module } from '@nestjs/common';
import { AdminLogsController } from './admin-logs.controller';

/** The console's view of the platform audit trail (core's AdminTrail writes it). */
@Module({ controllers: [AdminLogsController] })
export class AdminLogsModule {}

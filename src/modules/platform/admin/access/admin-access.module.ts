import { Module } from '@nestjs/common';
import { AdminAccessController } from './admin-access.controller';

/** The console's own standing: `/admin/health` and `/admin/check`. */
@Module({ controllers: [AdminAccessController] })
export class AdminAccessModule {}

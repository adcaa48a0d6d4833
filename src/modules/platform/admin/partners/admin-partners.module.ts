import { Module } from '@nestjs/common';
import { PartnersModule } from '../../partners/partners.face';
import { AdminSystemModule } from '../system/admin-system.module';
import { AdminPartnersController } from './admin-partners.controller';

/** The console's partner applications (through the partners face). */
@Module({ imports: [PartnersModule, AdminSystemModule], controllers: [AdminPartnersController] })
export class AdminPartnersModule {}

import { Module } from '@nestjs/common';
import { PartnersModule } from '../../partners/partners.face';
import { AdminPartnersController } from './admin-partners.controller';

/** The console's partner applications (through the partners face). */
@Module({ imports: [PartnersModule], controllers: [AdminPartnersController] })
export class AdminPartnersModule {}

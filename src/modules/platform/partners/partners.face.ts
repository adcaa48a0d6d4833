/**
 * What other modules may use of partners (docs/architecture.md, "Module faces").
 */
export { PartnerApplicationDto } from './dto/partner.dto';
export { PARTNER_STATUSES } from './partner-application.entity';
export { PartnersModule } from './partners.module';
export { PartnersService } from './partners.service';

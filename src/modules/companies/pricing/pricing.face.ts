/**
 * What other modules may use of pricing (docs/architecture.md, "Module faces").
 */
export { CompanyPricingDto } from './dto/pricing.dto';
export { CompanyPricing } from './pricing-ports';
export { PricingModule } from './pricing.module';

import type { PricingService } from './pricing.service';

/** What the operators' console reads of a company's pricing: the answer of `GET /companies/{id}/pricing`. */
export abstract class CompanyPricing {}
export interface CompanyPricing extends Pick<PricingService, 'pricingOf'> {}

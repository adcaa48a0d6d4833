/**
 * What other modules may use of plans (docs/architecture.md, "Module faces").
 */
export { PricingPlanDto } from './dto/pricing-plan.dto';
export { PlanCatalog } from './plan-catalog';
export { PlanEditor } from './plan-editor';
export { PlansModule } from './plans.module';
export { type PromocodeAnswer, type PromocodeFields, Promocodes, unusablePromocode } from './promocodes';
export { PLAN_LIMITS } from './plan-views';

/**
 * What other modules may use of deals (docs/architecture.md, "Module faces").
 */
export { dealFigures } from './deal-figures';

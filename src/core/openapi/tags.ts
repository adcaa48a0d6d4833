/**
 * The description of each tag of the document; a tag used without one fails the lint. Finance,
 * Warehouse, Deals and Counterparties are the tags of the modules being built beside this one.
 */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: 'Sign-up, sign-in with a password or a fingerprint key, e-mail confirmation, sign-out.',
  Account: "The caller's own account: profile, summary, fingerprint keys, invitations received.",
  'API keys': "The caller's API keys: each has a daily request quota (X-RateLimit-* headers, 429 when spent).",
  Companies: 'Companies the caller belongs to: create, change, delete, plan, permissions, storage use.',
  Members: "A company's members, their removal, permission settings and effective permissions.",
  Invitations: 'Invitations to join a company, sent by e-mail.',
  Public: 'Reference data readable without a credential: plans, currencies, the permission catalog.',
  HRM: 'Human resources: employees, positions with their permissions, analysis, the roster report.',
  CRM: 'Customer relations: clients and the sources they came from.',
  Docs: 'Generated documents of a company (reports, invoices) and the requisites printed on them.',
  Storage: "A company's files and their use of the plan's storage.",
  Support: 'Support tickets and their messages.',
  Logs: "The company's audit trail: who did what, when, with which permission.",
  Service: 'Liveness, readiness and status of the service.',
  Finance: 'Finance: transactions and their categories, credits, forecast, analysis and the report.',
  Warehouse: 'Warehouse: the catalog (units, categories, products) and the stocks.',
  Deals: 'Deals with clients and their stages.',
  Counterparties: 'Counterparties of finance operations: the other side of each payment.',
  Pricing: "A company's plan period and its plan purchases, confirmed by an administrator.",
  Partners: "The public partner application form and the administrators' list of applications.",
  Webhooks: "Signed notifications of the company's changes, posted to its URLs (docs/webhooks.md).",
};

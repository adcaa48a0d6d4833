/**
 * The API's paths as the suites write them, each prefix spelled once: a module's routes under
 * its code (`crm(id)` is `/api/v1/companies/{id}/modules/crm`), a company's other collections as
 * `<collection>Of(id)`.
 */
export const companyOf = (companyId: string) => `/api/v1/companies/${companyId}`;
export const moduleOf = (companyId: string, code: string) => `${companyOf(companyId)}/modules/${code}`;

export const crm = (companyId: string) => moduleOf(companyId, 'crm');
export const hrm = (companyId: string) => moduleOf(companyId, 'hrm');
export const fm = (companyId: string) => moduleOf(companyId, 'fm');
export const cpm = (companyId: string) => moduleOf(companyId, 'cpm');
export const wm = (companyId: string) => moduleOf(companyId, 'wm');
export const dm = (companyId: string) => moduleOf(companyId, 'dm');
export const logsOf = (companyId: string) => moduleOf(companyId, 'logs');
export const supportOf = (companyId: string) => moduleOf(companyId, 'support');

export const membersOf = (companyId: string) => `${companyOf(companyId)}/accounts`;
export const invitationsOf = (companyId: string) => `${membersOf(companyId)}/invitations`;
export const webhooksOf = (companyId: string) => `${companyOf(companyId)}/webhooks`;
/** GET of a stored file (a generated document) by its object path. */
export const mediaFileOf = (companyId: string, path: string) =>
  `${companyOf(companyId)}/storage/media/file?path=${encodeURIComponent(path)}`;

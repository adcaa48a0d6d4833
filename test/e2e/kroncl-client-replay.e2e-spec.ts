import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MailerService } from '../../src/core/mail/mailer.service';
import { uniqueEmail } from '../support/factories';
import {
  type ClientCall,
  clientCalls,
  type FieldCheckOptions,
  fieldMismatches,
  firstFieldMismatch,
  firstUnfaithfulPart,
} from '../support/kroncl-client';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import type { TestApp } from '../support/test-app';

/**
 * CONTRACT §17: the platform's web client works against this service unchanged. For every call
 * of the client that a page makes (kroncl-client-calls.json, `used_in_pages`), this replays the
 * request the client sends (its method, path, query and body shapes, e.g. `system: false`, `""`
 * to clear a field, date-times in credit dates) and checks that the answer has every field the
 * client reads, with the client's type. Everything is set up through the client's own calls:
 * sign-up at POST /account/reg, the company as the create-company page makes it, then the
 * fixtures each page needs. The client's path X is our /api/v1X; the client's deprecated aliases
 * (/account/logout, /modules/fm/counterparties…, /storage/sources) are replayed as it calls them.
 * The newer client copy (mainbotan/kroncl-client) makes 121 distinct tenant calls; 112 are the
 * older copy's, and of its 9 new ones the JSON holds the two CONTRACT 24 added (sources per
 * module, POST …/delete), marked with the copy in `client_file`.
 */

const API = '/api/v1';
const PASSWORD = 'correct horse battery';
/** Pages send RFC 3339 date-times in start_date/end_date (toRFC3339 = Date#toISOString). */
const WINDOW = {
  start_date: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  end_date: new Date(Date.now() + 86_400_000).toISOString(),
};
const tag = `rp${randomBytes(4).toString('hex')}`;

interface Answer {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

interface Session {
  id: string;
  email: string;
  name: string;
  token: string;
}

/** The request one replay sends; `token: null` sends no Authorization (signed-out pages). */
interface Replay {
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  token?: string | null;
  cookie?: string;
  /** Fixtures the answer must show (a list the client reads must not be empty for want of them). */
  needs?: string[];
  mayBeEmpty?: string[];
  alsoAccept?: FieldCheckOptions['alsoAccept'];
  /**
   * Fields of the client's type that no page reads, so not checked (each with the page that
   * shows it): a path, and every field under it.
   */
  unread?: string[];
  /** Runs after the checks, e.g. to withdraw a pending plan purchase so the next one may start. */
  after?: () => Promise<unknown>;
}

/** Objects the client's types declare `T | null` or `T?` (src/apps/company/modules/*\/types.ts). */
const parentsByModule: Record<string, FieldCheckOptions['parents']> = {
  dm: {
    client: 'nullable',
    status: 'nullable',
    type: 'nullable',
    catalog_unit: 'nullable',
    catalog_position: 'nullable',
    // A deal's transactions are the fm module's Transaction (dm/api.ts imports it from ../fm/types).
    employee: 'optional',
    category: 'optional',
  },
  pricing: { next_plan: 'optional' },
  fm: { employee: 'optional', category: 'optional' },
  support: { links: 'optional' },
};

/**
 * Fields the client's types say are `string` but the Kroncl server itself answers null (a Go
 * `*string`): null is what the client already gets from its own server, so it is accepted here.
 */
const nullFromKronclServer: Array<{ modules: string[] | 'all'; path: RegExp }> = [
  // internal/tenant/hrm/employees_types.go: Employee.LastName, Email, Phone are *string.
  { modules: ['hrm', 'dm'], path: /^data(\[\]\.deals\[\])?(\.employees\[\])?\.(last_name|email|phone)$/ },
  // internal/tenant/**/*_types.go: Metadata is a map[string]interface{}, and Go writes a nil map as null.
  { modules: 'all', path: /\.metadata$/ },
];

/**
 * Fields the client's types say are `string` where the Kroncl server answers "" but this service
 * answers null, deliberately: CONTRACT §1 says an unset optional field is null, and §17 that ""
 * sent in an optional field means null. Every page that reads them copes with null:
 * company-card/card.tsx:36 and :71 (`company.avatar_url ?`, `company.description &&`),
 * components/panel/client-panel.tsx:246 (`company.avatar_url ?`), (company)/[id]/manage/page.tsx:29
 * and :38 (`company.description || ''`); no page reads the create answer's two fields.
 */
const nullByContract: Array<{ modules: string[]; path: RegExp }> = [
  { modules: ['companies'], path: /^data(\.companies\[\])?\.(description|avatar_url)$/ },
];

function acceptedBesides(call: ClientCall, extra: FieldCheckOptions['alsoAccept'] = {}): Record<string, string> {
  const accepted: Record<string, string> = { ...extra };
  for (const field of call.response_fields) {
    const [path, type] = [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1)];
    const rule = [...nullFromKronclServer, ...nullByContract].find(
      (r) => (r.modules === 'all' || r.modules.includes(call.module)) && r.path.test(path),
    );
    if (rule && !type.includes('null')) accepted[path] = accepted[path] ? `${accepted[path]}|null` : 'null';
  }
  return accepted;
}

let t: TestApp;
let mails: jest.SpyInstance;
const fx: Record<string, any> = {};
const setupFailures: string[] = [];
const results = new Map<string, string | null>();
/** Query parameters a call's type declares that its replay leaves out (no page sends them so, or see the replay). */
const unsentQuery = new Map<string, string[]>();

class MissingFixture extends Error {}

function need<T = string>(name: string): T {
  if (fx[name] === undefined) {
    const causes = setupFailures.filter((failure) => !failure.endsWith(': skipped')).join('; ');
    throw new MissingFixture(`fixture "${name}" was not built (setup failures: ${causes.slice(0, 300) || 'none'})`);
  }
  return fx[name] as T;
}

async function send(
  method: string,
  clientPath: string,
  options: { token?: string | null; query?: Record<string, unknown>; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const agent = t.http as unknown as Record<string, (url: string) => any>;
  let request = agent[method.toLowerCase()](`${API}${clientPath}`).set('Content-Type', 'application/json');
  if (options.token) request = request.set('Authorization', `Bearer ${options.token}`);
  if (options.cookie) request = request.set('Cookie', options.cookie);
  if (options.query) request = request.query(options.query);
  // The client's bridge sends JSON.stringify(body), or no body at all when it has none.
  if (options.body !== undefined) request = request.send(JSON.stringify(options.body));
  const response = await request;
  return { status: response.status, body: response.body, headers: response.headers };
}

function failure(answer: Answer): string | null {
  if (answer.status >= 200 && answer.status < 300 && answer.body?.status === true) return null;
  const error = answer.body?.error?.code ? ` ${answer.body.error.code}` : '';
  const message = answer.body?.message ? `: ${String(answer.body.message).slice(0, 160)}` : '';
  const details = answer.body?.error?.details ? ` ${JSON.stringify(answer.body.error.details).slice(0, 200)}` : '';
  return `HTTP ${answer.status}${error}${message}${details}`;
}

/** A setup step through the client's call; its `data`, or an error naming the step. */
async function step(method: string, clientPath: string, options: Parameters<typeof send>[2] = {}): Promise<any> {
  const token = 'token' in options ? options.token : need<Session>('owner').token;
  const answer = await send(method, clientPath, { ...options, token });
  const failed = failure(answer);
  if (failed) throw new Error(`${method} ${clientPath} → ${failed}`);
  return answer.body.data;
}

const company = (suffix: string) => `/companies/${need('companyId')}${suffix}`;

/** Signs up as the sign-up page does; the session answer's access_token is the Bearer from then on. */
async function signUp(label: string): Promise<Session> {
  const email = uniqueEmail(`${label}-${tag}`);
  const name = `${label} ${tag}`;
  const data = await step('POST', '/account/reg', { token: null, body: { email, password: PASSWORD, name } });
  return { id: data.user_id ?? data.user?.id, email, name, token: data.access_token };
}

/** The sign-in page's call; with the refresh_token cookie it sets. */
async function signIn(email: string): Promise<{ token: string; cookie: string | undefined }> {
  const answer = await send('POST', '/account/auth', { token: null, body: { email, password: PASSWORD } });
  const failed = failure(answer);
  if (failed) throw new Error(`POST /account/auth → ${failed}`);
  const setCookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const refresh = setCookie.find((cookie) => cookie.startsWith('refresh_token='));
  return { token: answer.body.data.access_token, cookie: refresh?.split(';')[0] };
}

function mailsTo(email: string): string[] {
  return mails.mock.calls
    .filter(([mail]) => String(mail.to).toLowerCase() === email.toLowerCase())
    .map(([mail]) => `${mail.subject}\n${mail.text}`);
}

/**
 * What `read` gets from the newest of the mails to `email` after the first `since` of them; mail
 * may go out after the answer, so this waits for it a little.
 */
async function fromMail(
  email: string,
  what: string,
  read: (text: string) => string | undefined,
  since = 0,
): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = mailsTo(email).slice(since).map(read).filter(Boolean).pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} in the mail to ${email}: ${mailsTo(email).pop() ?? 'none'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const confirmationCode = (email: string) => fromMail(email, '6-digit code', (text) => /\b(\d{6})\b/.exec(text)?.[1]);

/** The reset token of a new mail: from the mailed link (`…token=…`) or, failing that, its one long token. */
async function resetToken(email: string): Promise<string> {
  const before = mailsTo(email).length;
  await step('POST', '/account/reset-password/send-link', { token: null, body: { email } });
  const token = await fromMail(
    email,
    'reset token',
    (text) => /token=([^\s&"'<>]+)/.exec(text)?.[1] ?? /\b([A-Za-z0-9_-]{24,})\b/.exec(text)?.[1],
    before,
  );
  return decodeURIComponent(token);
}

/** The create-company page's body: blank description and avatar as "", the plan chosen. */
function newCompanyForm(name: string, slug: string, isPublic = false): Record<string, unknown> {
  return { name, slug, description: '', avatar_url: '', is_public: isPublic, plan_code: need('planCode') };
}

/** Company invitation (the invite page), accepted by the invitee from their invitations page. */
async function join(member: Session): Promise<void> {
  const invitation = await step('POST', company('/accounts/invitations'), { body: { email: member.email } });
  await step('POST', `/account/invitations/${invitation.id}/accept`, { token: member.token });
}

async function build(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    // A stage that only lacks an earlier stage's fixture says so briefly; that stage's own failure is listed.
    setupFailures.push(error instanceof MissingFixture ? `${name}: skipped` : `${name}: ${(error as Error).message}`);
  }
}

/** Every fixture the pages need, made through the client's own calls with the bodies its pages send. */
async function buildFixtures(): Promise<void> {
  await build('owner', async () => {
    fx.owner = await signUp('Owner');
  });
  await build('company', async () => {
    const plans: any[] = (await step('GET', '/plans')).plans;
    fx.planCode = [...plans].sort((a, b) => a.lvl - b.lvl)[0].code;
    const created = await step('POST', '/companies', { body: newCompanyForm(`Replay ${tag}`, `replay-${tag}`) });
    fx.companyId = created.id;
  });
  await build('members', async () => {
    fx.member = await signUp('Member');
    await join(fx.member);
    fx.pendingInvitation = (
      await step('POST', company('/accounts/invitations'), { body: { email: uniqueEmail(`pending-${tag}`) } })
    ).id;
  });
  await build('invitations to the owner', async () => {
    const inviter = await signUp('Inviter');
    for (const key of ['invitationToAccept', 'invitationToReject']) {
      const other = await step('POST', '/companies', {
        token: inviter.token,
        body: newCompanyForm(`Inviter ${tag} ${key}`, `${key.toLowerCase()}-${tag}`),
      });
      fx[key] = (
        await step('POST', `/companies/${other.id}/accounts/invitations`, {
          token: inviter.token,
          body: { email: fx.owner.email },
        })
      ).id;
    }
    fx.inviterCompanyName = `Inviter ${tag}`;
  });
  await build('fingerprint', async () => {
    fx.fingerprint = await step('POST', '/account/fingerprints', { body: {} });
  });
  await build('hrm', async () => {
    const hrm = (suffix: string) => company(`/modules/hrm${suffix}`);
    fx.positionId = (await step('POST', hrm('/positions'), { body: { name: `Manager ${tag}`, description: null } })).id;
    const employee = { last_name: 'Replay', email: uniqueEmail(`employee-${tag}`), phone: '+79991234567' };
    fx.employeeId = (await step('POST', hrm('/employees'), { body: { first_name: `Ivan ${tag}`, ...employee } })).id;
    await step('POST', hrm(`/employees/${fx.employeeId}/link-position`), { body: { position_id: fx.positionId } });
    fx.employee2Id = (
      await step('POST', hrm('/employees'), { body: { first_name: `Petr ${tag}`, last_name: 'Second' } })
    ).id;
  });
  await build('crm', async () => {
    const crm = (suffix: string) => company(`/modules/crm${suffix}`);
    const source = (name: string) => ({ name, type: 'organic', url: null, comment: null, system: false });
    fx.sourceId = (await step('POST', crm('/sources'), { body: source(`Search ${tag}`) })).id;
    fx.source2Id = (await step('POST', crm('/sources'), { body: source(`Fair ${tag}`) })).id;
    const client = (first: string) => ({
      first_name: first,
      last_name: 'Client',
      patronymic: null,
      phone: '+79990001122',
      email: uniqueEmail(`client-${tag}`),
      comment: null,
      type: 'individual',
      source_id: fx.sourceId,
    });
    fx.clientId = (await step('POST', crm('/clients'), { body: client(`Anna ${tag}`) })).id;
    fx.client2Id = (await step('POST', crm('/clients'), { body: client(`Boris ${tag}`) })).id;
  });
  await build('support', async () => {
    const tickets = company('/modules/support/tickets');
    const ticket = await step('POST', tickets, {
      body: { theme: 'technical_issue', text: `The page does not open ${tag}` },
    });
    fx.ticketId = ticket.id;
    fx.messageId = ticket.last_message?.id;
    if (!fx.messageId) {
      fx.messageId = (
        await step('GET', `${tickets}/${ticket.id}/messages`, { query: { page: 1, limit: 20 } })
      ).messages[0].id;
    }
    fx.ticket2Id = (
      await step('POST', tickets, { body: { theme: 'technical_issue', text: `Second question ${tag}` } })
    ).id;
  });
  await build('wm', async () => {
    const wm = (suffix: string) => company(`/modules/wm${suffix}`);
    fx.wmCategoryId = (await step('POST', wm('/catalog/categories'), { body: { name: `Goods ${tag}` } })).id;
    fx.wmCategory2Id = (await step('POST', wm('/catalog/categories'), { body: { name: `Spare ${tag}` } })).id;
    fx.wmSubcategoryId = (
      await step('POST', wm('/catalog/categories'), { body: { name: `Nuts ${tag}`, parent_id: fx.wmCategoryId } })
    ).id;
    const unit = await step('POST', wm('/catalog/units'), {
      body: {
        name: `Widget ${tag}`,
        type: 'product',
        inventory_type: 'tracked',
        unit: 'pcs',
        sale_price: 250,
        currency: 'RUB',
        category_id: fx.wmCategoryId,
        status: 'active',
        tracking_detail: 'batch',
        purchase_price: 120,
        tracked_type: 'fifo',
      },
    });
    fx.unit = unit;
    fx.unit2Id = (
      await step('POST', wm('/catalog/units'), {
        body: {
          name: `Install ${tag}`,
          type: 'service',
          inventory_type: 'untracked',
          unit: 'pcs',
          sale_price: 900,
          currency: 'RUB',
          category_id: fx.wmCategoryId,
          status: 'active',
        },
      })
    ).id;
    const batch = await step('POST', wm('/stocks/batches'), {
      body: {
        direction: 'income',
        comment: `Delivery ${tag}`,
        positions: [{ unit_id: unit.id, quantity: 10, price: 120 }],
      },
    });
    fx.batchId = batch.id;
    const positions = await step('GET', wm('/stocks/positions'), { query: { page: 1, limit: 20, unit_id: unit.id } });
    fx.stockPosition = positions.positions[0];
  });
  await build('dm', async () => {
    const dm = (suffix: string) => company(`/modules/dm${suffix}`);
    const type = (name: string) => ({ name, comment: null });
    fx.dealTypeId = (await step('POST', dm('/types'), { body: type(`Retail ${tag}`) })).id;
    fx.dealType2Id = (await step('POST', dm('/types'), { body: type(`Wholesale ${tag}`) })).id;
    const status = (name: string, sortOrder: number) => ({
      name,
      color: '#3b82f6',
      comment: null,
      sort_order: sortOrder,
      is_default: false,
    });
    fx.dealStatusId = (await step('POST', dm('/statuses'), { body: status(`Talks ${tag}`, 50) })).id;
    fx.dealStatus2Id = (await step('POST', dm('/statuses'), { body: status(`Hold ${tag}`, 51) })).id;
    const deal = await step('POST', dm('/deals'), { body: { comment: `Deal ${tag}`, type_id: fx.dealTypeId } });
    fx.dealId = deal.id;
    const unit = need<any>('unit');
    const stock = need<any>('stockPosition');
    // The deal page's save: employees, client and the structure block's positions (one from the
    // catalog, one from stock), then the board's drag onto a status.
    await step('PATCH', dm(`/deals/${deal.id}`), {
      body: {
        employees: [need('employeeId')],
        client_id: need('clientId'),
        positions: [
          {
            name: unit.name,
            price: unit.sale_price,
            quantity: 1,
            unit: unit.unit,
            unit_id: unit.id,
            position_id: null,
          },
          {
            name: unit.name,
            price: unit.sale_price,
            quantity: 1,
            unit: unit.unit,
            unit_id: null,
            position_id: stock.id,
          },
        ],
      },
    });
    await step('PATCH', dm(`/deals/${deal.id}`), { body: { status_id: fx.dealStatusId } });
  });
  await build('fm', async () => {
    const fm = (suffix: string) => company(`/modules/fm${suffix}`);
    const category = (name: string, direction: string) => ({ name, description: '', direction, system: false });
    fx.fmCategoryId = (
      await step('POST', fm('/transactions/categories'), { body: category(`Sales ${tag}`, 'income') })
    ).id;
    fx.fmCategory2Id = (
      await step('POST', fm('/transactions/categories'), { body: category(`Rent ${tag}`, 'expense') })
    ).id;
    fx.transactionBody = {
      base_amount: 1250.5,
      currency: 'RUB',
      direction: 'income',
      employee_id: need('employeeId'),
      comment: `Payment ${tag}`,
      category_id: fx.fmCategoryId,
    };
    const transaction = await step('POST', fm('/transactions'), { body: fx.transactionBody });
    fx.transactionId = transaction.id;
    fx.transactionStatus = transaction.status;
    const counterparty = (name: string) => ({ name, comment: `Partner ${tag}`, type: 'organization' });
    fx.counterpartyId = (await step('POST', fm('/counterparties'), { body: counterparty(`Bank ${tag}`) })).id;
    fx.counterparty2Id = (await step('POST', fm('/counterparties'), { body: counterparty(`Lender ${tag}`) })).id;
    fx.creditBody = {
      name: `Loan ${tag}`,
      type: 'credit',
      total_amount: 100000,
      currency: 'RUB',
      interest_rate: 12.5,
      start_date: new Date('2026-01-15').toISOString(),
      end_date: new Date('2027-01-15').toISOString(),
      counterparty_id: fx.counterpartyId,
      comment: `Equipment ${tag}`,
    };
    fx.creditId = (await step('POST', fm('/credits'), { body: fx.creditBody })).id;
  });
}

const page = { page: 1, limit: 20 };

/** The request each page sends for each client call (keyed by the client's function). */
const replays: Record<string, () => Promise<Replay> | Replay> = {
  // --- sessions (signed-out pages send no Bearer) ---
  'AccountAuth.login': () => ({ token: null, body: { email: need<Session>('owner').email, password: PASSWORD } }),
  'AccountAuth.register': () => ({
    token: null,
    body: { email: uniqueEmail(`signup-${tag}`), password: PASSWORD, name: `New ${tag}` },
  }),
  // AccountAuth.logout posts {} with its Bearer (a session of its own here, the owner's stays).
  'AccountAuth.logout': async () => ({ token: (await signIn(need<Session>('owner').email)).token, body: {} }),
  // AccountAuth.refreshTokens posts {} with the cookie and the Bearer it still holds, which is
  // stale by then (it refreshes because the access token ran out): here one of a logged-out session.
  'AccountAuth.refreshTokens / ApiBridge.handleTokenRefresh': async () => {
    const owner = need<Session>('owner');
    const stale = (await signIn(owner.email)).token;
    await step('POST', '/account/logout', { token: stale, body: {} });
    const { cookie } = await signIn(owner.email);
    if (!cookie) throw new Error('POST /account/auth set no refresh_token cookie');
    return { token: stale, cookie, body: {} };
  },
  'AccountAuth.fingerprintLogin (loginWithKey)': async () => {
    const created = await step('POST', '/account/fingerprints', { body: {} });
    return { token: null, body: { key: created.key } };
  },
  'AccountAuth.confirmEmail': async () => {
    const owner = need<Session>('owner');
    return { body: { user_id: owner.id, code: await confirmationCode(owner.email) } };
  },
  // The sign-up page offers a resend 60 s after the sign-up (its resendTimer); that minute is
  // spent here by ending the limit's windows, the once-a-minute limit being CONTRACT's.
  'AccountAuth.resendConfirmation': async () => {
    const fresh = await signUp('Resend');
    await t.app
      .get(DataSource)
      .query(`UPDATE throttle_counters SET expires_at = now() WHERE limit_name = 'confirmation_codes_per_account'`);
    return { token: fresh.token, body: { user_id: fresh.id, email: fresh.email } };
  },
  // One reset link a minute per e-mail (CONTRACT 20): each call asks for its own account's.
  'AccountAuth.sendPasswordResetLink': async () => ({ token: null, body: { email: (await signUp('Reset')).email } }),
  'AccountAuth.validateResetToken': async () => ({
    token: null,
    body: { token: await resetToken((await signUp('ResetCheck')).email) },
  }),
  'AccountAuth.resetPassword': async () => ({
    token: null,
    body: { token: await resetToken((await signUp('ResetDo')).email), new_password: 'a new horse battery' },
  }),
  'AccountAuth.getProfile': () => ({}),
  'AccountAuth.updateProfile': () => ({ body: { name: `Owner ${tag} renamed` } }),
  // --- account pages ---
  'FingerprintsApi.getFingerprints': () => ({ needs: ['fingerprint'], query: { ...page, status: 'active' } }),
  'FingerprintsApi.createFingerprint': () => ({ body: { expires_in: '720h' } }),
  'FingerprintsApi.revokeFingerprint': async () => {
    const created = await step('POST', '/account/fingerprints', { body: {} });
    return { path: { fingerprintId: created.id } };
  },
  'InvitationsApi.getInvitations': () => ({
    needs: ['invitationToAccept'],
    query: { ...page, search: need('inviterCompanyName') },
  }),
  'InvitationsApi.acceptInvitation': () => ({ path: { invitationId: need('invitationToAccept') } }),
  'InvitationsApi.rejectInvitation': () => ({ path: { invitationId: need('invitationToReject') } }),
  'CompaniesApi.getUserCompanies': () => ({ needs: ['companyId'], query: { ...page, search: `Replay ${tag}` } }),
  'CompaniesApi.getCompany / CompaniesApiSSR.getCompany': () => ({ path: { id: need('companyId') } }),
  'CompanyInitApi.createCompany': () => ({ body: newCompanyForm(`Second ${tag}`, `second-${tag}`, true) }),
  'CompanyInitApi.getCompanyStorage': () => ({ path: { id: need('companyId') } }),
  'CompanyInitApi.debouncedCheckSlugUnique': () => ({ query: { slug: `free-${tag}` } }),
  'manageModule.updateCompany': () => ({ body: { name: `Replay ${tag} Ltd` } }),
  // The form is limited per client address, and every suite of a run shares the database and
  // the address: the application is withdrawn afterwards so it counts against no other suite.
  'PartnersApi.becomePartner': () => {
    const email = uniqueEmail(`partner-${tag}`);
    return {
      token: null,
      body: { name: `Partner ${tag}`, type: 'private', email, text: 'We resell licences.' },
      after: () =>
        t.app.get(DataSource).query(`DELETE FROM partner_applications WHERE lower(email) = lower($1)`, [email]),
    };
  },
  // --- permissions and pricing ---
  'PermissionsApi.getPlatformPermissions': () => ({}),
  'PermissionsApi.getCompanyPermissions': () => ({}),
  'PermissionsApi.getAccountPermissions': () => ({ path: { accountId: need<Session>('owner').id } }),
  'PricingApi.getPlans': () => ({}),
  'PricingApi.getPlan': () => ({ path: { code: need('planCode') } }),
  'pricingModule.getPlan / CompanyProvider.refreshCompanyPlan': () => ({}),
  'pricingModule.getTransactions': async () => {
    const pending = await step('POST', company('/pricing/migrate'), {
      body: { plan_code: need('planCode'), period: 'month' },
    });
    await step('POST', company(`/pricing/transactions/${pending.id}/revoke`));
    return { query: page };
  },
  'pricingModule.migrate': () => {
    const replay: Replay = { body: { plan_code: need('planCode'), period: 'month' } };
    replay.after = async () => {
      const list = await step('GET', company('/pricing/transactions'), { query: page });
      const pending = list.transactions.filter((tx: any) => tx.status === 'pending');
      for (const tx of pending) await step('POST', company(`/pricing/transactions/${tx.id}/revoke`));
    };
    return replay;
  },
  'pricingModule.revokeTransaction': async () => {
    const pending = await step('POST', company('/pricing/migrate'), {
      body: { plan_code: need('planCode'), period: 'year' },
    });
    return { path: { transactionId: pending.id } };
  },
  'storageModule.getSources': () => ({}),
  // The newer client copy (mainbotan/kroncl-client): the storage page's chart per module.
  'storageModule.getSourcesByModules': () => ({}),
  // The newer client's manage page deletes with POST …/delete and reads only `status`: a company of its own here.
  'manageModule.deleteCompany': async () => {
    const doomed = await step('POST', '/companies', { body: newCompanyForm(`Doomed ${tag}`, `doomed-${tag}`) });
    return { path: { id: doomed.id } };
  },
  // --- members ---
  'accountsModule.getAll': () => ({ needs: ['member'], query: { ...page, search: 'Member' } }),
  'accountsModule.getAccount': () => ({ path: { accountId: need<Session>('member').id } }),
  'accountsModule.getInvitations': () => ({ needs: ['pendingInvitation'], query: page }),
  'accountsModule.revokeInvitation': async () => {
    const invitation = await step('POST', company('/accounts/invitations'), {
      body: { email: uniqueEmail(`revoke-${tag}`) },
    });
    return { path: { invitationId: invitation.id } };
  },
  'accountsModule.dropAccount': async () => {
    const leaving = await signUp('Leaving');
    await join(leaving);
    return { path: { accountId: leaving.id } };
  },
  'accountsModule.inviteAccount': () => ({ body: { email: uniqueEmail(`invite-${tag}`) } }),
  'accountsModule.getSettings': () => ({ path: { accountId: need<Session>('member').id } }),
  'accountsModule.updateSettings': () => ({
    path: { accountId: need<Session>('member').id },
    body: { increase_permissions: ['crm'], reduce_permissions: [] },
  }),
  // --- hrm ---
  'hrmModule.getEmployees': () => ({ needs: ['employeeId'], query: { ...page, search: tag } }),
  'hrmModule.getEmployee': () => ({ path: { employeeId: need('employeeId') } }),
  'hrmModule.deactivateEmployee': () => ({ path: { employeeId: need('employee2Id') } }),
  'hrmModule.activateEmployee': () => ({ path: { employeeId: need('employee2Id') } }),
  'hrmModule.createEmployee': () => ({
    body: { first_name: `Olga ${tag}`, last_name: 'New', email: uniqueEmail(`olga-${tag}`), phone: '+79995550011' },
  }),
  // The edit page always sends last_name, email and phone: "" when blank, to clear them.
  'hrmModule.updateEmployee': () => ({
    path: { employeeId: need('employee2Id') },
    body: { first_name: `Petr ${tag}`, last_name: '', email: '', phone: '' },
  }),
  'hrmModule.linkAccountToEmployee': () => ({
    path: { employeeId: need('employee2Id') },
    body: { account_id: need<Session>('member').id },
  }),
  'hrmModule.unlinkAccountFromEmployee': async () => {
    const employeeId = need('employee2Id');
    await send('POST', company(`/modules/hrm/employees/${employeeId}/link-account`), {
      token: need<Session>('owner').token,
      body: { account_id: need<Session>('member').id },
    });
    return { path: { employeeId } };
  },
  'hrmModule.linkPositionToEmployee': () => ({
    path: { employeeId: need('employee2Id') },
    body: { position_id: need('positionId') },
  }),
  'hrmModule.unlinkPositionFromEmployee': async () => {
    const employeeId = need('employee2Id');
    await send('POST', company(`/modules/hrm/employees/${employeeId}/link-position`), {
      token: need<Session>('owner').token,
      body: { position_id: need('positionId') },
    });
    return { path: { employeeId }, body: { position_id: need('positionId') } };
  },
  'hrmModule.getPositions': () => ({ needs: ['positionId'], query: { ...page, search: tag } }),
  'hrmModule.getPosition': () => ({ path: { positionId: need('positionId') } }),
  'hrmModule.createPosition': () => ({ body: { name: `Clerk ${tag}`, description: null } }),
  'hrmModule.updatePosition': () => ({
    path: { positionId: need('positionId') },
    body: { name: `Senior manager ${tag}`, description: null },
  }),
  'hrmModule.deletePosition': async () => {
    const position = await step('POST', company('/modules/hrm/positions'), {
      body: { name: `Temp ${tag}`, description: null },
    });
    // The type says {success: boolean}, but the position page reads only the envelope's status
    // ((company)/[id]/hrm/(main)/positions/[positionId]/page.tsx:83) and the Kroncl server answers
    // data null; this service answers {}, as the spec's DELETE /positions/{positionId} says.
    return { path: { positionId: position.id }, unread: ['data.success'] };
  },
  'hrmModule.getAnalysisSummary': () => ({}),
  // --- logs (clear runs last: see runOrder) ---
  'logsModule.getLogs': () => ({ query: page }),
  'logsModule.optimize': () => ({}),
  'logsModule.clear': () => ({}),
  // The activity calendar reads each day's count through parseInt(item.count).
  'logsModule.getActivity': () => ({ alsoAccept: { 'data[].count': 'number' } }),
  // --- support ---
  'supportModule.getTickets': () => ({
    needs: ['ticketId'],
    query: page,
    mayBeEmpty: ['data.tickets[].last_message.links[]'],
  }),
  'supportModule.createTicket': () => ({
    body: { theme: 'technical_issue', text: `Cannot export a report ${tag}` },
    mayBeEmpty: ['data.last_message.links[]'],
  }),
  'supportModule.getTicket': () => ({
    path: { ticketId: need('ticketId') },
    mayBeEmpty: ['data.last_message.links[]'],
  }),
  'supportModule.updateTicketStatus': () => ({
    path: { ticketId: need('ticket2Id') },
    body: { status: 'revoked' },
    mayBeEmpty: ['data.last_message.links[]'],
  }),
  'supportModule.getMessages': () => ({
    path: { ticketId: need('ticketId') },
    query: page,
    mayBeEmpty: ['data.messages[].links[]'],
  }),
  'supportModule.createMessage': () => ({
    path: { ticketId: need('ticketId') },
    body: { text: `More details ${tag}` },
    mayBeEmpty: ['data.links[]'],
  }),
  'supportModule.updateMessageReadStatus': () => ({
    path: { ticketId: need('ticketId'), messageId: need('messageId') },
    body: { read: true },
    mayBeEmpty: ['data.links[]'],
  }),
  // --- crm ---
  'crmModule.getSources': () => ({
    needs: ['sourceId'],
    query: { ...page, search: tag, type: 'organic', status: 'active', system: false },
  }),
  'crmModule.getSource': () => ({ path: { sourceId: need('sourceId') } }),
  'crmModule.createSource': () => ({
    body: { name: `Ads ${tag}`, type: 'paid', url: null, comment: null, system: false },
  }),
  // The edit page sends what changed; a blank comment as "".
  'crmModule.updateSource': () => ({
    path: { sourceId: need('source2Id') },
    body: { name: `Mailing ${tag}`, type: 'email', url: 'https://example.test/news', comment: '' },
  }),
  'crmModule.activateSource': async () => {
    await send('POST', company(`/modules/crm/sources/${need('source2Id')}/deactivate`), {
      token: need<Session>('owner').token,
    });
    return { path: { sourceId: need('source2Id') } };
  },
  'crmModule.deactivateSource': async () => {
    await send('POST', company(`/modules/crm/sources/${need('source2Id')}/activate`), {
      token: need<Session>('owner').token,
    });
    return { path: { sourceId: need('source2Id') } };
  },
  // The source page lists its clients: getClients spreads `sourceId` and adds `source_id`.
  'crmModule.getClients': () => ({
    query: {
      ...page,
      search: tag,
      type: 'individual',
      status: 'active',
      sourceId: need('sourceId'),
      source_id: need('sourceId'),
    },
  }),
  'crmModule.getClient': () => ({ path: { clientId: need('clientId') } }),
  'crmModule.createClient': () => ({
    body: {
      first_name: `Vera ${tag}`,
      last_name: null,
      patronymic: null,
      phone: null,
      email: null,
      comment: null,
      type: 'legal',
      source_id: need('sourceId'),
    },
  }),
  'crmModule.updateClient': () => ({
    path: { clientId: need('client2Id') },
    body: { last_name: null, phone: '+79990002233', comment: null, type: 'legal', source_id: need('source2Id') },
  }),
  'crmModule.activateClient': async () => {
    await send('POST', company(`/modules/crm/clients/${need('client2Id')}/deactivate`), {
      token: need<Session>('owner').token,
    });
    return { path: { clientId: need('client2Id') } };
  },
  'crmModule.deactivateClient': async () => {
    await send('POST', company(`/modules/crm/clients/${need('client2Id')}/activate`), {
      token: need<Session>('owner').token,
    });
    return { path: { clientId: need('client2Id') } };
  },
  'crmModule.getClientsSummary': () => ({ query: WINDOW }),
  'crmModule.getGroupedClients': () => ({ query: { ...WINDOW, group_by: 'day' } }),
  // --- deals ---
  'dmModule.reorderDealStatuses': async () => {
    const list = await step('GET', company('/modules/dm/statuses'), { query: { page: 1, limit: 100 } });
    return { body: { status_ids: list.statuses.map((status: any) => status.id).reverse() } };
  },
  'dmModule.getDealTypes': () => ({ needs: ['dealTypeId'], query: { ...page, search: tag } }),
  'dmModule.getDealType': () => ({ path: { typeId: need('dealTypeId') } }),
  'dmModule.createDealType': () => ({ body: { name: `Service ${tag}`, comment: null } }),
  'dmModule.updateDealType': () => ({
    path: { typeId: need('dealType2Id') },
    body: { name: `Bulk ${tag}`, comment: '' },
  }),
  'dmModule.deleteDealType': async () => {
    const type = await step('POST', company('/modules/dm/types'), { body: { name: `Gone ${tag}`, comment: null } });
    return { path: { typeId: type.id } };
  },
  'dmModule.getDealStatuses': () => ({ needs: ['dealStatusId'], query: { ...page, search: tag } }),
  'dmModule.getDealStatus': () => ({ path: { statusId: need('dealStatusId') } }),
  'dmModule.createDealStatus': () => ({
    body: { name: `Won ${tag}`, color: '#22c55e', comment: null, sort_order: 60, is_default: false },
  }),
  'dmModule.updateDealStatus': () => ({
    path: { statusId: need('dealStatus2Id') },
    body: { name: `Paused ${tag}`, color: '#f97316', comment: '', is_default: false },
  }),
  'dmModule.deleteDealStatus': async () => {
    const status = await step('POST', company('/modules/dm/statuses'), {
      body: { name: `Lost ${tag}`, color: '#ef4444', comment: null, sort_order: 70, is_default: false },
    });
    return { path: { statusId: status.id } };
  },
  // The board: every status is a column, most of them empty.
  'dmModule.getDeals (group_by=status)': () => ({
    needs: ['dealId'],
    query: { group_by: 'status' },
    mayBeEmpty: ['data[].deals[]', 'data[].deals[].employees[]'],
  }),
  'dmModule.getDeal': () => ({ path: { dealId: need('dealId') } }),
  'dmModule.createDeal': () => ({
    body: { comment: `Inbound ${tag}`, type_id: need('dealTypeId') },
    mayBeEmpty: ['data.employees[]', 'data.positions[]'],
  }),
  // The deal page's save sends the positions it shows, with their ids.
  'dmModule.updateDeal': async () => {
    const dealId = need('dealId');
    const deal = await step('GET', company(`/modules/dm/deals/${dealId}`));
    const positions = deal.positions.map((p: any) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      quantity: p.quantity,
      unit: p.unit,
      unit_id: p.unit_id,
      position_id: p.position_id,
    }));
    return {
      path: { dealId },
      body: { employees: [need('employeeId'), need('employee2Id')], client_id: need('clientId'), positions },
    };
  },
  // A deal's payments are finance transactions bound to the deal; the list replay makes one first
  // so that it has a row to check.
  'dmModule.getDealTransactions': async () => {
    const dealId = need('dealId');
    await step('POST', company(`/modules/dm/deals/${dealId}/transactions`), { body: need('transactionBody') });
    return { path: { dealId }, query: { ...page, ...WINDOW, direction: 'income' } };
  },
  'dmModule.createDealTransaction': () => ({ path: { dealId: need('dealId') }, body: need('transactionBody') }),
  'dmModule.getDealTransactionsSummary': () => ({ path: { dealId: need('dealId') } }),
  'dmModule.getAnalysisSummary': () => ({ needs: ['dealId'], query: WINDOW }),
  'dmModule.getAnalysisGrouped': () => ({ needs: ['dealId'], query: { ...WINDOW, group_by: 'status' } }),
  'dmModule.getFinancialSummary': () => ({ needs: ['dealId'], query: WINDOW }),
  // --- finance ---
  'fmModule.getAnalysisSummary': () => ({ needs: ['transactionId'], query: WINDOW }),
  'fmModule.getGroupedAnalysis': () => ({ needs: ['transactionId'], query: { ...WINDOW, group_by: 'category' } }),
  'fmModule.getTransactions': () => ({
    query: {
      ...page,
      ...WINDOW,
      direction: 'income',
      status: need('transactionStatus'),
      category_id: need('fmCategoryId'),
      employee_id: need('employeeId'),
      search: tag,
    },
  }),
  'fmModule.createReverseTransaction': async () => {
    const tx = await step('POST', company('/modules/fm/transactions'), { body: need('transactionBody') });
    return { path: { transactionId: tx.id } };
  },
  'fmModule.createTransaction': () => ({ body: need('transactionBody') }),
  'fmModule.getCategories': () => ({ needs: ['fmCategoryId'], query: { ...page, direction: 'income', search: tag } }),
  'fmModule.getCategory': () => ({ path: { categoryId: need('fmCategoryId') } }),
  'fmModule.createCategory': () => ({
    body: { name: `Fees ${tag}`, description: '', direction: 'expense', system: false },
  }),
  'fmModule.updateCategory': () => ({
    path: { categoryId: need('fmCategory2Id') },
    body: { name: `Office rent ${tag}`, description: '' },
  }),
  'fmModule.deleteCategory': async () => {
    const category = await step('POST', company('/modules/fm/transactions/categories'), {
      body: { name: `Unused ${tag}`, description: '', direction: 'expense', system: false },
    });
    return { path: { categoryId: category.id } };
  },
  'fmModule.getCounterparties': () => ({
    needs: ['counterpartyId'],
    query: { ...page, type: 'organization', status: 'active', search: tag },
  }),
  'fmModule.getCounterparty': () => ({ path: { counterpartyId: need('counterpartyId') } }),
  'fmModule.createCounterparty': () => ({ body: { name: `Friend ${tag}`, type: 'person' } }),
  'fmModule.updateCounterparty': () => ({
    path: { counterpartyId: need('counterparty2Id') },
    body: { name: `Savings bank ${tag}`, comment: '', type: 'bank' },
  }),
  'fmModule.activateCounterparty': async () => {
    await send('POST', company(`/modules/fm/counterparties/${need('counterparty2Id')}/deactivate`), {
      token: need<Session>('owner').token,
    });
    return { path: { counterpartyId: need('counterparty2Id') } };
  },
  'fmModule.deactivateCounterparty': async () => {
    await send('POST', company(`/modules/fm/counterparties/${need('counterparty2Id')}/activate`), {
      token: need<Session>('owner').token,
    });
    return { path: { counterpartyId: need('counterparty2Id') } };
  },
  'fmModule.getCredits': () => ({
    needs: ['creditId'],
    query: { ...page, type: 'credit', status: 'active', search: tag },
  }),
  'fmModule.getCredit': () => ({ path: { creditId: need('creditId') } }),
  'fmModule.createCredit': () => ({
    body: { ...need<any>('creditBody'), name: `Lease ${tag}`, type: 'debt', comment: undefined },
  }),
  // The edit page re-sends both dates as date-times (they never equal the stored dates) and a
  // blank comment as "".
  'fmModule.updateCredit': () => ({
    path: { creditId: need('creditId') },
    body: {
      name: `Loan ${tag} extended`,
      total_amount: 120000,
      start_date: new Date('2026-01-15').toISOString(),
      end_date: new Date('2027-07-15').toISOString(),
      comment: '',
    },
  }),
  // --- warehouse ---
  // A category's page lists its subcategories (parent_id).
  'wmModule.getCategories': () => ({
    needs: ['wmSubcategoryId'],
    query: { ...page, status: 'active', parent_id: need('wmCategoryId'), search: tag },
  }),
  'wmModule.getCategory': () => ({ path: { categoryId: need('wmCategoryId') } }),
  'wmModule.createCategory': () => ({ body: { name: `Bolts ${tag}`, parent_id: need('wmCategoryId') } }),
  // The edit page of a top-level category sends parent_id "" and a blank comment as "".
  'wmModule.updateCategory': () => ({
    path: { categoryId: need('wmCategory2Id') },
    body: { name: `Spare parts ${tag}`, comment: '', parent_id: '' },
  }),
  'wmModule.activateCategory': async () => {
    await send('POST', company(`/modules/wm/catalog/categories/${need('wmCategory2Id')}/deactivate`), {
      token: need<Session>('owner').token,
    });
    return { path: { categoryId: need('wmCategory2Id') } };
  },
  'wmModule.deactivateCategory': async () => {
    await send('POST', company(`/modules/wm/catalog/categories/${need('wmCategory2Id')}/activate`), {
      token: need<Session>('owner').token,
    });
    return { path: { categoryId: need('wmCategory2Id') } };
  },
  'wmModule.getUnits': () => ({
    query: {
      ...page,
      search: tag,
      type: 'product',
      status: 'active',
      inventory_type: 'tracked',
      tracking_detail: 'batch',
      category_id: need('wmCategoryId'),
    },
  }),
  'wmModule.getUnit': () => ({ path: { unitId: need<any>('unit').id } }),
  'wmModule.createUnit': () => ({
    body: {
      name: `Gadget ${tag}`,
      type: 'product',
      inventory_type: 'tracked',
      unit: 'pcs',
      sale_price: 75.5,
      currency: 'RUB',
      category_id: need('wmCategoryId'),
      status: 'active',
      tracking_detail: 'batch',
      purchase_price: 40,
      tracked_type: 'lifo',
    },
  }),
  // The edit page of an untracked service: comment "" → null, and the tracking fields as null.
  'wmModule.updateUnit': () => ({
    path: { unitId: need('unit2Id') },
    body: {
      name: `Installation ${tag}`,
      comment: null,
      type: 'service',
      inventory_type: 'untracked',
      unit: 'pcs',
      sale_price: 950,
      currency: 'RUB',
      category_id: need('wmCategoryId'),
      tracking_detail: null,
      tracked_type: null,
      purchase_price: null,
    },
  }),
  'wmModule.activateUnit': async () => {
    await send('POST', company(`/modules/wm/catalog/units/${need('unit2Id')}/deactivate`), {
      token: need<Session>('owner').token,
    });
    return { path: { unitId: need('unit2Id') } };
  },
  'wmModule.deactivateUnit': async () => {
    await send('POST', company(`/modules/wm/catalog/units/${need('unit2Id')}/activate`), {
      token: need<Session>('owner').token,
    });
    return { path: { unitId: need('unit2Id') } };
  },
  'wmModule.getStockBatches': () => ({
    needs: ['batchId'],
    query: { ...page, direction: 'income', unit_id: need<any>('unit').id, search: tag },
  }),
  'wmModule.getStockBatch': () => ({ path: { batchId: need('batchId') } }),
  // The movement page reads only the envelope's status and message of this answer
  // ((company)/[id]/wm/movement/new/page.tsx:66-76), then goes to the list; an outcome's
  // positions are what it consumed ({position_id, unit_id, quantity, unit_price}, CONTRACT §15),
  // not the Kroncl server's positions with their unit.
  'wmModule.createStockBatch': () => ({
    body: { direction: 'outcome', positions: [{ unit_id: need<any>('unit').id, quantity: 2, price: 250 }] },
    unread: ['data'],
  }),
  'wmModule.getStockPositions': () => ({
    query: {
      ...page,
      type: 'batch',
      unit_id: need<any>('unit').id,
      batch_id: need('batchId'),
      in_stock: true,
      search: tag,
    },
  }),
};

const usedCalls = clientCalls.filter((call) => call.used_in_pages);
/** The JSON's order, except that clearing the log runs last (it empties what the log pages read). */
const runLast = new Set(['logsModule.clear']);
const runOrder = [
  ...usedCalls.filter((c) => !runLast.has(c.client_function)),
  ...usedCalls.filter((c) => runLast.has(c.client_function)),
];

function fillPath(call: ClientCall, names: Record<string, string>): string {
  return call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = name === 'id' ? (names.id ?? need('companyId')) : names[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${call.path}`);
    return value;
  });
}

async function replay(call: ClientCall): Promise<string | null> {
  const build = replays[call.client_function];
  if (!build) return `no request written for ${call.client_function}`;
  const request = await build();
  request.needs?.forEach((name) => need(name));
  const unsent = call.query.filter((name) => !(name in (request.query ?? {})));
  if (unsent.length) unsentQuery.set(call.client_function, unsent);
  const unfaithful = firstUnfaithfulPart(call, request.query, request.body);
  if (unfaithful) return `the replay is not the client's request: ${unfaithful}`;
  const answer = await send(call.method, fillPath(call, request.path ?? {}), {
    token: request.token === undefined ? need<Session>('owner').token : request.token,
    query: request.query,
    body: request.body,
    cookie: request.cookie,
  });
  const failed = failure(answer);
  if (failed) return failed;
  const isUnread = (path: string) => request.unread?.some((p) => path === p || path.startsWith(`${p}.`)) ?? false;
  const read = call.response_fields.filter((field) => !isUnread(field.slice(0, field.indexOf(':'))));
  const mismatches = fieldMismatches(answer.body, read, {
    mayBeEmpty: request.mayBeEmpty,
    alsoAccept: acceptedBesides(call, request.alsoAccept),
    parents: parentsByModule[call.module],
  });
  const more =
    mismatches.length > 1 ? ` (and ${mismatches.length - 1} more of its ${call.response_fields.length} fields)` : '';
  const mismatch = mismatches.length ? `${mismatches[0]}${more}` : null;
  try {
    await request.after?.();
  } catch (error) {
    return mismatch ?? `the clean-up after the call failed: ${(error as Error).message}`;
  }
  return mismatch;
}

describe('the platform web client replayed against this service (CONTRACT §17)', () => {
  const saved = { ...process.env };
  let ownDatabase: OwnDatabase;

  beforeAll(async () => {
    // The replay reads its codes and reset links from the mail its own sender drains at once; a
    // database of its own keeps that sender off other suites' outbox (CONTRACT 23).
    ownDatabase = await createOwnDatabase('replay');
    process.env.DATABASE_URL = ownDatabase.url;
    process.env.MAIL_POLL_MS = '50';
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    mails = jest.spyOn(t.app.get(MailerService), 'send');
    await buildFixtures();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    process.env = saved;
    await ownDatabase?.drop();
  });

  it('has a request for every client call a page makes, and only for those', () => {
    // Every tenant call of the newer client copy but its stock balance page's: that page reads a
    // bare array, the warehouse's second generation CONTRACT §24 leaves for later (§15's
    // `{balance, pagination}` stands).
    expect(usedCalls.length).toBe(143);
    expect(Object.keys(replays).sort()).toEqual(usedCalls.map((call) => call.client_function).sort());
  });

  it.each(runOrder.map((call) => [`${call.method} ${call.path} (${call.client_function})`, call] as const))(
    '%s',
    async (_label, call) => {
      let outcome: string | null;
      try {
        outcome = await replay(call);
      } catch (error) {
        outcome = `could not build the request: ${(error as Error).message}`;
      }
      results.set(call.client_function, outcome);
      if (outcome) throw new Error(outcome);
    },
  );

  it('passes every client call', () => {
    const failed = [...results.entries()].filter(([, outcome]) => outcome !== null);
    const passing = results.size - failed.length;
    const lines = failed.map(([name, outcome]) => `  ✗ ${name}: ${outcome}`);
    const setup = setupFailures.map((failure) => `  setup ${failure}`);
    const unsent = [...unsentQuery].map(([name, params]) => `  (not replayed: ${name} ?${params.join(', ?')})`);
    process.stdout.write(
      `\n${passing} of ${usedCalls.length} client calls pass\n${[...setup, ...lines, ...unsent].join('\n')}\n`,
    );
    expect(`${passing} of ${usedCalls.length} client calls pass`).toBe(
      `${usedCalls.length} of ${usedCalls.length} client calls pass`,
    );
  });
});

describe('the replay’s field check', () => {
  const fields = ['data.items[].id:string', 'data.items[].note:string|null', "data.kind:'a'|'b'", 'data.extra:number?'];

  it('accepts an answer with every field in the client’s type', () => {
    const answer = { data: { items: [{ id: 'x', note: null }], kind: 'a' } };
    expect(firstFieldMismatch(answer, fields)).toBeNull();
  });

  it('names the first field that is absent, null where the client wants a value, or of another type', () => {
    expect(firstFieldMismatch({ data: { items: [{ note: null }], kind: 'a' } }, fields)).toBe(
      'data.items[].id:string: data.items[0].id is absent',
    );
    expect(firstFieldMismatch({ data: { items: [{ id: null, note: null }], kind: 'a' } }, fields)).toBe(
      'data.items[].id:string: data.items[0].id is null',
    );
    expect(firstFieldMismatch({ data: { items: [{ id: 'x', note: null }], kind: 'c' } }, fields)).toBe(
      `data.kind:'a'|'b': data.kind is "c"`,
    );
    expect(firstFieldMismatch({ data: { items: { id: 'x' }, kind: 'a' } }, fields)).toBe(
      'data.items[].id:string: data.items is {"id":"x"}, not an array',
    );
  });

  it('refuses an empty list unless the call says it may be empty, and honours nullable parents', () => {
    const empty = { data: { items: [], kind: 'a' } };
    expect(firstFieldMismatch(empty, fields)).toBe(
      'data.items[].id:string: data.items is an empty array: nothing to check',
    );
    expect(firstFieldMismatch(empty, fields, { mayBeEmpty: ['data.items[]'] })).toBeNull();
    const parentFields = ['data.client.id:string'];
    expect(firstFieldMismatch({ data: { client: null } }, parentFields)).toBe(
      'data.client.id:string: data.client is null',
    );
    expect(
      firstFieldMismatch({ data: { client: null } }, parentFields, { parents: { client: 'nullable' } }),
    ).toBeNull();
    expect(firstFieldMismatch({ data: {} }, parentFields, { parents: { client: 'nullable' } })).toBe(
      'data.client.id:string: data.client is absent',
    );
  });

  it('tells a request the client could not send', () => {
    const call = clientCalls.find((c) => c.client_function === 'dmModule.updateDeal')!;
    expect(
      firstUnfaithfulPart(call, undefined, { comment: null, positions: [{ name: 'x', unit_id: null }] }),
    ).toBeNull();
    expect(firstUnfaithfulPart(call, undefined, { title: 'x' })).toBe('body field "title" is not one the client sends');
    expect(firstUnfaithfulPart(call, undefined, { positions: [{ sku: 'x' }] })).toBe(
      'body field "positions[].sku" is not one the client sends',
    );
    expect(firstUnfaithfulPart(call, { page: 1 }, undefined)).toBe(
      'query parameter "page" is not one the client sends',
    );
  });
});

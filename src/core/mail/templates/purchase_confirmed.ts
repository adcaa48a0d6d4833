import type { MailTemplate } from '../mail-template';

/** A plan purchase confirmed, to the company's owner. */
export const purchaseConfirmed: MailTemplate = {
  kind: 'purchase_confirmed',
  subject: { ru: 'Тариф «{plan}» подключён', en: 'The plan {plan} is on' },
  paragraphs: {
    ru: ['Покупка тарифа «{plan}» для компании «{company}» подтверждена.'],
    en: ['The purchase of the plan {plan} for {company} is confirmed.'],
  },
  link: { path: '/companies/{company_id}/pricing', label: { ru: 'Тариф компании', en: "The company's plan" } },
};

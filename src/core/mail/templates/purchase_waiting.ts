import type { MailTemplate } from '../mail-template';

/** A plan purchase waiting for confirmation, to every administrator of level 4 or more. */
export const purchaseWaiting: MailTemplate = {
  kind: 'purchase_waiting',
  subject: {
    ru: 'Покупка тарифа ждёт подтверждения: {company}',
    en: 'A plan purchase waits for confirmation: {company}',
  },
  paragraphs: {
    ru: ['Компания «{company}» переходит на тариф «{plan}» ({amount}). Покупка ждёт подтверждения.'],
    en: ['{company} is moving to the plan {plan} ({amount}). The purchase waits for confirmation.'],
  },
  link: { path: '/tech/companies/{company_id}', label: { ru: 'Открыть в консоли', en: 'Open in the console' } },
};

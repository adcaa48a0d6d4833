import type { MailTemplate } from '../mail-template';

/** A partner application, to every administrator of level 4 or more. */
export const partnerAlert: MailTemplate = {
  kind: 'partner_alert',
  subject: { ru: 'Заявка партнёра: {name}', en: 'A partner application: {name}' },
  paragraphs: {
    ru: ['Новая заявка партнёра от {name} ({email}).', '{details}'],
    en: ['A new partner application from {name} ({email}).', '{details}'],
  },
  link: { path: '/tech/partners', label: { ru: 'Открыть в консоли', en: 'Open in the console' } },
};

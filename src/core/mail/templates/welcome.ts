import type { MailTemplate } from '../mail-template';

/** Once the e-mail is confirmed. */
export const welcome: MailTemplate = {
  kind: 'welcome',
  subject: { ru: 'Добро пожаловать, {name}!', en: 'Welcome, {name}!' },
  paragraphs: {
    ru: ['Здравствуйте, {name}!', 'Ваш адрес подтверждён. Создайте компанию или примите приглашение коллег.'],
    en: ['Hello {name},', 'Your e-mail is confirmed. Create a company or accept an invitation from your colleagues.'],
  },
  link: { path: '/', label: { ru: 'Открыть платформу', en: 'Open the platform' } },
};

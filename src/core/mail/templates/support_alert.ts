import type { MailTemplate } from '../mail-template';

/** A new ticket or a message in one, to every administrator of level 4 or more. */
export const supportAlert: MailTemplate = {
  kind: 'support_alert',
  subject: { ru: 'Поддержка: «{ticket}» ({company})', en: 'Support: "{ticket}" ({company})' },
  paragraphs: {
    ru: ['{author} пишет в обращении «{ticket}» компании «{company}»:', '{text}'],
    en: ['{author} writes in "{ticket}" of {company}:', '{text}'],
  },
  link: { path: '/tech/tickets/{ticket_id}', label: { ru: 'Открыть в консоли', en: 'Open in the console' } },
};

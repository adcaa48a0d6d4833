import type { MailTemplate } from '../mail-template';

/** A message in a ticket from someone other than its initiator, technical support included. */
export const supportAnswer: MailTemplate = {
  kind: 'support_answer',
  subject: { ru: 'Ответ в обращении «{ticket}»', en: 'An answer in "{ticket}"' },
  paragraphs: {
    ru: ['{author} ответил(а) в обращении «{ticket}»:', '{text}'],
    en: ['{author} answered in "{ticket}":', '{text}'],
  },
  link: {
    path: '/companies/{company_id}/support/{ticket_id}',
    label: { ru: 'Открыть обращение', en: 'Open the ticket' },
  },
};

import type { MailTemplate } from '../mail-template';

/** An invitation to a company, to its e-mail, whether or not it has an account. */
export const invitation: MailTemplate = {
  kind: 'invitation',
  subject: { ru: 'Приглашение в компанию «{company}»', en: 'An invitation to {company}' },
  paragraphs: {
    ru: [
      '{inviter_name} ({inviter_email}) приглашает вас в компанию «{company}».',
      'Войдите или зарегистрируйтесь с этим адресом, чтобы принять приглашение.',
    ],
    en: [
      '{inviter_name} ({inviter_email}) invites you to {company}.',
      'Sign in or sign up with this e-mail to accept the invitation.',
    ],
  },
  link: { path: '/invitations', label: { ru: 'Принять приглашение', en: 'Accept the invitation' } },
};

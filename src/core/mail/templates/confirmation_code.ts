import type { MailTemplate } from '../mail-template';

/** Sign-up and resend: the six-digit code that confirms the e-mail. */
export const confirmationCode: MailTemplate = {
  kind: 'confirmation_code',
  subject: { ru: 'Код подтверждения: {code}', en: 'Your confirmation code: {code}' },
  paragraphs: {
    ru: [
      'Ваш код подтверждения: {code}',
      'Код действует {minutes} минут. Если вы не регистрировались, просто проигнорируйте это письмо.',
    ],
    en: [
      'Your confirmation code is {code}',
      'It works for {minutes} minutes. If you did not sign up, ignore this mail.',
    ],
  },
};

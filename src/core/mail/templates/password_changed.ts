import type { MailTemplate } from '../mail-template';

/** The password was changed or reset; every session ended with it. */
export const passwordChanged: MailTemplate = {
  kind: 'password_changed',
  subject: { ru: 'Пароль изменён', en: 'Your password was changed' },
  paragraphs: {
    ru: [
      'Здравствуйте, {name}!',
      'Пароль вашего аккаунта изменён, все сеансы завершены.',
      'Если это были не вы, сразу сбросьте пароль.',
    ],
    en: [
      'Hello {name},',
      'The password of your account was changed and every session ended.',
      'If it was not you, reset the password at once.',
    ],
  },
  link: { path: '/reset-password', label: { ru: 'Сбросить пароль', en: 'Reset the password' } },
};

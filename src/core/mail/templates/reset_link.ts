import type { MailTemplate } from '../mail-template';

/** A password reset was asked for a registered e-mail. */
export const resetLink: MailTemplate = {
  kind: 'reset_link',
  subject: { ru: 'Сброс пароля', en: 'Reset your password' },
  paragraphs: {
    ru: [
      'Кто-то попросил сбросить пароль этого аккаунта. Если это были вы, используйте этот токен в течение часа:',
      '{token}',
      'Если это были не вы, проигнорируйте письмо: пароль останется прежним.',
    ],
    en: [
      'Someone asked to reset the password of this account. If it was you, use this token within an hour:',
      '{token}',
      'If it was not you, ignore this mail; the password stays as it is.',
    ],
  },
  link: { path: '/reset-password?token={token}', label: { ru: 'Задать новый пароль', en: 'Set a new password' } },
};

import { OmitType, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy, ValidationArguments } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { DocsSettingsEntity } from '../settings/docs-settings.entity';
import { accountError, bicError, innError, ogrnError } from '../settings/requisites';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Free text up to `max` characters, trimmed, not blank; null clears it. */
const Text = (max: number) =>
  applyDecorators(
    IsOptional(),
    Transform(trim),
    IsString(),
    IsNotEmpty({ message: 'must not be empty' }),
    MaxLength(max),
  );

/** A requisite checked by its rule (requisites.ts); the rule's message names what is wrong. */
const Requisite = (name: string, check: (value: string, body: UpdateDocsSettingsDto) => string | null) =>
  applyDecorators(
    IsOptional(),
    Transform(trim),
    ValidateBy({
      name,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          typeof value === 'string' && check(value, args!.object as UpdateDocsSettingsDto) === null,
        defaultMessage: (args?: ValidationArguments) =>
          typeof args?.value === 'string'
            ? check(args.value, args.object as UpdateDocsSettingsDto)!
            : 'must be a string of digits',
      },
    }),
  );

/**
 * Every field optional; only the fields sent change, null clears one. `bank_account` is checked
 * here against the `bank_bic` sent with it; without one, the service checks it against the
 * stored BIC.
 */
export class UpdateDocsSettingsDto {
  @Text(300)
  @ApiProperty({ example: 'ООО «Ромашка»' })
  legal_name?: string | null;

  @Text(500)
  @ApiProperty({ example: '125009, Москва, ул. Тверская, д. 1' })
  legal_address?: string | null;

  /** ИНН: 10 or 12 digits with valid check digits. */
  @Requisite('inn', innError)
  @ApiProperty({ example: '7707083893' })
  inn?: string | null;

  /** ОГРН (13 digits) or ОГРНИП (15), with a valid check digit. */
  @Requisite('ogrn', ogrnError)
  @ApiProperty({ example: '1027700132195' })
  ogrn?: string | null;

  @Text(300)
  @ApiProperty({ example: 'ПАО Сбербанк' })
  bank_name?: string | null;

  /** БИК: 9 digits. */
  @Requisite('bank_bic', bicError)
  @ApiProperty({ example: '044525225' })
  bank_bic?: string | null;

  /** 20 digits whose control key holds with bank_bic (sent, or else stored). */
  @Requisite('bank_account', (value, body) =>
    typeof body.bank_bic === 'string'
      ? accountError(value, body.bank_bic)
      : /^\d{20}$/.test(value)
        ? null
        : 'must be 20 digits',
  )
  @ApiProperty({ example: '40702810938000000001' })
  bank_account?: string | null;

  @Text(200)
  @ApiProperty({ example: 'Иванов Иван Иванович' })
  director_name?: string | null;

  @Text(200)
  @ApiProperty({ example: 'Петрова Анна Сергеевна' })
  accountant_name?: string | null;

  @Text(5000)
  @ApiProperty({ example: '12 months from the date of sale' })
  warranty_terms?: string | null;

  @Text(5000)
  @ApiProperty({ example: 'Payment within 5 banking days' })
  additional_terms?: string | null;
}

/** Docs settings (spec 2): every requisite, null when unset, and both timestamps. */
export class DocsSettingsDto extends OmitType(DocsSettingsEntity, ['company_id', 'company'] as const) {}

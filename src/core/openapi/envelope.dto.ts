import { ApiProperty } from '@nestjs/swagger';
import { ERROR_STATUS } from '../http/app.exception';

export class EnvelopeMetaDto {
  @ApiProperty({ format: 'date-time' })
  timestamp: string;
  @ApiProperty({ description: 'X-Request-Id of the request (echoed in the response header)' })
  request_id: string;
  @ApiProperty({ example: '/api/v1/plans' })
  path: string;
  @ApiProperty({ example: 'GET' })
  method: string;
}

export class PaginationDto {
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
  @ApiProperty({ description: 'ceil(total / limit), 0 when empty' }) pages: number;
  @ApiProperty({
    description: 'False only when a `search` matched more than 10,000 rows: `total` is then 10,000 (CONTRACT 4)',
  })
  total_exact: boolean;
}

export class FieldErrorDto {
  @ApiProperty({ example: 'email' }) field: string;
  @ApiProperty({ example: 'must be an email' }) message: string;
}

export class ErrorBodyDto {
  @ApiProperty({ enum: Object.keys(ERROR_STATUS) })
  code: string;
  @ApiProperty({ type: [FieldErrorDto], required: false, description: 'Present for validation errors' })
  details?: FieldErrorDto[];
}

export class ErrorEnvelopeDto {
  @ApiProperty({ example: false }) status: boolean;
  @ApiProperty() message: string;
  @ApiProperty({ type: 'object', additionalProperties: false, example: {} }) data: Record<string, never>;
  @ApiProperty({ type: ErrorBodyDto }) error: ErrorBodyDto;
  @ApiProperty({ type: EnvelopeMetaDto }) meta: EnvelopeMetaDto;
}

export class SuccessEnvelopeDto {
  @ApiProperty({ example: true }) status: boolean;
  @ApiProperty({ example: 'OK' }) message: string;
  @ApiProperty({ type: EnvelopeMetaDto }) meta: EnvelopeMetaDto;
}

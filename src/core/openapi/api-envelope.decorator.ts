import { applyDecorators, HttpStatus, SetMetadata, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ErrorEnvelopeDto, PaginationDto, SuccessEnvelopeDto } from './envelope.dto';

interface EnvelopeOptions {
  status?: HttpStatus;
  isArray?: boolean;
  description?: string;
}

function envelopeOf(data: SchemaObject | ReferenceObject, extraModels: Type[], options: EnvelopeOptions) {
  return applyDecorators(
    ApiExtraModels(SuccessEnvelopeDto, ErrorEnvelopeDto, PaginationDto, ...extraModels),
    ApiResponse({
      status: options.status ?? HttpStatus.OK,
      description: options.description,
      schema: {
        allOf: [
          { $ref: getSchemaPath(SuccessEnvelopeDto) },
          { type: 'object', required: ['data'], properties: { data } },
        ],
      },
    }),
  );
}

/** Documents a success answer whose `data` is `model` (or an array of it, or `{}` when omitted). */
export const ApiEnvelope = (model?: Type, options: EnvelopeOptions = {}) => {
  if (!model) return envelopeOf({ type: 'object', example: {} }, [], options);
  const ref = { $ref: getSchemaPath(model) };
  return envelopeOf(options.isArray ? { type: 'array', items: ref } : ref, [model], options);
};

/** Route metadata: the key a list's items are rendered under. */
export const LIST_KEY = 'envelope:list_key';

/**
 * Declares a list route: its answer (a `Page`) is rendered as `data: { <key>: model[], pagination }`,
 * and OpenAPI documents exactly that. The one place the key is written. `orArrayOf`: the route
 * answers an array of that model instead for some queries (the deal board), documented as the
 * other branch of a `oneOf`.
 */
export const ApiPage = (key: string, model: Type, options: { orArrayOf?: Type } = {}) => {
  const page: SchemaObject = {
    type: 'object',
    required: [key, 'pagination'],
    properties: {
      [key]: { type: 'array', items: { $ref: getSchemaPath(model) } },
      pagination: { $ref: getSchemaPath(PaginationDto) },
    },
  };
  const other = options.orArrayOf;
  return applyDecorators(
    SetMetadata(LIST_KEY, key),
    other
      ? envelopeOf({ oneOf: [page, { type: 'array', items: { $ref: getSchemaPath(other) } }] }, [model, other], {})
      : envelopeOf(page, [model], {}),
  );
};

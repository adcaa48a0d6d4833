import { HttpStatus } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../access/company-route.decorators';
import { ApiEnvelope, ApiPage } from './api-envelope.decorator';
import { ApiErrors } from './api-errors.decorator';
import { Endpoint } from './endpoint.decorator';

class Model {}

class Declared {
  @Endpoint({ permission: 'crm.clients.create', admins: 'allowed', answer: Model, status: HttpStatus.CREATED })
  create() {}

  @Endpoint({ summary: 'The list', page: ['models', Model], errors: { conflict: 'why' } })
  list() {}

  @Endpoint({ answer: [Model] })
  many() {}
}

class Stacked {
  @RequirePermission('crm.clients.create', { admins: 'allowed' })
  @ApiEnvelope(Model, { status: HttpStatus.CREATED })
  create() {}

  @ApiOperation({ summary: 'The list' })
  @ApiPage('models', Model)
  @ApiErrors({ conflict: 'why' })
  list() {}

  @ApiEnvelope(Model, { isArray: true })
  many() {}
}

const metadataOf = (handler: object) =>
  Object.fromEntries(Reflect.getMetadataKeys(handler).map((key) => [String(key), Reflect.getMetadata(key, handler)]));

describe('Endpoint()', () => {
  it.each(['create', 'list', 'many'] as const)('%s: the same metadata as the decorators it stands for', (method) => {
    const declared = metadataOf(Declared.prototype[method]);
    expect(Object.keys(declared).length).toBeGreaterThan(0);
    expect(declared).toEqual(metadataOf(Stacked.prototype[method]));
  });
});

import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PARAMTYPES_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger';
import type { CompanyAccess } from '../access/company-access';
import { REQUIRED_PERMISSION } from '../access/company-route.decorators';
import { AnalysisRoutes } from './analysis-routes';

class WindowQuery {}
class GroupedQuery {}
class Summary {}
class Group {}

/** A reader that answers what it was asked. */
class ThingsAnalysis {
  summary(companyId: string, query: WindowQuery) {
    return Promise.resolve(['summary', companyId, query]);
  }
  grouped(companyId: string, query: GroupedQuery) {
    return Promise.resolve(['grouped', companyId, query]);
  }
}

class ProbeController extends AnalysisRoutes({
  reader: ThingsAnalysis,
  name: 'ThingAnalysis',
  permission: 'crm.analysis',
  summary: { query: WindowQuery, answer: Summary, summary: 'The window' },
  grouped: { query: GroupedQuery, answer: Group, summary: 'The groups' },
}) {}

describe('AnalysisRoutes()', () => {
  const routes = ProbeController.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;

  it.each([
    ['getThingAnalysisSummary', 'summary', WindowQuery],
    ['getThingAnalysisGrouped', 'grouped', GroupedQuery],
  ])('%s: GET %s, guarded by the permission, asks the reader for the company', async (name, path, query) => {
    const handler = routes[name];
    expect(handler.name).toBe(name);
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe(path);
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.GET);
    expect(Reflect.getMetadata(REQUIRED_PERMISSION, handler)).toBe('crm.analysis');
    expect(Reflect.getMetadata(PARAMTYPES_METADATA, ProbeController.prototype, name)).toEqual([Object, query]);
    const controller = new ProbeController(new ThingsAnalysis());
    await expect(handler.call(controller, { companyId: 'c1' } as CompanyAccess, 'q')).resolves.toEqual([
      path,
      'c1',
      'q',
    ]);
  });

  it('documents the summary as one model and the groups as an array', () => {
    const schema = (name: string) =>
      JSON.stringify(Reflect.getMetadata(DECORATORS.API_RESPONSE, routes[name])['200'].schema);
    expect(schema('getThingAnalysisSummary')).not.toContain('"type":"array"');
    expect(schema('getThingAnalysisGrouped')).toContain('"type":"array"');
  });
});

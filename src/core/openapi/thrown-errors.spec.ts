import { readFileSync, writeFileSync } from 'node:fs';
import { analyseThrownErrors, THROWN_ERRORS_FILE } from './thrown-errors';

/** `{"a":…}` as committed: two-space indent, final newline. */
const serialise = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('thrown-errors.json', () => {
  const analysed = analyseThrownErrors();

  it('is what the handlers can throw (npm run openapi:write rewrites it)', () => {
    if (process.env.OPENAPI_WRITE) writeFileSync(THROWN_ERRORS_FILE, serialise(analysed));
    expect(readFileSync(THROWN_ERRORS_FILE, 'utf8')).toBe(serialise(analysed));
  });

  it('follows calls into services and helpers, with the messages as written', () => {
    // StatusesController.delete → StatusesService.delete: a literal message and conflictWhileReferenced's.
    expect(analysed['DealStatusesController.delete']?.conflict).toContain(
      'The default status cannot be deleted; make another status the default first',
    );
    // Sign-in: 401 for a wrong password is thrown in AuthService, three calls down.
    expect(analysed['AuthController.logIn']).toHaveProperty('unauthorized');
    // A read through the repository reaches the database: 503 when it is down.
    expect(analysed['ClientsController.list']).toHaveProperty('service_unavailable');
    expect(analysed['HealthController.getStatus']).toEqual({});
  });

  it("reads a RecordRoutes, AnalysisRoutes or ReportRoute route (made at run time) through the provider's method", () => {
    expect(analysed['SourcesController.deactivate']?.conflict).toContain('The system source cannot be changed');
    expect(analysed['CatalogUnitsController.activate']).toEqual(analysed['CatalogUnitsController.deactivate']);
    expect(analysed['DealTypesController.delete']).toHaveProperty('conflict');
    expect(analysed['CrmAnalysisController.getCrmAnalysisGrouped']).toHaveProperty('service_unavailable');
    expect(analysed['FinanceReportController.generate']).toHaveProperty('limit_exceeded');
  });
});

'use strict';
/**
 * Foundation suite: the two cheapest public routes, one through the database (plans) and one
 * without it (status). `npm run bench`; see bench/README.md for the settings and figures.
 */
const { runSuite } = require('./lib');

const routes = [
  { name: 'GET /api/v1/plans', path: '/api/v1/plans' },
  { name: 'GET /api/v1/status', path: '/api/v1/status' },
];

runSuite('foundation', routes).catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});

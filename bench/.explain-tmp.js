const { Client } = require('/work/w29/node_modules/pg');
const { listStatements } = require('/work/w29/dist/core/pagination/list');
require('/work/w29/dist/modules/finance/transactions/transaction-count.entity');
require('/work/w29/dist/modules/crm/clients/client-total.entity');
const { transactionList } = require('/work/w29/dist/modules/finance/transactions/transactions.repository');
const { clientList } = require('/work/w29/dist/modules/crm/clients/clients.repository');
(async () => {
  const db = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${process.argv[2]}` });
  await db.connect();
  const { rows } = await db.query(`SELECT id FROM companies WHERE name = 'Bench scale-big'`);
  const id = rows[0].id;
  const q = { search: process.argv[4], page: 1, limit: 20 };
  const spec = process.argv[3] === 'fm' ? transactionList(id, q) : clientList(id, q);
  for (const [kind, st] of Object.entries(listStatements(spec, q))) {
    const { text, values } = st.render();
    const r = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    console.log('---', kind); console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
  await db.end();
})();

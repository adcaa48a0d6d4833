const { Client } = require('/work/w29/node_modules/pg');
const { dealAnalysisStatements } = require('/work/w29/dist/modules/deals/analysis/analysis.repository');
(async () => {
  const db = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${process.argv[2]}` });
  await db.connect();
  const { rows } = await db.query(`SELECT id FROM companies WHERE name = $1`, [process.argv[3]]);
  const id = rows[0].id;
  const st = process.argv[4] === 'summary' ? dealAnalysisStatements.summary(id, {}) : dealAnalysisStatements.grouped(id, { group_by: process.argv[4] });
  const { text, values } = st.render();
  const r = await db.query(`EXPLAIN (ANALYZE) ${text}`, values);
  console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  await db.end();
})();

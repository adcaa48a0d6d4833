const { Client } = require('/work/w29/node_modules/pg');
(async () => {
  const db = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${process.argv[2]}` });
  await db.connect();
  const { rows } = await db.query(`SELECT id FROM companies WHERE name = 'Bench scale-big'`);
  const id = rows[0].id;
  const p = process.argv[3];
  const cond = `t.company_id = $1 AND (t.comment ILIKE $2
      OR t.employee_id = ANY (ARRAY(SELECT id FROM employees WHERE company_id = $1 AND (first_name || ' ' || coalesce(last_name, '')) ILIKE $2))
      OR t.category_id = ANY (ARRAY(SELECT id FROM transaction_categories WHERE company_id = $1 AND name ILIKE $2)))`;
  for (const text of [
    `SELECT t.id FROM transactions t WHERE ${cond} ORDER BY t.created_at DESC, t.id DESC LIMIT 20 OFFSET 0`,
    `SELECT count(*) FROM (SELECT 1 FROM transactions t WHERE ${cond} LIMIT 10001) m`,
  ]) {
    const r = await db.query(`EXPLAIN (ANALYZE) ${text}`, [id, p]);
    console.log('---'); console.log(r.rows.map((x) => x['QUERY PLAN']).filter((l) => /Scan|Sort|Execution|Limit|BitmapOr/.test(l)).join('\n'));
  }
  await db.end();
})();

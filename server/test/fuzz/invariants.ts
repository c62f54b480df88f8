import type { Database } from '../../src/db/client';

/**
 * What must hold in the shop's database whatever was asked of the API, each as a query returning the
 * offending rows (none when it holds). Checked after a fuzz run and after a restore.
 */
const CHECKS: { name: string; sql: string }[] = [
  {
    // catalog_count is kept by statement triggers (migration 0002) for X-Total-Count.
    name: 'catalog_count equals the listed products of each category',
    sql: `select coalesce(c.category, p.category) as category, coalesce(c.listed, 0) as counted, coalesce(p.n, 0) as real
            from catalog_count c
            full join (select category, count(*)::int as n from product where listed group by category) p on p.category = c.category
           where coalesce(c.listed, 0) <> coalesce(p.n, 0)`,
  },
  {
    name: 'no item is sold twice (one paid order per product at most)',
    sql: `select product_id, count(*)::int as paid from orders where status = 'paid' group by product_id having count(*) > 1`,
  },
  {
    name: 'no item is charged twice (succeeded payments of one product belong to one order)',
    sql: `select o.product_id, count(distinct p.order_id)::int as orders
            from payment p join orders o on o.id = p.order_id
           where p.status = 'succeeded' group by o.product_id having count(distinct p.order_id) > 1`,
  },
  {
    name: 'a product with a paid order is sold',
    sql: `select p.id, p.status from product p join orders o on o.product_id = p.id where o.status = 'paid' and p.status <> 'sold'`,
  },
  {
    name: 'every product is in a known category',
    sql: `select p.id, p.category from product p left join category c on c.name = p.category where c.name is null`,
  },
  {
    name: 'every advertisement is of an existing product',
    sql: `select a.id from advertisement a left join product p on p.id = a.product_id where p.id is null`,
  },
  {
    name: 'product.advertised agrees with its advertisement rows',
    sql: `select p.id from product p where p.advertised <> exists (select 1 from advertisement a where a.product_id = p.id)`,
  },
  {
    // Offers (issue 26): accepting one closes the others under the item's row lock.
    name: 'an item is reserved by one accepted offer at most (one unpaid offer booking per product)',
    sql: `select o.product_id, count(*)::int as accepted from offer o join orders ord on ord.id = o.order_id
           where o.status = 'accepted' and ord.status = 'unpaid' group by o.product_id having count(*) > 1`,
  },
  {
    name: 'an accepted offer booked at the agreed price (its counter, else its amount)',
    sql: `select o.id from offer o join orders ord on ord.id = o.order_id
           where o.status = 'accepted' and ord.price_cents <> coalesce(o.counter_cents, o.amount_cents)`,
  },
];

/** The broken invariants: each with a few offending rows. Empty when the database is consistent. */
export async function brokenInvariants(d: Database): Promise<{ name: string; rows: unknown[] }[]> {
  const broken: { name: string; rows: unknown[] }[] = [];
  for (const check of CHECKS) {
    const rows = await d.query(undefined, `select * from (${check.sql}) x limit 5`);
    if (rows.length) broken.push({ name: check.name, rows });
  }
  return broken;
}

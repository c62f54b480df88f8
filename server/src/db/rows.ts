/**
 * The row of a statement that always answers with exactly one: an INSERT or UPDATE … RETURNING of a
 * row known to exist, or an aggregate without GROUP BY. None means the statement is not what the
 * caller believes it is, a bug rather than bad input, so it throws instead of answering undefined.
 */
export function singleRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement answered with no row where it always answers with one.');
  return row;
}

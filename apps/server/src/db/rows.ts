// The rows of a raw statement's result (`db.execute`): both drivers answer `{ rows }`, which
// Drizzle types apart per driver, so the one reading of it lives here.
export function rowsOf<Row>(result: unknown): Row[] {
  // cast: a raw statement's rows are what its select list names; the caller states that shape.
  return (result as { rows: Row[] }).rows;
}

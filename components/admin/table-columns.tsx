/**
 * A table's column labels, written once for its header row and its cells. On a phone (below 40rem) admin.css stacks
 * each row into a card and writes every cell's `data-label` before its value, so a cell takes its label from the same
 * object the header row is drawn from (`<td data-label={COLUMNS.status}>`), and the two never drift apart.
 */
export type TableColumns = Readonly<Record<string, string>>;

/**
 * The header row of `columns`, in their order. A column named in `unlabelled` (a row's actions, say) keeps its name
 * for screen readers but shows none.
 */
export function ColumnHeaders({
  columns,
  unlabelled = [],
}: {
  columns: TableColumns;
  unlabelled?: readonly string[];
}) {
  return (
    <thead>
      <tr>
        {Object.entries(columns).map(([key, label]) => (
          <th scope="col" key={key}>
            {unlabelled.includes(key) ? <span className="admin-visually-hidden">{label}</span> : label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

import { RIGHTS, type Right } from "../../../domain/studio-rights.ts";

/**
 * What each role may do, straight from the table the server enforces (domain/studio-rights.ts);
 * docs/product.md §6 says the same.
 */
export function RightsTable() {
  return (
    <table className="studio-table studio-rights">
      <caption className="visually-hidden">What each role may do</caption>
      <thead>
        <tr>
          <th scope="col">What</th>
          <th scope="col">Owner</th>
          <th scope="col">Staff</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(RIGHTS) as Right[]).map((right) => (
          <tr key={right}>
            <th scope="row">{RIGHTS[right].label}</th>
            <td data-label="Owner">Yes</td>
            <td data-label="Staff">{RIGHTS[right].staff ? "Yes" : "No"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { Link } from "react-router";
import { may } from "../../../domain/studio-rights.ts";
import { useStudio } from "./use-studio.ts";

/**
 * "Delete" under its heading, for those who may delete: a link to the page that asks first
 * (routes/studio/delete.tsx), so nothing goes on one tap, with or without the page's scripts.
 */
export function DeleteLink({ to, label }: { to: string; label: string }) {
  const { staff } = useStudio();
  if (!may(staff.role, "catalog.delete")) return null;
  return (
    <section aria-labelledby="delete">
      <h2 id="delete">Delete</h2>
      <p>
        <Link className="btn btn--ghost btn--danger" to={to}>
          {label}
        </Link>
      </p>
    </section>
  );
}

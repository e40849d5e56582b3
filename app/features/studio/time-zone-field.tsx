import { Field } from "../../components/form-field.tsx";

/** The studio's time zone, chosen from the zones the server knows (domain/studio-identity.ts). */
export function TimeZoneField({
  id,
  zones,
  value,
  error,
}: {
  id: string;
  zones: readonly string[];
  value: string;
  error?: string;
}) {
  return (
    <Field
      id={id}
      name="timeZone"
      label="Time zone"
      hint="Ship windows, mails and reports count days in it."
      error={error}
    >
      {(c) => (
        <select {...c} className="field__control" defaultValue={value}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, " ")}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

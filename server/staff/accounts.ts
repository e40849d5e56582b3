/**
 * Staff accounts: the first owner is added from the command line (`npm run staff -- add`,
 * scripts/staff.ts); everyone else is invited from /studio/staff and chooses their own password
 * (people.ts). There is no default account and no way in without one.
 */
import { asc, eq, sql } from "drizzle-orm";
import { EMAIL } from "../../domain/email.ts";
import type { Db } from "../db/client.ts";
import { staffAccounts, staffSessions } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";

export type Role = "owner" | "staff";
export const ROLES: readonly Role[] = ["owner", "staff"];

export type StaffAccount = {
  id: number;
  email: string;
  name: string;
  role: Role;
  totpEnabled: boolean;
  totpRequired: boolean;
  disabled: boolean;
  /** Invited, and no password chosen yet (docs/product.md, "People"). */
  invited: boolean;
  createdAt: Date;
};

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkEmail(email: string): string {
  const e = normaliseEmail(email);
  if (!EMAIL.test(e) || e.length > 254) throw badRequest("email", "Please enter a valid email address.");
  return e;
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest("password", `Password ${problem}.`);
}

type Row = typeof staffAccounts.$inferSelect;

export function toAccount(row: Row): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === "owner" ? "owner" : "staff",
    totpEnabled: row.totpSecret !== null,
    totpRequired: row.totpRequired,
    disabled: row.disabled,
    invited: row.passwordHash === "",
    createdAt: row.createdAt,
  };
}

export async function addStaff(
  db: Db,
  input: { email: string; password: string; role: Role; name?: string },
): Promise<StaffAccount> {
  const email = checkEmail(input.email);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(staffAccounts)
    .values({ email, name: (input.name ?? "").trim().slice(0, 100), role: input.role, passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badRequest("email", `There is already an account for ${email}.`);
  return toAccount(row);
}

/** Sets a new password and ends every session of the account (whoever knew the old one is out). */
export async function resetPassword(db: Db, email: string, password: string): Promise<StaffAccount> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(staffAccounts.email, normaliseEmail(email)))
      .returning();
    if (!row) throw badRequest("email", `No account for ${normaliseEmail(email)}.`);
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, row.id));
    return toAccount(row);
  });
}

export async function findAccountByEmail(db: Db, email: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, normaliseEmail(email)));
  return row;
}

export async function getAccount(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row;
}

export async function listAccounts(db: Db): Promise<StaffAccount[]> {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.email));
  return rows.map(toAccount);
}

/**
 * Changes what an owner may change of another account. The last owner who can sign in cannot
 * be made staff or disabled, so the shop is never left without one.
 */
export async function updateAccount(
  db: Db,
  id: number,
  change: { role?: Role; disabled?: boolean; totpRequired?: boolean },
): Promise<{ before: StaffAccount; after: StaffAccount }> {
  return db.transaction(async (tx) => {
    // Owners are counted under a lock, so two owners demoting each other at once cannot both win.
    await tx.execute(sql`select id from staff_accounts where role = 'owner' for update`);
    const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    if (!row) throw badRequest("id", "No such account.");
    const losesOwner =
      row.role === "owner" &&
      !row.disabled &&
      row.passwordHash !== "" &&
      (change.role === "staff" || change.disabled === true);
    if (losesOwner) {
      const [{ owners } = { owners: 0 }] = await tx
        .select({ owners: sql<number>`count(*)::int` })
        .from(staffAccounts)
        // An invitation not taken up yet is no owner who can sign in.
        .where(sql`role = 'owner' and not disabled and password_hash <> ''`);
      if (owners <= 1) throw badRequest("role", "The shop needs at least one owner who can sign in.");
    }
    const [after] = await tx
      .update(staffAccounts)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(staffAccounts.id, id))
      .returning();
    if (change.disabled) await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    return { before: toAccount(row), after: toAccount(after!) };
  });
}

export async function setTotpSecret(db: Db, id: number, secret: string | null): Promise<void> {
  await db.update(staffAccounts).set({ totpSecret: secret, updatedAt: new Date() }).where(eq(staffAccounts.id, id));
}

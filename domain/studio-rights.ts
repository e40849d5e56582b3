/**
 * What each role of the back office may do: the one table the server enforces on every
 * back-office loader and action (app/features/studio/guard.server.ts) and the Staff page shows.
 * docs/product.md §6 says the same in words. An owner may do everything.
 */
export type Role = "owner" | "staff";

export const RIGHTS = {
  "today.view": { label: "See Today: what to ship, open enquiries, low stock", staff: true },
  "today.takings": { label: "See the takings of the week and the month", staff: false },
  "orders.view": { label: "See orders, their packing slips and the orders CSV", staff: true },
  "orders.step": { label: "Move an order on (in production, ready, shipped with tracking)", staff: true },
  "orders.photos": { label: "Post build photos to an order", staff: true },
  "orders.links": { label: "Revoke an order's links and mail the buyer a new one", staff: true },
  "orders.create": {
    label: "Write an order sold on the phone or in the showroom, and cancel it unpaid",
    staff: true,
  },
  "orders.payment": { label: "Record a payment taken in person: cash, check, card terminal", staff: true },
  "orders.note": { label: "Add internal notes to an order", staff: true },
  "orders.charge": { label: "Add a charge to an order", staff: false },
  "orders.refund": { label: "Give money back: refunds and voids", staff: false },
  "enquiries.view": { label: "Read enquiries and their photos", staff: true },
  "enquiries.answer": { label: "Reply to enquiries, add notes, mark them closed or spam", staff: true },
  "quotes.write": { label: "Write and withdraw quotes", staff: false },
  "catalog.edit": { label: "Add, edit and archive pieces, slabs and bases, their photos and stock", staff: true },
  "catalog.delete": { label: "Delete catalog items and remove the demo content", staff: false },
  "divergence.edit": { label: "Edit the Divergence table: prices, sizes, species, pictures", staff: false },
  "content.edit": {
    label: "Edit the content: announcement, studio details, deposit, sales tax, lists, story",
    staff: false,
  },
  "newsletter.view": { label: "See subscribers, download their CSV, take someone off", staff: false },
  "audit.view": { label: "Read the audit log", staff: false },
  "staff.manage": { label: "Invite people, change roles, end their sessions", staff: false },
  "account.own": { label: "Their own password, second step and sessions", staff: true },
} as const satisfies Record<string, { label: string; staff: boolean }>;

export type Right = keyof typeof RIGHTS;

export function may(role: Role, right: Right): boolean {
  return role === "owner" || RIGHTS[right].staff;
}

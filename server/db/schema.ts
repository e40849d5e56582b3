/**
 * The database's tables, one file per aggregate under schema/ (the studio and its content, the
 * catalog, enquiries and quotes, orders and their money, staff, and what the running shop keeps
 * for itself). Everything is imported from here; drizzle-kit reads this file to write migrations.
 */
export * from "./schema/catalog.ts";
export type { ImageRef, VideoRef } from "./schema/columns.ts";
export * from "./schema/enquiries.ts";
export * from "./schema/orders.ts";
export * from "./schema/staff.ts";
export * from "./schema/studio.ts";
export * from "./schema/system.ts";

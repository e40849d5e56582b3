/**
 * The new-order form of an order the studio writes (docs/product.md, "Orders the studio
 * writes"): what the catalog offers it, and what it posts read. Catalog items are priced exactly
 * as the checkout prices them (server/checkout/pricing.ts) and refused when hidden, not for sale
 * or short of stock; custom lines carry the studio's description and price; the buyer and the
 * delivery are checked, a US delivery's state with them since its sales tax depends on it. The
 * first problem is refused naming its field as the form posts it.
 */
import { randomBytes } from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import { EMAIL } from "../../domain/email.ts";
import { AMOUNT } from "../../domain/format.ts";
import { type CatalogChoice, isDelivery, MANUAL_LIMITS } from "../../domain/manual-order.ts";
import { parseDollars, toCents, toDollars } from "../../domain/money.ts";
import { fullName } from "../../domain/product-names.ts";
import { stateCode } from "../../domain/tax.ts";
import { type PricedLine, priceCart } from "../checkout/pricing.ts";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";

/** A form's key: what the page renders (newFormKey), posted back; a repeat makes nothing new. */
export const FORM_KEY = /^[A-Za-z0-9_-]{16,100}$/;
export const newFormKey = () => randomBytes(18).toString("base64url");

/** What the catalog offers the new-order form: every piece, size, slab and base for sale, by name. */
export async function catalogChoices(db: Db): Promise<CatalogChoice[]> {
  const rows = await db
    .select({
      id: products.id,
      parentId: products.parentId,
      title: products.title,
      type: products.type,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
      status: products.status,
      visibility: products.visibility,
    })
    .from(products)
    .orderBy(asc(products.type), asc(products.title), asc(products.id));
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  return rows
    .filter((r) => r.type !== "Divergence" && r.status === "Active" && r.visibility !== "Hidden")
    .map((r) => ({
      id: r.id,
      type: r.type,
      name: fullName({ id: r.id, title: r.title, productId: r.parentId }, (id) => titles.get(id)),
      price: r.salePrice ?? r.price,
      stock: r.stock,
    }))
    .sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name));
}

/** One row of the form as posted: a catalog item, or a custom line's description and price. */
export type PostedLine = { item: string; quantity: string; description: string; price: string };

/** The new-order form as posted (every value a trimmed string). */
export type ManualOrderForm = {
  key: string;
  name: string;
  email: string;
  phone: string;
  delivery: string;
  address: string;
  city: string;
  region: string;
  postal: string;
  country: string;
  shipping: string;
  lines: PostedLine[];
  /** 'link': mail the buyer a link to pay; 'here': a payment taken in person, now. */
  pay: string;
  method: string;
  amount: string;
  reference: string;
};

/** An amount typed by the studio, exactly (domain/format.ts AMOUNT): null when it is not one. */
export function amountOf(text: string): number | null {
  if (!AMOUNT.test(text)) return null;
  const cents = parseDollars(text);
  return cents === null ? null : toDollars(cents);
}

/** A quantity: a whole number from 1 to the limit, else a refusal naming the field. */
function quantityOf(text: string, field: string, n: number): number {
  const q = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(Number.isInteger(q) && q >= 1 && q <= MANUAL_LIMITS.quantity))
    throw badRequest(field, `Line ${n}: the quantity is a whole number from 1 to ${MANUAL_LIMITS.quantity}.`);
  return q;
}

/** A custom line: the studio's description and price (dollars as typed), made to order (a deposit may be paid on it). */
function customLine(description: string, price: number, quantity: number): PricedLine {
  return {
    kind: "custom",
    itemId: 0,
    title: description,
    unitPrice: toCents(price),
    quantity,
    total: toCents(price) * quantity,
    customShipping: true,
    madeToOrder: true,
    stockRef: null,
    details: {},
    picture: null,
    shipWindows: { inStock: null, built: null },
    parcels: [],
  };
}

/** The lines of the form priced: catalog items by the checkout's prices, custom lines as typed. Rows left empty are passed over. */
export async function pricedLines(db: Db, posted: PostedLine[]): Promise<PricedLine[]> {
  if (posted.length > MANUAL_LIMITS.lines)
    throw badRequest("lines", `An order has at most ${MANUAL_LIMITS.lines} lines.`);
  const rows = posted
    .map((l, i) => ({ ...l, i, n: i + 1 }))
    .filter((l) => l.item || l.description || l.price || (l.quantity && l.quantity !== "1"));
  if (rows.length === 0) throw badRequest("item-0", "Add a line: a piece from the catalog, or a custom line.");
  const ids = rows.filter((l) => l.item).map((l) => Number(l.item));
  const found = ids.some((id) => !(Number.isInteger(id) && id > 0 && id <= 2_147_483_647))
    ? []
    : await db
        .select({
          id: products.id,
          title: products.title,
          type: products.type,
          status: products.status,
          visibility: products.visibility,
          stock: products.stock,
        })
        .from(products)
        .where(inArray(products.id, ids.length > 0 ? ids : [0]));
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  for (const l of rows) {
    const quantity = quantityOf(l.quantity || "1", `quantity-${l.i}`, l.n);
    if (l.item) {
      const p = byId.get(Number(l.item));
      if (!p || p.type === "Divergence" || p.visibility === "Hidden" || p.status !== "Active")
        throw badRequest(`item-${l.i}`, `Line ${l.n}: that item is not for sale in the catalog. Choose another.`);
      if (p.stock < quantity)
        throw badRequest(
          `item-${l.i}`,
          p.stock <= 0
            ? `Line ${l.n}: ${p.title} is sold out.`
            : `Line ${l.n}: only ${p.stock} of ${p.title} ${p.stock === 1 ? "is" : "are"} left.`,
        );
      const [priced] = (await priceCart(db, [{ id: p.id, quantity, type: p.type, title: p.title }])).lines;
      lines.push({ ...priced!, details: { ...priced!.details, madeToOrder: priced!.madeToOrder } });
      continue;
    }
    if (!l.description || l.description.length > MANUAL_LIMITS.descriptionLength)
      throw badRequest(
        `description-${l.i}`,
        `Line ${l.n}: describe the piece (at most ${MANUAL_LIMITS.descriptionLength} characters), or choose one from the catalog.`,
      );
    const price = amountOf(l.price);
    if (price === null || price <= 0)
      throw badRequest(`price-${l.i}`, `Line ${l.n}: enter the price of one, such as 1250 or 1250.00.`);
    lines.push({ ...customLine(l.description, price, quantity), details: { madeToOrder: true } });
  }
  return lines;
}

/** The buyer and the delivery, checked; the first problem is a refusal naming its field. */
export function buyerOf(f: ManualOrderForm) {
  if (!f.name || f.name.length > 200) throw badRequest("name", "Enter the buyer's name.");
  if (!EMAIL.test(f.email) || f.email.length > 200)
    throw badRequest("email", "Enter the buyer's e-mail address: their confirmation and order page go there.");
  if (f.phone.length > 40 || (f.phone && !/^[0-9+()./ -]{7,40}$/.test(f.phone)))
    throw badRequest("phone", "Enter a phone number such as (215) 555-0134, or leave it empty.");
  if (!isDelivery(f.delivery)) throw badRequest("delivery", "Choose how the pieces reach the buyer.");
  const needsAddress = f.delivery !== "collect";
  const address = {
    address: f.address.slice(0, 200),
    city: f.city.slice(0, 100),
    region: f.region.slice(0, 100),
    postal: f.postal.slice(0, 20),
    country: (f.country || "US").toUpperCase().slice(0, 2),
  };
  if (needsAddress) {
    if (!address.address) throw badRequest("address", "Enter the street address it goes to.");
    if (!address.city) throw badRequest("city", "Enter the city.");
    if (!address.postal) throw badRequest("postal", "Enter the postal code.");
  }
  if (!/^[A-Z]{2}$/.test(address.country))
    throw badRequest("country", "Enter the country's two-letter code, such as US.");
  // In the US the state decides the sales tax: it must be one.
  if (needsAddress && address.country === "US" && !stateCode(address.region))
    throw badRequest("region", "Enter the state, such as PA or Pennsylvania: its sales tax depends on it.");
  const shipping = f.shipping === "" ? 0 : amountOf(f.shipping);
  if (shipping === null)
    throw badRequest("shipping", "Enter the delivery charge such as 150 or 150.00, or leave it empty for none.");
  return { name: f.name, email: f.email, phone: f.phone, delivery: f.delivery, address, shipping };
}

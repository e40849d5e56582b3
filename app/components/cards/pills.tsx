/** Pills with the spec's precedence: 'Sale' when on sale, 'Sale Pending', else the tag ('new in' reads 'New'). */
export function Pills({ salePrice, visibility, tag }: { salePrice: number | null; visibility: string; tag?: string }) {
  const onSale = salePrice !== null;
  const tagText = !onSale && tag && tag !== "none" ? (tag === "new in" ? "New" : tag) : null;
  if (!onSale && visibility !== "Sale Pending" && !tagText) return null;
  return (
    <div className="pills">
      {onSale && <span className="pill">Sale</span>}
      {visibility === "Sale Pending" && <span className="pill">Sale Pending</span>}
      {tagText && <span className="pill">{tagText}</span>}
    </div>
  );
}

/** An order's delivery address as its lines (the order page and the packing slip); a part left empty is left out. */
export function AddressLines({ address: a }: { address: Record<string, string> }) {
  const town = [[a.city, a.region].filter(Boolean).join(", "), a.postal].filter(Boolean).join(" ");
  const lines = [a.address, town, a.country].filter((l) => l?.trim());
  // An order collected at the studio has no address: only a country, which says nothing alone.
  if (!a.address && !town) return null;
  return (
    <>
      {lines.map((l, i) => (
        <span key={l}>
          {i > 0 && <br />}
          {l}
        </span>
      ))}
    </>
  );
}

/** An order's delivery address as its lines (the order page and the packing slip). */
export function AddressLines({ address: a }: { address: Record<string, string> }) {
  return (
    <>
      {a.address}
      <br />
      {a.city}, {a.region} {a.postal}
      <br />
      {a.country}
    </>
  );
}

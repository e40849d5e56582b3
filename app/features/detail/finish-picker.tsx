import { useState } from "react";
import type { Finish } from "../../../domain/catalog-types.ts";
import { Dialog } from "../../components/dialog.tsx";
import { imageUrl } from "../../lib/images.ts";

const swatch = (f: Finish, size: number) =>
  imageUrl("finishes", f.imageFileName, { width: size, height: size, quality: 85 });

/** Base finish options as 50px swatches, and a 'Preview finishes' modal with larger ones (docs/product.md §2). */
export function FinishPicker({
  finishes,
  value,
  onChange,
}: {
  finishes: Finish[];
  value: string | null;
  onChange: (name: string) => void;
}) {
  const [preview, setPreview] = useState(false);
  if (finishes.length === 0) return null;
  return (
    <fieldset className="detail__option finishes">
      <legend className="label">Finish{value ? `: ${value}` : ""}</legend>
      <div className="finishes__row">
        <ul className="swatches">
          {finishes.map((f) => (
            <li key={f.id}>
              <label className="swatch" data-tip={f.name}>
                <input
                  type="radio"
                  name="finish"
                  value={f.name}
                  checked={value === f.name}
                  onChange={() => onChange(f.name)}
                />
                <img
                  src={swatch(f, 50)}
                  srcSet={`${swatch(f, 100)} 2x`}
                  alt={f.name}
                  width={50}
                  height={50}
                  loading="lazy"
                />
              </label>
            </li>
          ))}
        </ul>
        <button type="button" className="link-button" onClick={() => setPreview(true)}>
          Preview finishes
        </button>
      </div>
      <Dialog open={preview} onClose={() => setPreview(false)} title="Base finishes" className="finishes__dialog">
        <ul className="finishes__grid">
          {finishes.map((f) => (
            <li key={f.id}>
              <img
                src={swatch(f, 200)}
                srcSet={`${swatch(f, 400)} 2x`}
                alt=""
                width={200}
                height={200}
                loading="lazy"
              />
              <span>{f.name}</span>
            </li>
          ))}
        </ul>
      </Dialog>
    </fieldset>
  );
}

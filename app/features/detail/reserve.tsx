import { useState } from "react";
import { Link } from "react-router";
import type { Finish } from "../../../domain/catalog-types.ts";
import { contactHref, hasFinishOptions } from "../../../domain/detail.ts";
import { BuyBar } from "./buy-bar.tsx";
import { FinishPicker } from "./finish-picker.tsx";

/** Slabs and bases are reserved through the contact form, or a similar one requested once sale is pending. */
export function Reserve({
  kind,
  id,
  title,
  visibility,
  material,
  finishes = [],
}: {
  kind: "slab" | "base";
  id: number;
  title: string;
  visibility: string;
  material?: string;
  finishes?: Finish[];
}) {
  const [finish, setFinish] = useState<string | null>(null);
  const pending = visibility === "Sale Pending";
  const showFinishes = kind === "base" && material !== undefined && hasFinishOptions(material);
  return (
    <>
      {showFinishes && <FinishPicker finishes={finishes} value={finish} onChange={setFinish} />}
      <BuyBar>
        <div className="detail__buy">
          <Link
            className="btn detail__primary"
            to={contactHref({ item: title, itemId: id, kind, finish: showFinishes ? finish : null })}
          >
            {pending ? "Request Similar" : "Reserve this table or base"}
          </Link>
        </div>
      </BuyBar>
    </>
  );
}

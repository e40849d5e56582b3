import { Link } from "react-router";
import { type NewOrderAnswer, newOrderAction, newOrderLoader } from "../../features/studio/manual-order.server.ts";
import { ManualOrderForm } from "../../features/studio/manual-order-form.tsx";
import { saleTaxSettings } from "../../features/studio/sale-tax.server.ts";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/order-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await newOrderLoader(request, context);
  return { ...page, tax: await saleTaxSettings(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return newOrderAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "New order — Studio" }];

/** An order sold on the phone or in the showroom (docs/product.md, "Orders the studio writes"). */
export default function StudioNewOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  return (
    <>
      <p>
        <Link to="/studio/orders">← Orders</Link>
      </p>
      <h1>New order</h1>
      <p className="studio-muted">A sale on the phone or in the showroom: the buyer gets their order's page by mail.</p>
      <ManualOrderForm
        csrf={csrf}
        catalog={loaderData.catalog}
        formKey={loaderData.formKey}
        rows={loaderData.rows}
        tax={loaderData.tax}
        answer={actionData as NewOrderAnswer | undefined}
      />
    </>
  );
}

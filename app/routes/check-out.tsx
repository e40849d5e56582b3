import { CheckoutView } from "../features/checkout/checkout-view.tsx";
import { paymentsInTestMode } from "../features/checkout/test-mode.server.ts";
import { pageMeta } from "../features/content/meta.ts";
import { freshCartData } from "../features/shopping/fresh-data.server.ts";
import type { Route } from "./+types/check-out";

export const loader = async ({ context }: Route.LoaderArgs) => ({
  fresh: await freshCartData(context),
  testMode: paymentsInTestMode(context),
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Checkout", "Shipping and card payment for the pieces in your cart."),
  { name: "robots", content: "noindex" },
];

export default function CheckOut({ loaderData }: Route.ComponentProps) {
  return <CheckoutView fresh={loaderData.fresh} testMode={loaderData.testMode} />;
}

import { useCallback, useEffect, useRef, useState } from "react";
import { type CheckoutFields, RATE_MESSAGES } from "../../../domain/checkout.ts";
import {
  formFieldFor,
  type QuotedRate,
  type RatesRequest,
  type SpecializedItem,
} from "../../../domain/checkout-order.ts";
import { requestRates } from "./checkout-api.ts";

export type Quote = { rates: QuotedRate[]; specialized: SpecializedItem[]; chosen: string | null };

type State =
  | { status: "idle" }
  | { status: "loading"; key: string }
  | { status: "failed"; key: string; message: string }
  | { status: "ready"; key: string; quote: Quote };

export type QuoteView =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "ready"; quote: Quote; rate: QuotedRate | null };

const UNREACHABLE = RATE_MESSAGES.unreachable;

/**
 * Shipping rates for one address and cart (`key`, from quoteKey): calculated on demand, the
 * first rate chosen. When the address or the cart changes the rates are dropped and must be
 * calculated again; an answer that arrives for an older key is thrown away.
 */
export function useShippingQuote(key: string) {
  const [state, setState] = useState<State>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    setState((s) => (s.status !== "idle" && s.key !== key ? { status: "idle" } : s));
    if (controller.current) {
      controller.current.abort();
      controller.current = null;
    }
  }, [key]);
  useEffect(() => () => controller.current?.abort(), []);

  /** Asks for rates; a field problem the API names (400) is handed back for the form to show. */
  const calculate = useCallback(
    async (body: RatesRequest): Promise<{ field: keyof CheckoutFields; message: string } | null> => {
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      setState({ status: "loading", key });
      let answer: Awaited<ReturnType<typeof requestRates>>;
      try {
        answer = await requestRates(body, ac.signal);
      } catch {
        return null; // Aborted: the address or cart changed meanwhile.
      }
      if (ac.signal.aborted) return null;
      controller.current = null;
      if (answer.kind === "rates") {
        const quote: Quote = {
          rates: answer.rates,
          specialized: answer.specialized,
          chosen: answer.rates[0]?.object_id ?? null,
        };
        setState({ status: "ready", key, quote });
        return null;
      }
      const field = answer.kind === "refused" ? formFieldFor(answer.refusal.field) : null;
      if (answer.kind === "refused" && field) {
        setState({ status: "idle" });
        return { field, message: answer.refusal.message };
      }
      setState({
        status: "failed",
        key,
        message: answer.kind === "refused" && answer.refusal.status < 500 ? answer.refusal.message : UNREACHABLE,
      });
      return null;
    },
    [key],
  );

  const choose = useCallback((objectId: string) => {
    setState((s) => (s.status === "ready" ? { ...s, quote: { ...s.quote, chosen: objectId } } : s));
  }, []);

  const clear = useCallback(() => setState({ status: "idle" }), []);

  // What applies now: anything kept for another address or cart counts as nothing.
  let view: QuoteView;
  if (state.status === "idle" || state.key !== key) view = { status: "idle" };
  else if (state.status === "ready")
    view = {
      status: "ready",
      quote: state.quote,
      rate: state.quote.rates.find((r) => r.object_id === state.quote.chosen) ?? null,
    };
  else if (state.status === "failed") view = { status: "failed", message: state.message };
  else view = { status: "loading" };

  return { view, calculate, choose, clear };
}

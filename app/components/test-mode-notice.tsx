import "./test-mode-notice.css";

/**
 * Said beside every pay button while the built-in sandbox gateway stands in for CardPointe
 * (docs/product.md, "Say what runs"): the page's loader says whether it does.
 */
export function TestModeNotice({ className = "" }: { className?: string }) {
  return (
    <p className={`test-mode-notice ${className}`.trim()} role="note">
      <strong>Test mode: no card is charged.</strong> This shop is not taking real payments yet; a test card such as
      4111 1111 1111 1111 places an order.
    </p>
  );
}

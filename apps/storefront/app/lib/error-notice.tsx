import { AlertNotice } from '@cartwright/ui-components';

/** WooCommerce's error notice: one `<li>` per message, announced as an alert. */
export function ErrorNotice({
  messages,
  id,
  occurrence,
}: {
  messages: readonly string[];
  id?: string;
  /** This showing of the errors (e.g. the action's answer): a new one is focused again. */
  occurrence?: unknown;
}) {
  if (messages.length === 0) return null;
  return (
    <AlertNotice className="notice-error" id={id} occurrence={occurrence}>
      <ul className="woocommerce-error">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </AlertNotice>
  );
}

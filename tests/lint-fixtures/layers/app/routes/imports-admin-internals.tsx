// A route that reaches the owner's commerce around its handler: the elevated client and the order calls directly.
import { buildElevatedClient } from "~/.server/admin/elevated-client.server";
import { capturePayment } from "~/.server/admin/order-actions.server";

export const capture = (id: string, paymentId: string) => capturePayment(buildElevatedClient(), id, paymentId);

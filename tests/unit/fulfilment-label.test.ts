import { describe, expect, it } from "vitest";
import { fulfilmentStatusLabel } from "../../app/models/order-life";

describe("where an order's goods stand, in one phrase", () => {
  it("calls a parcel order by Wix's fulfilment status", () => {
    expect(fulfilmentStatusLabel(false, "NOT_FULFILLED")).toBe("Non expédiée");
    expect(fulfilmentStatusLabel(false, "PARTIALLY_FULFILLED")).toBe("Partiellement expédiée");
    expect(fulfilmentStatusLabel(false, "FULFILLED")).toBe("Expédiée");
  });

  it("never calls a pickup made ready 'Expédiée': Wix marks it FULFILLED before the customer came", () => {
    expect(fulfilmentStatusLabel(true, "NOT_FULFILLED")).toBe("À préparer pour le retrait");
    expect(fulfilmentStatusLabel(true, "FULFILLED", [{ status: "Ready", completed: null }])).toBe("Prête à retirer");
    expect(fulfilmentStatusLabel(true, "FULFILLED")).toBe("Prête à retirer");
  });

  it("calls a pickup collected once every fulfilment says so", () => {
    expect(fulfilmentStatusLabel(true, "FULFILLED", [{ status: "Fulfilled" }])).toBe("Retirée");
    expect(fulfilmentStatusLabel(true, "FULFILLED", [{ status: "Ready", completed: true }])).toBe("Retirée");
    expect(fulfilmentStatusLabel(true, "PARTIALLY_FULFILLED", [{ status: "Ready" }])).toBe("Partiellement prête à retirer");
  });
});

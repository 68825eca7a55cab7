// Cart V2 on a Catalog V3 site through the real SDK: references carry the variant id ("eCommerce Integration with
// Wix Stores Catalog V3"), the stock is the variant's, and the hosted checkout places the order with that reference.
import { describe, expect, it } from "vitest";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { readOnlyVariantsV3 } from "@wix/stores";
import { cartV2, currentCartV2, orders } from "@wix/ecom";
import { clientId, isWix, payOnHostedPage, rejection, seedProduct, STORES_APP_ID, usePlatform } from "./harness";

const ctx = usePlatform({ catalogVersion: "V3_CATALOG" });

const buyer = () => createClient({ modules: { readOnlyVariantsV3, currentCartV2, cartV2, orders }, auth: OAuthStrategy({ clientId }) });
type Buyer = ReturnType<typeof buyer>;

async function variantOf(client: Buyer, slug: string, choice?: [string, string]) {
  const productId = seedProduct(slug).id;
  const { items } = await client.readOnlyVariantsV3.queryVariants().eq("productData.productId", productId).limit(100).find();
  const variant = choice
    ? items.find((v) =>
        v.optionChoices?.some((c) => c.optionChoiceNames?.optionName === choice[0] && c.optionChoiceNames?.choiceName === choice[1]),
      )
    : items[0];
  return { productId, variantId: variant!.variantId! };
}

const ref = (productId: string, variantId: string) => ({ appId: STORES_APP_ID, catalogItemId: productId, options: { variantId } });
const code = (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code;

describe.skipIf(isWix)("Cart V2 on a Catalog V3 site", () => {
  it("adds by variant id (a product without options has its one variant), refuses V1 choices, counts the variant's stock", async () => {
    const client = buyer();
    const shirt = await variantOf(client, "t-shirt-devops", ["Taille", "M"]);
    const book = await variantOf(client, "livre-typescript");
    const { cart } = await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [
        { catalogReference: ref(shirt.productId, shirt.variantId), quantity: 2 },
        { catalogReference: ref(book.productId, book.variantId), quantity: 1 },
      ],
    });
    expect(cart!.lineItems!.map((l) => l.source?.catalogReference?.options)).toEqual([
      { variantId: shirt.variantId },
      { variantId: book.variantId },
    ]);
    expect(cart!.lineItems![0]!.attributes?.descriptionLines?.[0]?.plainText?.original).toBe("M");
    const byChoices = await rejection(() =>
      client.currentCartV2.addLineItemsToCurrentCart({
        catalogItems: [
          {
            catalogReference: { appId: STORES_APP_ID, catalogItemId: shirt.productId, options: { options: { Taille: "M" } } },
            quantity: 1,
          },
        ],
      }),
    );
    expect(code(byChoices)).toBe("ITEM_NOT_FOUND_IN_CATALOG");
    const tooMany = await rejection(() =>
      client.currentCartV2.addLineItemsToCurrentCart({
        catalogItems: [{ catalogReference: ref(shirt.productId, shirt.variantId), quantity: 11 }],
      }),
    );
    expect(code(tooMany)).toBe("INSUFFICIENT_INVENTORY");
    expect(tooMany.details?.applicationError?.data).toMatchObject({ invalidItems: [{ requestedQuantity: 13, availableQuantity: 12 }] });
  });

  it("the hosted checkout of a V3 cart places the order with the variant's reference", async () => {
    const client = buyer();
    const shirt = await variantOf(client, "t-shirt-devops", ["Taille", "L"]);
    await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [{ catalogReference: ref(shirt.productId, shirt.variantId), quantity: 1 }],
    });
    await client.currentCartV2.updateCurrentCart({
      customerInfo: { firstName: "Camille", lastName: "Martin", email: "acheteur@exemple.fr" },
      deliveryInfo: { address: { addressLine1: "12 rue des Lilas", city: "Lyon", postalCode: "69003", country: "FR" } },
    });
    const { cart } = await client.currentCartV2.setDeliveryMethodForCurrentCart({ code: "standard" });
    const { checkoutUrl } = await client.cartV2.getCheckoutUrl(cart!._id!);
    const paid = await payOnHostedPage(ctx.platform, checkoutUrl!);
    const order = await client.orders.getOrder(new URL(paid.location!).searchParams.get("orderId")!);
    expect(order.lineItems![0]!.catalogReference).toEqual(ref(shirt.productId, shirt.variantId));
    expect(order.paymentStatus).toBe("PAID");
  });
});

// The order e-mails, the signed follow link, digital files on paid orders, and a guest's
// orders joining the member account of the same (proven) e-mail.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Platform } from "../../platform/index";
import { APP_ORIGIN, Browser, checkoutToPaymentPage, isWix, makeClient, payOnHostedPage, usePlatform, type Client } from "./harness";

const OWNER_EMAIL = "proprietaire@exemple.fr";

function mailsTo(platform: Platform, email: string) {
  return platform.outbox().filter((m) => m.to === email);
}

async function guestBuys(platform: Platform, email: string, items: Array<{ slug: string; quantity: number }>) {
  const client = makeClient();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  const { paymentUrl } = await checkoutToPaymentPage(client, items, { email });
  const paid = await payOnHostedPage(platform, paymentUrl);
  expect(paid.status).toBe(303);
  const orderId = new URL(paid.location!).searchParams.get("orderId")!;
  return { client, orderId };
}

/** The platform's pages are on the app origin; the Browser sends the request to the platform directly. */
const get = (platform: Platform, url: string) => new Browser(platform).get(url);

afterEach(() => {
  vi.useRealTimers();
});

describe.skipIf(isWix)("order e-mails, follow link and downloads", () => {
  const handle = usePlatform({ ownerEmail: OWNER_EMAIL, shopName: "Julien Moreau" });

  it("a paid order sends the buyer's confirmation and the owner's notice, with lines, totals, addresses and links", async () => {
    const email = "claire.roux@exemple.fr";
    const { client, orderId } = await guestBuys(handle.platform, email, [
      { slug: "formation-git", quantity: 1 },
      { slug: "livre-typescript", quantity: 2 },
    ]);
    const order = await client.orders.getOrder(orderId);
    const [confirmation, ...others] = mailsTo(handle.platform, email);
    expect(others).toEqual([]);
    expect(confirmation!.kind).toBe("order-confirmation");
    expect(confirmation!.subject).toBe(`Confirmation de votre commande n° ${order.number}`);
    expect(confirmation!.text).toContain("Formation Git");
    expect(confirmation!.text).toContain("- TypeScript au quotidien × 2 : 78,00");
    expect(confirmation!.text).toContain(`Total : ${order.priceSummary!.total!.formattedAmount}`);
    expect(confirmation!.text).toContain("Adresse de livraison : ");
    expect(confirmation!.text).toContain("Adresse de facturation : ");
    expect(confirmation!.text).toContain("Julien Moreau");
    // Open sign-up proves no address, so the e-mail promises nothing about "Mes commandes".
    expect(confirmation!.text).not.toContain("Mes commandes");
    const follow = confirmation!.links.find((l) => l.label === "Suivre ma commande")!;
    expect(follow.url.startsWith(`${APP_ORIGIN}/_platform/commande?jeton=`)).toBe(true);
    expect(confirmation!.links.map((l) => l.label)).toContain("Télécharger : Formation Git pour les équipes");

    const [notice] = mailsTo(handle.platform, OWNER_EMAIL);
    expect(notice!.kind).toBe("order-notice");
    expect(notice!.subject).toBe(`Nouvelle commande n° ${order.number} (${order.priceSummary!.total!.formattedAmount})`);
    expect(notice!.text).toContain(email);
    expect(notice!.text).toContain("Formation Git");
  });

  it("the follow link shows the order read-only without a session; a tampered or expired link is refused in French", async () => {
    const email = "guest.suivi@exemple.fr";
    const { orderId } = await guestBuys(handle.platform, email, [{ slug: "formation-docker", quantity: 1 }]);
    const url = mailsTo(handle.platform, email)[0]!.links[0]!.url;
    const shown = await get(handle.platform, url);
    expect(shown.res.status).toBe(200);
    expect(shown.html).toContain("Commande n° ");
    expect(shown.html).toContain("Formation Docker");
    expect(shown.html).toContain("Télécharger le fichier");
    expect(shown.html).not.toContain("<form");

    const token = new URL(url).searchParams.get("jeton")!;
    const [payload, sig] = token.split(".");
    const flipped = `${payload}.${sig!.slice(0, -2)}${sig!.endsWith("AA") ? "BB" : "AA"}`;
    const tampered = await get(handle.platform, `${APP_ORIGIN}/_platform/commande?jeton=${encodeURIComponent(flipped)}`);
    expect(tampered.res.status).toBe(403);
    expect(tampered.html).toContain("Ce lien de suivi n&#39;est pas valide");
    // Only the exact signature opens the page: the last base64url character carries 2 unused bits, so 3 other
    // spellings decode to the same bytes; each of them is a changed link all the same.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(sig!.at(-1)!);
    for (let low = 0; low < 4; low++) {
      const twin = alphabet[(last & ~3) | low]!;
      if (twin === sig!.at(-1)) continue;
      const respelled = `${payload}.${sig!.slice(0, -1)}${twin}`;
      expect((await get(handle.platform, `${APP_ORIGIN}/_platform/commande?jeton=${encodeURIComponent(respelled)}`)).res.status).toBe(403);
    }
    // Another order's id in a payload signed for this one is a forgery too.
    const forged = Buffer.from(JSON.stringify({ p: "follow", o: `${orderId}x`, e: 9_999_999_999 })).toString("base64url");
    expect((await get(handle.platform, `${APP_ORIGIN}/_platform/commande?jeton=${forged}.${sig}`)).res.status).toBe(403);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 91 * 24 * 3600 * 1000);
    const expired = await get(handle.platform, url);
    expect(expired.res.status).toBe(410);
    expect(expired.html).toContain("Ce lien de suivi a expiré");
  });

  it("a paid digital line carries Wix's digitalFile; its link serves the file to the buyer, a physical line has none", async () => {
    const { client, orderId } = await guestBuys(handle.platform, "lecteur@exemple.fr", [
      { slug: "formation-react-router", quantity: 1 },
      { slug: "mug-it-works", quantity: 1 },
    ]);
    const order = await client.orders.getOrder(orderId);
    const training = order.lineItems!.find((l) => l.productName?.original?.startsWith("Formation"))!;
    const mug = order.lineItems!.find((l) => l.itemType?.preset === "PHYSICAL")!;
    expect(mug.digitalFile).toBeUndefined();
    expect(training.digitalFile?.fileId).toBeTruthy();
    expect(training.digitalFile?.expirationDate).toBeInstanceOf(Date);
    expect(training.digitalFile!.expirationDate!.getTime()).toBeGreaterThan(Date.now());
    const link = training.digitalFile!.link!;
    expect(link.startsWith(`${APP_ORIGIN}/_platform/telechargement?jeton=`)).toBe(true);
    const file = await new Browser(handle.platform).request(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="support-formation-react-router.pdf"');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // A follow token is not a download token, and a changed link is refused.
    const follow = mailsTo(handle.platform, "lecteur@exemple.fr")[0]!.links[0]!.url;
    const wrongPurpose = `${APP_ORIGIN}/_platform/telechargement?jeton=${new URL(follow).searchParams.get("jeton")}`;
    expect((await new Browser(handle.platform).request(wrongPurpose)).status).toBe(403);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 8 * 24 * 3600 * 1000);
    expect((await new Browser(handle.platform).request(link)).status).toBe(410);
  });

  it("another buyer cannot read the order through the API", async () => {
    const { orderId } = await guestBuys(handle.platform, "premier@exemple.fr", [{ slug: "formation-git", quantity: 1 }]);
    const other: Client = makeClient();
    other.auth.setTokens(await other.auth.generateVisitorTokens());
    await expect(other.orders.getOrder(orderId)).rejects.toThrow();
  });
});

describe.skipIf(isWix)("a guest's orders under the member account of the same e-mail", () => {
  const handle = usePlatform({ signupPolicy: "verify-email" });

  it("after the sign-up code proves the address, the guest order is the member's", async () => {
    const email = "invitee@exemple.fr";
    const { orderId } = await guestBuys(handle.platform, email, [{ slug: "formation-git", quantity: 1 }]);
    expect(handle.platform.outbox().find((m) => m.to === email && m.kind === "order-confirmation")!.text).toContain(
      "une fois l'adresse confirmée, la commande apparaîtra aussi dans « Mes commandes »",
    );
    const client = makeClient();
    const registered = (await client.auth.register({ email, password: "motdepasse-invitee" })) as { loginState: string };
    expect(registered.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    const code = handle.platform.outbox().find((m) => m.to === email && m.kind === "verification-code")!.data.code!;
    const ok = (await client.auth.processVerification({ verificationCode: code })) as {
      loginState: string;
      data: { sessionToken: string };
    };
    expect(ok.loginState).toBe("SUCCESS");
    await memberTokens(handle.platform, client, ok.data.sessionToken);
    const { member } = await client.members.getCurrentMember();
    const result = await client.orders.searchOrders({
      filter: { "buyerInfo.memberId": { $eq: member!._id } },
      cursorPaging: { limit: 100 },
    } as Parameters<Client["orders"]["searchOrders"]>[0]);
    expect(result.orders!.map((o) => o._id)).toEqual([orderId]);
  });
});

/** Member tokens for a session token (the authorize redirect with prompt=none, as the app's login does). */
async function memberTokens(platform: Platform, client: Client, sessionToken: string) {
  const oauthData = client.auth.generateOAuthData(`${APP_ORIGIN}/callback`, `${APP_ORIGIN}/`);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, { sessionToken, prompt: "none", responseMode: "query" } as never);
  const back = new URL((await new Browser(platform).request(authUrl)).headers.get("location")!);
  const { code, state } = client.auth.parseFromUrl(back.toString(), "query");
  client.auth.setTokens(await client.auth.getMemberTokens(code!, state!, oauthData));
}

describe.skipIf(isWix)("open sign-up: registering someone's address proves nothing", () => {
  const handle = usePlatform();

  it("a sign-up with a guest's e-mail, without the code sent there, opens no account: no way to the guest's orders", async () => {
    const email = "pas.moi@exemple.fr";
    await guestBuys(handle.platform, email, [{ slug: "formation-git", quantity: 1 }]);
    const client = makeClient();
    const registered = (await client.auth.register({ email, password: "motdepasse-pasmoi" })) as { loginState: string };
    expect(registered.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    const login = (await client.auth.login({ email, password: "motdepasse-pasmoi" })) as { loginState: string; errorCode?: string };
    expect(login).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
  });
});

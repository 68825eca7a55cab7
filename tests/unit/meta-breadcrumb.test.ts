import { describe, expect, it } from "vitest";
import { pageMeta, siteMetaFor } from "~/lib/meta";
import { crumbsFrom } from "~/lib/breadcrumb";
import type { UIMatch } from "react-router";

const site = {
  origin: "https://shop.example",
  ownerName: "Ada Lovelace",
  title: "Conseil",
  description: "Informaticienne",
  imageUrl: "https://shop.example/card.png",
  portrait: { src: "/p.webp", width: 192, height: 192 },
  portraitUrl: "https://shop.example/p.webp",
  profilePicture: { src: "/p.webp", width: 56, height: 56 },
};

describe("page meta", () => {
  it("has title, description, robots, social image and a canonical URL without query", () => {
    const tags = pageMeta(siteMetaFor(site, "/products"));
    expect(tags).toContainEqual({ title: "Conseil | Ada Lovelace" });
    expect(tags).toContainEqual({ name: "description", content: "Informaticienne" });
    expect(tags).toContainEqual({ name: "robots", content: "index, follow" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.example/card.png" });
    expect(tags).toContainEqual({ name: "twitter:image", content: "https://shop.example/card.png" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.example/products" });
  });

  it("lets a page override its title and description", () => {
    const tags = pageMeta(siteMetaFor(site, "/cart"), { title: "Panier", description: "Votre panier" });
    expect(tags).toContainEqual({ title: "Panier | Ada Lovelace" });
    expect(tags).toContainEqual({ property: "og:description", content: "Votre panier" });
  });
});

describe("breadcrumb", () => {
  const match = (id: string, handle: unknown): UIMatch<unknown, unknown> =>
    ({ id, pathname: "/", params: {}, data: undefined, loaderData: undefined, handle }) as UIMatch<unknown, unknown>;

  it("collects crumbs from route handles in order, skipping routes without one", () => {
    const crumbs = crumbsFrom([
      match("root", { breadcrumb: () => ({ label: "Accueil", to: "/" }) }),
      match("layout", undefined),
      match("products", { breadcrumb: () => ({ label: "Boutique", to: "/products" }) }),
    ]);
    expect(crumbs).toEqual([
      { label: "Accueil", to: "/" },
      { label: "Boutique", to: "/products" },
    ]);
  });
});

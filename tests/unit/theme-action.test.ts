import { describe, expect, it } from "vitest";
import { action } from "~/routes/preferences.theme";

function post(fields: Record<string, string>) {
  const request = new Request("http://localhost/preferences/theme", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
}

describe("theme preference action", () => {
  it("stores the theme and returns to the page the visitor was on with a notification", async () => {
    const response = await post({ theme: "dark", returnTo: "/products?page=2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products?page=2");
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("theme="))).toBeDefined();
    expect(cookies.find((c) => c.startsWith("__toast="))).toBeDefined();
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "%2F%2Fevil.example"])(
    "never redirects off-site (%s)",
    async (returnTo) => {
      const response = await post({ theme: "light", returnTo });
      const location = response.headers.get("Location")!;
      expect(location.startsWith("/")).toBe(true);
      expect(location.startsWith("//")).toBe(false);
      expect(new URL(location, "http://localhost").host).toBe("localhost");
    },
  );

  it("refuses an unknown theme without setting it", async () => {
    const response = await post({ theme: "purple", returnTo: "/" });
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("theme="))).toBe(false);
    expect(cookies.some((c) => c.startsWith("__toast="))).toBe(true);
  });
});

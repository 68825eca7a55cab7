// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NavigationProgress } from "~/components/NavigationProgress";

/** A real router whose "/slow" loader resolves when the test says so. */
function setup() {
  let release: () => void = () => {};
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <NavigationProgress />
            <Link to="/slow">lent</Link>
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>accueil</p> },
          { path: "slow", loader: () => new Promise<null>((resolve) => (release = () => resolve(null))), element: <p>page lente</p> },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  const bar = () => screen.getByRole("progressbar", { hidden: true });
  return { router, bar, release: () => release() };
}

describe("navigation progress bar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is loading as soon as navigation starts, drawn after 150 ms, then finished, then idle", async () => {
    const { router, bar, release } = setup();
    expect(bar()).toHaveAttribute("data-state", "idle");
    await act(async () => void router.navigate("/slow"));
    // The state at once; the bar not painted yet (anti-flicker).
    expect(bar()).toHaveAttribute("data-state", "loading");
    expect(bar()).not.toHaveAttribute("data-drawn");
    await act(async () => void vi.advanceTimersByTime(200));
    expect(bar()).toHaveAttribute("data-state", "loading");
    expect(bar()).toHaveAttribute("data-drawn", "true");
    expect(bar()).toHaveAttribute("aria-hidden", "false");
    await act(async () => release());
    await act(async () => void vi.advanceTimersByTime(0));
    expect(screen.getByText("page lente")).toBeInTheDocument();
    expect(bar()).toHaveAttribute("data-state", "finished");
    expect(bar()).toHaveAttribute("data-drawn", "true");
    await act(async () => void vi.advanceTimersByTime(500));
    expect(bar()).toHaveAttribute("data-state", "idle");
    expect(bar()).not.toHaveAttribute("data-drawn");
  });

  it("a navigation within 150 ms goes through loading and finished without ever painting the bar", async () => {
    const { router, bar, release } = setup();
    const seen: string[] = [];
    const observer = new MutationObserver(() =>
      seen.push(`${bar().getAttribute("data-state")}${bar().hasAttribute("data-drawn") ? "+drawn" : ""}`),
    );
    observer.observe(bar(), { attributes: true });
    await act(async () => void router.navigate("/slow"));
    await act(async () => void vi.advanceTimersByTime(100));
    await act(async () => release());
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(screen.getByText("page lente")).toBeInTheDocument();
    expect([...new Set(seen)]).toEqual(["loading", "finished", "idle"]);
    expect(bar()).toHaveAttribute("data-state", "idle");
  });
});

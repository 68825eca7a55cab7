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

  it("shows loading on a slow navigation, then finished, then hides", async () => {
    const { router, bar, release } = setup();
    expect(bar()).toHaveAttribute("data-state", "idle");
    await act(async () => void router.navigate("/slow"));
    await act(async () => void vi.advanceTimersByTime(200));
    expect(bar()).toHaveAttribute("data-state", "loading");
    expect(bar()).toHaveAttribute("aria-hidden", "false");
    await act(async () => release());
    await act(async () => void vi.advanceTimersByTime(0));
    expect(screen.getByText("page lente")).toBeInTheDocument();
    expect(bar()).toHaveAttribute("data-state", "finished");
    await act(async () => void vi.advanceTimersByTime(500));
    expect(bar()).toHaveAttribute("data-state", "idle");
  });

  it("shows nothing for a navigation that finishes within 150 ms", async () => {
    const { router, bar, release } = setup();
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(bar().getAttribute("data-state")!));
    observer.observe(bar(), { attributes: true });
    await act(async () => void router.navigate("/slow"));
    await act(async () => void vi.advanceTimersByTime(100));
    await act(async () => release());
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(screen.getByText("page lente")).toBeInTheDocument();
    expect(seen).not.toContain("loading");
    expect(bar()).toHaveAttribute("data-state", "idle");
  });
});

import { Outlet, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** Store pages: a small banner says when orders go to the embedded demo platform. */
export default function StoreLayout() {
  const demo = useRouteLoaderData<typeof rootLoader>("root")?.demoPlatform;
  return (
    <>
      {demo ? (
        <p className="demo-banner" role="note">
          Boutique de démonstration : plateforme intégrée, paiements fictifs (carte 4242 4242 4242 4242).
        </p>
      ) : null}
      <Outlet />
    </>
  );
}

import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { ownerMiddleware } from "~/.server/admin/owner.server";
import adminStyles from "~/styles/admin.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

// The back-office's frame: its own navigation, one link per section.
export const handle = { breadcrumb: () => ({ label: "Administration", to: "/admin" }) };

// The owner check, once for every loader and action under /admin (app/.server/admin/owner.server.ts).
export const middleware: Route.MiddlewareFunction[] = [ownerMiddleware];

const SECTIONS = [
  { to: "/admin", label: "Tableau de bord", end: true },
  { to: "/admin/orders", label: "Commandes", end: false },
  { to: "/admin/products", label: "Produits", end: false },
  { to: "/admin/coupons", label: "Codes promo", end: false },
  { to: "/admin/paiement", label: "Paiement", end: false },
  { to: "/admin/members", label: "Membres", end: false },
  { to: "/admin/contact", label: "Demandes de contact", end: false },
  { to: "/admin/devis", label: "Devis", end: false },
];

export default function AdminLayout() {
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Administration">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
